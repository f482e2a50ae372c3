import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const FRONTEND = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCUMENT = path.join(FRONTEND, '..', 'backend', 'openapi.json');
const TYPES = path.join(FRONTEND, 'src', 'types', 'api.generated.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'api-types-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run api:types:check`, the real one (the backend's document made by a preview Nest app), on given files. */
function check(...files: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('node', ['build/api-types.mjs', '--check', ...files], { cwd: FRONTEND }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code) : 0, output: stdout + stderr }));
  });
}

function copyOf(file: string, edit: (text: string) => string = (t) => t): string {
  const copy = path.join(dir, `${Math.random().toString(36).slice(2)}-${path.basename(file)}`);
  copyFileSync(file, copy);
  writeFileSync(copy, edit(readFileSync(copy, 'utf8')));
  return copy;
}

// CI runs this with the unit tests: the checked-in document and types must be what the backend's code makes now.
describe('api:types:check', () => {
  it('passes on the checked-in backend/openapi.json and frontend/src/types/api.generated.ts', async () => {
    const run = await check();
    expect(run.output).toContain('API types are current');
    expect(run.code).toBe(0);
  }, 120_000);

  it('fails naming the document when it is not what the backend makes (a view gained a field), and only the document', async () => {
    const document = copyOf(DOCUMENT, (text) => {
      const doc = JSON.parse(text);
      doc.components.schemas.TaskView.properties.addedByHand = { type: 'string' };
      return `${JSON.stringify(doc, null, 2)}\n`;
    });
    const run = await check('--document', document, '--types', copyOf(TYPES));
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/openapi\.json: not current \(line \d+: expected ".*", found ".*"\)/);
    expect(run.output).not.toMatch(/api\.generated\.ts/);
    expect(run.output).toContain('run `npm run api:types`');
  }, 120_000);

  it('fails naming the types when they were edited by hand or generated from an older document; a missing file is named too', async () => {
    const types = copyOf(TYPES, (text) => text.replace(/escrowAmount: string;/, 'escrowAmount: number;'));
    const run = await check('--document', path.join(dir, 'nowhere.json'), '--types', types);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/api\.generated\.ts: not current \(line \d+: expected "\s*escrowAmount: string;", found "\s*escrowAmount: number;"\)/);
    expect(run.output).toMatch(/nowhere\.json: missing/);
  }, 120_000);
});
