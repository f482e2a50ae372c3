/**
 * Property tests (fast-check): random sequences of fund / fundWithPermit / release / releaseBatch /
 * refund / approve / time jumps by random actors, run against the real contract AND a reference model.
 *
 * Actors: creator A (honest), creator B (dishonest: funds other creators' task ids with other terms,
 * re-funds their exact terms from her own wallet, tries to release and to refund escrows that are not
 * hers), the releaser (the platform's payout key) and a stranger (funds, squats ids, releases, refunds).
 * Anyone may fund; a fund action can copy the terms of an escrow already funded (same funder → the
 * EscrowAlreadyFunded path; another funder → a second escrow for the same task id and terms).
 *
 * Every step: the contract must succeed exactly when the model says so (or revert with the custom
 * error the model predicts), and afterwards (one eth_call through InvariantProbe):
 *  - escrow token balance == Σ remaining over all keys (model) == Σ on-chain `remaining`;
 *  - every escrow on chain equals the model (funder, reward, max, paidCount ≤ max, deadline, refunded),
 *    so a refunded escrow has remaining 0 and never pays again (a release on it must revert);
 *  - every holder's balance equals the model's: money leaves the escrow only to the requested
 *    recipient, exactly `reward` per payout, or to the funder as a refund;
 *  - paid flags per (key, submission id) equal the model's: no double pay;
 *  - isolation: every key other than the one the step acted on reads EXACTLY as before the step
 *    (escrow fields and every probed paid flag), whatever the step did.
 *
 * PROPERTY_RUNS sequences of 10..20 steps (default 800, which is what CI runs; coverage runs 50),
 * PROPERTY_SEED to replay a failure. Chain state is restored with evm_snapshot / evm_revert.
 */
import { expect } from "chai";
import fc from "fast-check";
import { ethers, network } from "hardhat";
import { Interface, Wallet } from "ethers";
import {
  CentToken__factory,
  InvariantProbe__factory,
  TaskEscrow__factory,
  type CentToken,
  type InvariantProbe,
  type TaskEscrow,
} from "../typechain-types";
import { DEV_ACCOUNTS } from "../src/dev-accounts";
import { escrowKeyOf, revertTo, signPermit, snapshot } from "./helpers";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 800);
const SEED = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined;
const REVIEW_WINDOW = 100;
const GAS = "0x" + (3_000_000).toString(16);
const MAXU = ethers.MaxUint256;
const UNIT = 10n ** 15n;
const INITIAL = 10n ** 30n;

// Actors 0..3 = creatorA, creatorB (dishonest), releaser, stranger. Recipients index into `holders` (6 = zero address).
const RELEASER = 2;
const ZERO_HOLDER = 6;
/** A key nobody funds: probed every step to show that nothing ever writes it. */
const NEVER_FUNDED = ethers.id("never funded");

type Action =
  | { kind: "fund"; actor: number; taskId: number; reward: number; max: number; dl: number; copy: number }
  | {
      kind: "fundWithPermit";
      actor: number;
      taskId: number;
      reward: number;
      max: number;
      dl: number;
      copy: number;
      validSig: boolean;
    }
  | { kind: "release"; actor: number; pick: number; sub: number; to: number }
  | { kind: "releaseBatch"; actor: number; pick: number; subs: number[]; tos: number[] }
  | { kind: "refund"; actor: number; pick: number }
  | { kind: "approve"; actor: number }
  | { kind: "warp"; seconds: number };

const actor = fc.integer({ min: 0, max: 3 });
/** Actor value meaning "whoever funded the chosen escrow" (resolved against the model at run time). */
const FUNDER = 9;
// Releases are mostly attempted by the releaser, often by the funder (a dishonest creator) or anyone.
const releaseActor = fc.oneof(
  { arbitrary: fc.constant(RELEASER), weight: 4 },
  { arbitrary: fc.constant(FUNDER), weight: 1 },
  { arbitrary: actor, weight: 1 },
);
const refundActor = fc.oneof({ arbitrary: fc.constant(FUNDER), weight: 3 }, { arbitrary: actor, weight: 1 });
/** 0..18: pick among the escrows funded so far (when there are any); 19: a key that was never funded. */
const pick = fc.nat(19);
/** 0..1: copy the terms of an already funded escrow (when there is one); 2..9: use the generated terms. */
const copy = fc.nat(9);
const taskId = fc.integer({ min: 0, max: 3 });
// Mostly a few small ids (so ids repeat within and across escrows), sometimes across bitmap words.
const sub = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 3 }), weight: 4 },
  { arbitrary: fc.integer({ min: 254, max: 258 }), weight: 1 },
  { arbitrary: fc.integer({ min: 0, max: 520 }), weight: 1 },
);
const to = fc.oneof({ arbitrary: fc.integer({ min: 0, max: 5 }), weight: 15 }, { arbitrary: fc.constant(ZERO_HOLDER), weight: 1 });
const reward = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 1000 }), weight: 12 }, { arbitrary: fc.constant(0), weight: 1 });
const max = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 5 }), weight: 12 }, { arbitrary: fc.constant(0), weight: 1 });
const dl = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 200 }), weight: 12 }, { arbitrary: fc.integer({ min: -5, max: 0 }), weight: 1 });

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("fund" as const), actor, taskId, reward, max, dl, copy }), weight: 4 },
  {
    arbitrary: fc.record({
      kind: fc.constant("fundWithPermit" as const),
      actor,
      taskId,
      reward,
      max,
      dl,
      copy,
      validSig: fc.boolean(),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant("release" as const), actor: releaseActor, pick, sub, to }), weight: 5 },
  {
    arbitrary: fc
      .record({
        actor: releaseActor,
        pick,
        subs: fc.oneof(
          { arbitrary: fc.constant<number[]>([]), weight: 1 },
          { arbitrary: fc.array(sub, { minLength: 1, maxLength: 5 }), weight: 8 },
        ),
        tos: fc.array(to, { maxLength: 5 }),
        mismatch: fc.nat(9),
      })
      .map(({ actor, pick, subs, tos, mismatch }) => ({
        kind: "releaseBatch" as const,
        actor,
        pick,
        subs,
        // mostly equal lengths, sometimes a length mismatch
        tos: mismatch === 0 ? tos : subs.map((_, i) => tos[i] ?? i % 6),
      })),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant("refund" as const), actor: refundActor, pick }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("approve" as const), actor }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("warp" as const), seconds: fc.integer({ min: 1, max: 400 }) }), weight: 4 },
);

interface MEscrow {
  funder: number;
  taskId: number;
  reward: bigint;
  max: number;
  paid: number;
  deadline: number;
  refunded: boolean;
  paidIds: Set<number>;
}

class Model {
  time: number;
  /** Funded escrows by key, in funding order. */
  escrows = new Map<string, MEscrow>();
  balances: bigint[];
  allowance: bigint[] = [MAXU, MAXU, MAXU, MAXU];
  nonces: bigint[] = [0n, 0n, 0n, 0n];
  constructor(t0: number, nHolders: number) {
    this.time = t0;
    this.balances = Array.from({ length: nHolders }, (_, i) => (i < 4 ? INITIAL : 0n));
  }
  remaining(e: MEscrow): bigint {
    return e.refunded ? 0n : e.reward * BigInt(e.max - e.paid);
  }
  totalRemaining(): bigint {
    let s = 0n;
    for (const e of this.escrows.values()) s += this.remaining(e);
    return s;
  }
}

interface ChainEscrow {
  funder: string;
  reward: bigint;
  maxCompletions: bigint;
  paidCount: bigint;
  deadline: bigint;
  refunded: boolean;
  remaining: bigint;
}

/** What the probe saw for one key: its fields and its paid flags, as one comparable string. */
type KeyState = Map<string, string>;

const outcomes = new Map<string, number>();

describe("TaskEscrow properties (fast-check)", function () {
  let token: CentToken;
  let escrow: TaskEscrow;
  let probe: InvariantProbe;
  let probeAddr: string;
  let escrowAddr: string;
  let tokenAddr: string;
  let holders: string[]; // 0..3 actors, 4..5 workers, 6 = zero address (never probed)
  let wallets: Wallet[];
  let base: string;
  let t0: number;
  const iface = new Interface([...TaskEscrow__factory.abi, ...CentToken__factory.abi].filter((f) => f.type === "error"));

  before(async () => {
    const signers = await ethers.getSigners();
    const [admin, a, b, releaser, stranger, w1, w2] = signers;
    token = await new CentToken__factory(admin).deploy();
    tokenAddr = await token.getAddress();
    escrow = await new TaskEscrow__factory(admin).deploy(tokenAddr, REVIEW_WINDOW, admin.address);
    escrowAddr = await escrow.getAddress();
    probe = await new InvariantProbe__factory(admin).deploy();
    probeAddr = await probe.getAddress();
    await escrow.grantRole(await escrow.RELEASER_ROLE(), releaser.address);
    const actors = [a, b, releaser, stranger];
    for (const s of actors) {
      await token.mint(s.address, INITIAL);
      await token.connect(s).approve(escrowAddr, MAXU);
    }
    holders = [...actors.map((s) => s.address), w1.address, w2.address, ethers.ZeroAddress];
    // Hardhat's default accounts are the publicly known dev accounts: sign permits locally.
    wallets = [1, 2, 3, 4].map((i, k) => {
      const w = new Wallet(DEV_ACCOUNTS[i].privateKey);
      expect(w.address).to.equal(holders[k]);
      return w;
    });
    await network.provider.send("evm_mine", []);
    t0 = (await ethers.provider.getBlock("latest"))!.timestamp;
    base = await snapshot();
  });

  /** Sends one tx at model time `m.time + 1`; returns null on success or the custom error's name. */
  async function send(m: Model, from: number, to: string, data: string): Promise<string | null> {
    m.time += 1;
    await network.provider.send("evm_setNextBlockTimestamp", [m.time]);
    try {
      await network.provider.request({
        method: "eth_sendTransaction",
        params: [{ from: holders[from], to, data, gas: GAS }],
      });
      return null;
    } catch (e) {
      const raw = (e as { data?: unknown }).data;
      if (typeof raw !== "string") throw e;
      const parsed = iface.parseError(raw);
      if (!parsed) throw new Error(`unparsed revert data ${raw}: ${(e as Error).message}`);
      return parsed.name;
    }
  }

  /** The permit of actor `a` for the escrow, signed with the model's nonce (the one the token must hold). */
  function permitSig(m: Model, a: number, value: bigint, deadline: number) {
    return signPermit(token, wallets[a], escrowAddr, value, deadline, m.nonces[a]);
  }

  /** The key a release / refund acts on: one of the funded escrows, or a key nobody funded. */
  function pickKey(m: Model, p: number, salt: number): string {
    const keys = [...m.escrows.keys()];
    return p < 19 && keys.length ? keys[(p + salt) % keys.length] : NEVER_FUNDED;
  }

  function resolveActor(m: Model, a: number, key: string): number {
    return a === FUNDER ? (m.escrows.get(key)?.funder ?? 3) : a;
  }

  /** Release checks in the contract's order (modifiers first). */
  function canRelease(m: Model, a: number, key: string): string | null {
    if (a !== RELEASER) return "AccessControlUnauthorizedAccount";
    const e = m.escrows.get(key);
    if (!e) return "EscrowNotFunded";
    if (m.time + 1 > e.deadline + REVIEW_WINDOW) return "ReleaseWindowClosed";
    return null;
  }

  /** Applies one action to chain and model, asserting they agree; returns the key it acted on. */
  async function step(m: Model, act: Action): Promise<string | null> {
    let expected: string | null = null;
    let actual: string | null = null;
    let apply = (): void => {};
    let key: string | null = null;
    let kind: string = act.kind;

    switch (act.kind) {
      case "warp":
        m.time += act.seconds;
        return null;
      case "approve": {
        const data = token.interface.encodeFunctionData("approve", [escrowAddr, MAXU]);
        expect(await send(m, act.actor, tokenAddr, data)).to.equal(null);
        m.allowance[act.actor] = MAXU;
        return null;
      }
      case "fund":
      case "fundWithPermit": {
        const funded = [...m.escrows.values()];
        const copied = act.copy < 2 && funded.length ? funded[(act.copy + act.taskId) % funded.length] : undefined;
        const r = copied ? copied.reward : BigInt(act.reward) * UNIT;
        const mx = copied ? copied.max : act.max;
        const deadline = copied ? copied.deadline : m.time + 1 + act.dl;
        const tid = copied ? copied.taskId : act.taskId;
        const amount = r * BigInt(mx);
        key = escrowKeyOf(holders[act.actor], tid, r, mx, deadline);
        const permit = act.kind === "fundWithPermit";
        const valid = permit && act.validSig;
        let allowance = m.allowance[act.actor];
        if (permit && !valid && allowance < amount) expected = "PermitFailed";
        else if (r === 0n) expected = "ZeroReward";
        else if (mx === 0) expected = "ZeroMaxCompletions";
        else if (deadline <= m.time + 1) expected = "DeadlineNotInFuture";
        else if (m.escrows.has(key)) expected = "EscrowAlreadyFunded";
        else {
          if (valid) allowance = amount;
          if (allowance < amount) expected = "ERC20InsufficientAllowance";
        }
        let data: string;
        if (permit) {
          const pd = m.time + 1000;
          const sig = await permitSig(m, act.actor, valid ? amount : amount + 1n, pd);
          data = escrow.interface.encodeFunctionData("fundWithPermit", [tid, r, mx, deadline, pd, sig.v, sig.r, sig.s]);
        } else {
          data = escrow.interface.encodeFunctionData("fund", [tid, r, mx, deadline]);
        }
        const k = key;
        apply = () => {
          m.escrows.set(k, {
            funder: act.actor,
            taskId: tid,
            reward: r,
            max: mx,
            paid: 0,
            deadline,
            refunded: false,
            paidIds: new Set(),
          });
          m.balances[act.actor] -= amount;
          m.allowance[act.actor] = allowance === MAXU ? MAXU : allowance - amount;
          if (valid) m.nonces[act.actor] += 1n;
        };
        if (copied) kind += copied.funder === act.actor ? "(same funder, same terms)" : "(other funder, same terms)";
        actual = await send(m, act.actor, escrowAddr, data);
        break;
      }
      case "release": {
        key = pickKey(m, act.pick, act.sub);
        const a = resolveActor(m, act.actor, key);
        expected = canRelease(m, a, key);
        const e = m.escrows.get(key);
        if (!expected && act.to === ZERO_HOLDER) expected = "ZeroRecipient";
        else if (!expected && e!.paid >= e!.max) expected = "MaxCompletionsExceeded";
        else if (!expected && e!.paidIds.has(act.sub)) expected = "SubmissionAlreadyPaid";
        apply = () => {
          e!.paid += 1;
          e!.paidIds.add(act.sub);
          m.balances[act.to] += e!.reward;
        };
        const data = escrow.interface.encodeFunctionData("release", [key, act.sub, holders[act.to]]);
        actual = await send(m, a, escrowAddr, data);
        break;
      }
      case "releaseBatch": {
        key = pickKey(m, act.pick, act.subs[0] ?? 0);
        const a = resolveActor(m, act.actor, key);
        const n = act.subs.length;
        if (a !== RELEASER) expected = "AccessControlUnauthorizedAccount";
        else if (n === 0) expected = "EmptyBatch";
        else if (n !== act.tos.length) expected = "LengthMismatch";
        else expected = canRelease(m, a, key);
        const e = m.escrows.get(key);
        if (!expected && e!.paid + n > e!.max) expected = "MaxCompletionsExceeded";
        if (!expected) {
          const seen = new Set(e!.paidIds);
          for (let i = 0; i < n && !expected; i++) {
            if (act.tos[i] === ZERO_HOLDER) expected = "ZeroRecipient";
            else if (seen.has(act.subs[i])) expected = "SubmissionAlreadyPaid";
            seen.add(act.subs[i]);
          }
        }
        apply = () => {
          e!.paid += n;
          for (let i = 0; i < n; i++) {
            e!.paidIds.add(act.subs[i]);
            m.balances[act.tos[i]] += e!.reward;
          }
        };
        const data = escrow.interface.encodeFunctionData("releaseBatch", [key, act.subs, act.tos.map((i) => holders[i])]);
        actual = await send(m, a, escrowAddr, data);
        break;
      }
      case "refund": {
        key = pickKey(m, act.pick, act.actor);
        const a = resolveActor(m, act.actor, key);
        const e = m.escrows.get(key);
        if (!e) expected = "EscrowNotFunded";
        else if (a !== e.funder) expected = "NotFunder";
        else if (e.refunded) expected = "EscrowAlreadyRefunded";
        else if (m.time + 1 <= e.deadline + REVIEW_WINDOW) expected = "RefundNotYetAvailable";
        else if (m.remaining(e) === 0n) expected = "NothingToRefund";
        apply = () => {
          m.balances[e!.funder] += m.remaining(e!);
          e!.refunded = true;
        };
        actual = await send(m, a, escrowAddr, escrow.interface.encodeFunctionData("refund", [key]));
        break;
      }
    }
    const outcome = `${kind}:${actual ?? "ok"}`;
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    if (actual !== expected) {
      expect.fail(`${JSON.stringify(act)} on ${key}: contract gave ${actual ?? "success"}, model ${expected ?? "success"}`);
    }
    if (expected === null) apply();
    return key;
  }

  /**
   * One eth_call through InvariantProbe over `keys`, compared with the model in plain JS (chai per
   * field is slow). Returns each key's observed state, for the isolation check of the next step.
   */
  async function checkInvariants(m: Model, keys: string[], subs: number[]): Promise<KeyState> {
    const data = probe.interface.encodeFunctionData("probe", [escrowAddr, keys, holders.slice(0, 6), subs]);
    const raw = (await network.provider.request({ method: "eth_call", params: [{ to: probeAddr, data }, "latest"] })) as string;
    const [escrowBalance, escrows, balances, paid] = probe.interface.decodeFunctionResult("probe", raw) as unknown as [
      bigint,
      ChainEscrow[],
      bigint[],
      boolean[],
    ];
    const bad: string[] = [];
    const modelTotal = m.totalRemaining();
    if (escrowBalance !== modelTotal) bad.push(`escrow balance ${escrowBalance} != model Σ remaining ${modelTotal}`);
    let onchainTotal = 0n;
    const state: KeyState = new Map();
    for (let k = 0; k < keys.length; k++) {
      const c = escrows[k];
      const e = m.escrows.get(keys[k]);
      onchainTotal += c.remaining;
      if (c.paidCount > c.maxCompletions) bad.push(`${keys[k]}: paidCount ${c.paidCount} > max ${c.maxCompletions}`);
      const want = e
        ? [holders[e.funder], e.reward, BigInt(e.max), BigInt(e.paid), BigInt(e.deadline), e.refunded, m.remaining(e)]
        : [ethers.ZeroAddress, 0n, 0n, 0n, 0n, false, 0n];
      const got = [c.funder, c.reward, c.maxCompletions, c.paidCount, c.deadline, c.refunded, c.remaining];
      if (want.some((w, i) => w !== got[i])) bad.push(`${keys[k]}: chain ${String(got)} != model ${String(want)}`);
      const flags = paid.slice(k * subs.length, (k + 1) * subs.length);
      for (let i = 0; i < subs.length; i++) {
        const want = e?.paidIds.has(subs[i]) ?? false;
        if (flags[i] !== want) bad.push(`${keys[k]} submission ${subs[i]}: paid ${flags[i]} != model ${want}`);
      }
      state.set(keys[k], `${String(got)}|${flags.map(Number).join("")}`);
    }
    // Every funded key is probed, so this is the sum over ALL keys that hold tokens.
    if (onchainTotal !== escrowBalance) bad.push(`escrow balance ${escrowBalance} != on-chain Σ remaining ${onchainTotal}`);
    for (let i = 0; i < 6; i++) {
      if (balances[i] !== m.balances[i]) bad.push(`holder ${i}: balance ${balances[i]} != model ${m.balances[i]}`);
    }
    if (bad.length) expect.fail(bad.join("\n"));
    return state;
  }

  it(`keeps every invariant over ${RUNS} random sequences of 10..20 steps`, async () => {
    const started = Date.now();
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 10, maxLength: 20 }), async (actions) => {
        await revertTo(base);
        base = await snapshot();
        const m = new Model(t0, 6);
        const subs = [
          ...new Set(actions.flatMap((a) => (a.kind === "release" ? [a.sub] : a.kind === "releaseBatch" ? a.subs : []))),
        ];
        let before: KeyState = new Map();
        for (const act of actions) {
          const acted = await step(m, act);
          const after = await checkInvariants(m, [NEVER_FUNDED, ...m.escrows.keys()], subs);
          // Isolation: no key but the one acted on changed, whatever the step was.
          for (const [k, s] of before) {
            if (k !== acted && after.get(k) !== s) expect.fail(`${JSON.stringify(act)} on ${acted} changed ${k}`);
          }
          before = after;
          steps++;
        }
        for (const e of m.escrows.values()) if (e.refunded) expect(m.remaining(e)).to.equal(0n);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
    const secs = (Date.now() - started) / 1000;
    const ok = [...outcomes].filter(([k]) => k.endsWith(":ok")).reduce((a, [, v]) => a + v, 0);
    console.log(
      `      ${RUNS} sequences, ${steps} steps (${ok} successful txs, the rest expected reverts / time jumps) in ${secs.toFixed(1)} s`,
    );
    if (process.env.PROPERTY_STATS) console.log([...outcomes].sort().map(([k, v]) => `        ${k} ${v}`).join("\n"));
  });
});
