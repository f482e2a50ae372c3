import request from 'supertest';
import { startTestApp } from '../../test/test-app';
import { fillAdminScale } from './admin-scale.test-kit';
import { person } from './admin.test-kit';

/**
 * The dashboard and analytics count right over thousands of rows written straight into the read tables
 * (admin-scale.test-kit.ts). How fast they answer at 100,000 submissions is a benchmark, not a test:
 * `npm run bench:admin -w backend`.
 */
describe('admin dashboard over many rows', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.app.close());

  it('counts submissions, users and validations and lists the newest pending first', async () => {
    const admin = await person(ctx, true);
    const scale = await fillAdminScale(ctx.dataSource, admin.id, 2_000);
    const get = async (path: string) => (await request(ctx.http).get(path).set('Cookie', admin.cookie).expect(200)).body;

    const dash = await get('/api/admin/dashboard');
    expect(dash.overview.submissions).toEqual({ total: scale.submissions, pending: scale.pending, approved: scale.approved, rejected: scale.rejected });
    expect(dash.overview.users).toEqual({ total: scale.users + 1, withWallet: scale.usersWithWallet + 1, admins: 1 });
    expect(dash.overview.recentSubmissions).toHaveLength(5);
    expect(dash.overview.recentSubmissions.every((s: { status: string }) => s.status === 'pending')).toBe(true);
    expect(dash.submissions).toHaveLength(100);
    const analytics = await get('/api/admin/analytics');
    expect(analytics.totalValidations).toMatchObject({ validatedSubmissions: scale.validations, totalSubmissions: scale.submissions, share: 0.3 });
  });
});
