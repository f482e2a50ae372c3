import request from 'supertest';
import { startTestApp } from '../../test/test-app';
import { openApiJson, previewOpenApiDocument } from './openapi-preview';

describe('OpenAPI document', () => {
  it('is served at /api/docs (UI) and /api/docs-json, generated from the controllers', async () => {
    const ctx = await startTestApp();
    try {
      const ui = await request(ctx.http).get('/api/docs').redirects(1).expect(200);
      expect(ui.text).toContain('swagger-ui');
      const { body } = await request(ctx.http).get('/api/docs-json').expect(200);
      expect(body.openapi).toMatch(/^3\./);
      expect(body.info.title).toBe('CENT Tasks API');
      const routes = Object.entries(body.paths as Record<string, Record<string, unknown>>)
        .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
      expect(routes).toEqual(expect.arrayContaining([
        'GET /api/tasks', 'POST /api/tasks', 'GET /api/tasks/{id}', 'GET /api/tasks/{id}/user-submission',
        'POST /api/submissions', 'POST /api/submissions/upload', 'GET /api/submissions/user', 'GET /api/submissions/{id}',
        'PATCH /api/submissions/{id}', 'POST /api/blockchain/release-reward', 'GET /api/dashboard', 'GET /api/leaderboard',
        'GET /api/check-file', 'GET /api/health',
      ]));
      const create = body.components.schemas.CreateTaskDto;
      expect(create.required).toEqual(expect.arrayContaining(['title', 'reward', 'deadline']));
      expect(create.properties.reward).toMatchObject({ minimum: 1, maximum: 100000 });
      expect(create.properties.deadline.description).toMatch(/Required, in the future and at most one year \(365 days\) ahead/);
      expect(create.properties.title).toMatchObject({ minLength: 1, maxLength: 300 });
      expect(create.properties.description).toMatchObject({ minLength: 1, maxLength: 10000 });
      expect(create.properties.maxCompletions).toMatchObject({ minimum: 1, maximum: 100 });
      expect(create.properties.estimatedTime).toMatchObject({ minimum: 1, maximum: 480 });
      expect(routes).toContain('GET /api/admin/projections/quarantine');
      expect(Object.keys(body.components.schemas.TaskView.properties)).toEqual(expect.arrayContaining(['escrowAmount', 'chainTaskId', 'fundingStatus']));

      // The sign-in routes document what they take: the challenge's `address`, and each body's fields.
      const challenge = body.paths['/api/auth/challenge'].get.parameters;
      expect(challenge).toEqual([expect.objectContaining({ name: 'address', in: 'query', required: false, schema: expect.objectContaining({ type: 'string' }) })]);
      const bodyOf = (route: string) => {
        const ref: string = body.paths[route].post.requestBody.content['application/json'].schema.$ref;
        return body.components.schemas[ref.replace('#/components/schemas/', '')];
      };
      const web3 = bodyOf('/api/auth/web3');
      expect(web3.required).toEqual(['walletAddress', 'signature', 'message']);
      expect(web3.properties.walletAddress).toMatchObject({ type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' });
      const register = bodyOf('/api/register');
      expect(register.required).toEqual(['username', 'password']);
      expect(Object.keys(register.properties)).toEqual(['username', 'password', 'email']);
      expect(register.properties.password).toMatchObject({ type: 'string', minLength: 8 });
      const login = bodyOf('/api/login');
      expect(login.required).toEqual(['username', 'password']);
      expect(Object.keys(login.properties)).toEqual(['username', 'password']);

      // The document backend/openapi.json is written from (a preview app: no server, no database) is the served one.
      expect(JSON.parse(openApiJson(await previewOpenApiDocument()))).toEqual(body);
    } finally {
      await ctx.app.close();
    }
  });
});
