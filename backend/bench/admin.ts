/**
 * npm run bench:admin -w backend — the admin dashboard and analytics read paths at 100,000 submissions
 * (plus 5,000 users, 2,000 tasks and 30,000 validations, written straight into the read tables by
 * src/admin/admin-scale.test-kit.ts): 5 timed calls each after a warm-up, including the Approvals search
 * (`?q=` over task titles and notes). Last line: one JSON object.
 */
import 'reflect-metadata';
import request from 'supertest';
import { fillAdminScale } from '../src/admin/admin-scale.test-kit';
import { person } from '../src/admin/admin.test-kit';
import { startTestApp } from '../test/test-app';
import { benchDatabase } from './bench-database';

const SUBMISSIONS = Number(process.env.BENCH_ADMIN_SUBMISSIONS ?? 100_000);
const RUNS = 5;

async function main(): Promise<void> {
  const db = await benchDatabase('bench_admin');
  const ctx = await startTestApp({}, db.url);
  try {
    const admin = await person(ctx, true);
    await fillAdminScale(ctx.dataSource, admin.id, SUBMISSIONS);
    const time = async (path: string) => {
      await request(ctx.http).get(path).set('Cookie', admin.cookie).expect(200); // warm-up
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await request(ctx.http).get(path).set('Cookie', admin.cookie).expect(200);
        runs.push(performance.now() - t0);
      }
      runs.sort((a, b) => a - b);
      return { median: Math.round(runs[Math.floor(RUNS / 2)]), max: Math.round(runs[RUNS - 1]) };
    };
    const dashboard = await time('/api/admin/dashboard');
    const analytics = await time('/api/admin/analytics');
    const search = await time('/api/admin/dashboard?q=task%2012&status=pending');
    console.log(`admin dashboard @${SUBMISSIONS} submissions: median ${dashboard.median} ms, max ${dashboard.max} ms; analytics: median ${analytics.median} ms, max ${analytics.max} ms; search: median ${search.median} ms, max ${search.max} ms`);
    console.log(JSON.stringify({
      submissions: SUBMISSIONS,
      dashboardMedianMs: dashboard.median, dashboardMaxMs: dashboard.max,
      analyticsMedianMs: analytics.median, analyticsMaxMs: analytics.max,
      searchMedianMs: search.median, searchMaxMs: search.max,
    }));
  } finally {
    await ctx.app.close();
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
