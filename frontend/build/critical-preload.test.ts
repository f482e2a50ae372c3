// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { criticalPreload } from './critical-preload';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({ type: 'chunk', fileName, facadeModuleId, imports });
const bundle = {
  'assets/index-A.js': chunk('assets/index-A.js', '/app/src/main.tsx', ['assets/shared-B.js']),
  'assets/shared-B.js': chunk('assets/shared-B.js', null),
  'assets/tasks-C.js': chunk('assets/tasks-C.js', '/app/src/app/routes/tasks.tsx', ['assets/shared-B.js', 'assets/field-D.js']),
  'assets/field-D.js': chunk('assets/field-D.js', null, ['assets/icons-E.js']),
  'assets/icons-E.js': chunk('assets/icons-E.js', null),
};
const HTML = '<html><head><script type="module" crossorigin src="/assets/index-A.js"></script><link rel="modulepreload" crossorigin href="/assets/shared-B.js"></head></html>';

function script(routes = [{ path: '^/tasks/?$', module: 'src/app/routes/tasks.tsx', data: ['/api/tasks?limit=24'] }, { path: '^/$', data: ['/api/tasks?limit=6'] }]) {
  const plugin = criticalPreload(['/api/config', '/api/user'], routes);
  const hook = plugin.transformIndexHtml as { handler: (html: string, ctx: unknown) => { tags: Array<{ children: string }> } };
  return hook.handler(HTML, { bundle }).tags[0].children;
}

/** Runs the inline script at `url` and answers the links it added. */
function linksAt(url: string, code = script()) {
  window.history.replaceState(null, '', url);
  document.head.innerHTML = '';
  new Function(code)();
  return [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')} ${l.getAttribute('as') ?? '-'} ${l.crossOrigin}`);
}

describe('criticalPreload: what a page needs starts with the HTML', () => {
  it("preloads /tasks' chunk with the chunks it imports (not those the HTML loads already) and its first read", () => {
    expect(linksAt('/tasks')).toEqual([
      'preload /api/config fetch use-credentials',
      'preload /api/user fetch use-credentials',
      'modulepreload /assets/tasks-C.js - anonymous',
      'modulepreload /assets/field-D.js - anonymous',
      'modulepreload /assets/icons-E.js - anonymous',
      'preload /api/tasks?limit=24 fetch use-credentials',
    ]);
  });

  it('preloads the landing read on /, only the common reads elsewhere, and no list read when the address has filters', () => {
    expect(linksAt('/')).toEqual(['preload /api/config fetch use-credentials', 'preload /api/user fetch use-credentials', 'preload /api/tasks?limit=6 fetch use-credentials']);
    expect(linksAt('/leaderboard')).toEqual(['preload /api/config fetch use-credentials', 'preload /api/user fetch use-credentials']);
    expect(linksAt('/tasks?q=logo')).not.toContain('preload /api/tasks?limit=24 fetch use-credentials');
    expect(linksAt('/tasks?q=logo')).toContain('modulepreload /assets/tasks-C.js - anonymous');
  });

  it('fails the build when a page module has no chunk (a renamed route would silently lose its preload)', () => {
    expect(() => script([{ path: '^/x$', module: 'src/app/routes/missing.tsx', data: [] }])).toThrow('critical-preload: no chunk for src/app/routes/missing.tsx');
  });
});
