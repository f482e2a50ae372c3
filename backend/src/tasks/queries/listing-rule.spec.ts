import fc from 'fast-check';
import { startTestDomain, TestContext } from '../../../test/test-app';
import { listed } from '../task-listing-change';
import { LISTED, OPEN, OPEN_SLOT, predicateOf, sqlOf } from './listing-rule';
import { OPEN_TASK, PUBLIC_TASK } from './listing-sql';

/**
 * The listing rule in its two forms must answer alike: the SQL the listing's statements filter on
 * (PUBLIC_TASK, OPEN_TASK) and the JavaScript the tasks projection and the list's cache decide with
 * (`listed()` of task-listing-change.ts, and the rule's predicate with a clock). Checked on generated rows
 * stored in columns of the very types of `tasks`, on PostgreSQL, near every edge the rule has.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);
const STATUSES = ['awaiting_funding', 'funded', 'anomaly', 'refunded'] as const;
const INT4_MAX = 2 ** 31 - 1;

/** A counter near the rule's edges: 0, 1, the domain's bound (100) and its neighbours, 2^k - 1 and 2^k. */
const counter = (max: number) =>
  fc.oneof(
    fc.constantFrom(0, 1, 2, 99, 100, 101, 2 ** 15 - 1, 2 ** 15, 2 ** 29 - 1, 2 ** 29).filter((n) => n <= max),
    fc.integer({ min: 0, max: 5 }),
    fc.integer({ min: 0, max }),
  );

/**
 * A deadline: milliseconds from the database's now() (ms apart either way, where only the clock's precision
 * decides), or a fixed date (year 1970 to 9999).
 */
const deadline = fc.oneof(
  fc.record({ fromNowMs: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -86_400_000 * 400, max: 86_400_000 * 400 })) }),
  fc.record({ at: fc.constantFrom('1970-01-01T00:00:00.000Z', '2000-02-29T12:00:00.000Z', '9999-12-31T23:59:59.999Z') }),
);

/** Slots: free counters, or a max right at pending + approved (the edge of the rule) or one either side. */
const slots = fc.oneof(
  fc.record({ completions: counter(2 ** 30 - 1), pending_submissions: counter(2 ** 30 - 1), max_completions: fc.oneof(counter(INT4_MAX), fc.constant(INT4_MAX)) }),
  fc
    .record({ completions: counter(2 ** 30 - 1), pending_submissions: counter(2 ** 30 - 1), delta: fc.integer({ min: -1, max: 1 }) })
    .map(({ completions, pending_submissions, delta }) => ({ completions, pending_submissions, max_completions: Math.max(0, completions + pending_submissions + delta) })),
);

// int4 columns; the sum the rule takes stays within int4 (the domain caps both at 100).
const row = fc
  .record({ funding_status: fc.constantFrom(...STATUSES), is_active: fc.boolean(), slots, deadline })
  .map(({ slots: s, ...r }) => ({ ...r, ...s }));

describe('the listing rule: its SQL and its JavaScript agree (real PostgreSQL)', () => {
  let ctx: TestContext;
  const isOpen = predicateOf(OPEN);
  const isListed = predicateOf(LISTED);

  beforeAll(async () => {
    ctx = await startTestDomain();
    // The rule's columns with the types `tasks` gives them.
    await ctx.dataSource.query(
      `CREATE TABLE listing_rule_probe AS
         SELECT 0 AS n, funding_status, is_active, completions, pending_submissions, max_completions, deadline FROM tasks WITH NO DATA`,
    );
  });
  afterAll(() => ctx.close());

  it('on generated rows, listed and open are the same in SQL and in JavaScript (as PostgreSQL types them and as the fold writes them)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 40 }), async (rows) => {
        const runner = ctx.dataSource.createQueryRunner();
        await runner.connect();
        try {
          // One transaction: now() is the same instant for every row and for the verdicts.
          await runner.startTransaction();
          await runner.query(`DELETE FROM listing_rule_probe`);
          await runner.query(
            `INSERT INTO listing_rule_probe
             SELECT n, s, a, c, p, m, coalesce(at, now() + ms * interval '1 millisecond')
               FROM unnest($1::int[], $2::text[], $3::boolean[], $4::int[], $5::int[], $6::int[], $7::timestamptz[], $8::bigint[])
                    AS x(n, s, a, c, p, m, at, ms)`,
            [
              rows.map((_, i) => i),
              rows.map((r) => r.funding_status),
              rows.map((r) => r.is_active),
              rows.map((r) => r.completions),
              rows.map((r) => r.pending_submissions),
              rows.map((r) => r.max_completions),
              rows.map((r) => ('at' in r.deadline ? r.deadline.at : null)),
              rows.map((r) => ('fromNowMs' in r.deadline ? r.deadline.fromNowMs : null)),
            ],
          );
          const stored: Array<Record<string, unknown> & { n: number; sql_listed: boolean; sql_open: boolean; sql_slot: boolean; now: Date }> = await runner.query(
            `SELECT t.*, (${PUBLIC_TASK}) AS sql_listed, (${PUBLIC_TASK} AND ${OPEN_TASK}) AS sql_open, (${sqlOf(OPEN_SLOT)}) AS sql_slot, now() AS now
               FROM listing_rule_probe t ORDER BY n`,
          );
          await runner.commitTransaction();
          for (const r of stored) {
            const { sql_listed, sql_open, sql_slot, now, ...typed } = r;
            // Deadlines within a millisecond of now() are not generated (whole ms from now()), so ms precision decides alike.
            const nowMs = now.getTime();
            const folded = JSON.parse(JSON.stringify(typed)) as Record<string, unknown>;
            for (const form of [typed, folded]) {
              expect({ row: form, listed: listed(form) !== null }).toEqual({ row: form, listed: sql_listed });
              expect({ row: form, listed: isListed(form) }).toEqual({ row: form, listed: sql_listed });
              expect({ row: form, open: isListed(form) && isOpen(form, nowMs) }).toEqual({ row: form, open: sql_open });
              // `listed().open` is the rule without its clock part (the projection counts slots, the clock is SQL's).
              if (sql_listed) expect({ row: form, slot: listed(form)!.open }).toEqual({ row: form, slot: sql_slot });
            }
          }
        } finally {
          if (runner.isTransactionActive) await runner.rollbackTransaction();
          await runner.release();
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('produces the SQL the partial indexes of `tasks` were written against', () => {
    expect(PUBLIC_TASK).toBe(`t.funding_status = 'funded' AND t.is_active`);
    expect(OPEN_TASK).toBe(`t.completions + t.pending_submissions < t.max_completions AND t.deadline > now()`);
  });
});
