import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

// The bundler's types as the declared `vite` re-exports them (rolldown itself is only vite's dependency).
type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export interface PreloadRoute {
  /** Source of a RegExp matched against location.pathname. */
  path: string;
  /** The page's module (e.g. `src/app/routes/tasks.tsx`): its chunk and the chunks it imports are modulepreloaded. */
  module?: string;
  /** API reads the page makes first with no query string in the address (exactly the URLs the app requests). */
  data?: string[];
}

/**
 * Starts, from the HTML, what a page needs before its JS has run: the reads every page makes (`always`), the
 * page's own first read and its lazy chunk. Without it a phone on a slow network downloads and runs the entry JS
 * first (seconds at 4x CPU) and only then asks for the page's chunk and data (bench:web, mobile LCP). A small
 * inline script, since the path decides what to fetch; the browser hands the preloaded answers to the app's own
 * fetch() (same URL, same credentials mode), so nothing is read twice.
 */
export function criticalPreload(always: string[], routes: PreloadRoute[]): Plugin {
  return {
    name: 'cent:critical-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return html;
        const inHtml = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]));
        const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
        const table = routes.map((r) => {
          const page = r.module ? chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(r.module!)) : undefined;
          if (r.module && !page) throw new Error(`critical-preload: no chunk for ${r.module}`);
          const files = new Set<string>();
          const visit = (c: OutputChunk) => {
            if (files.has(c.fileName) || inHtml.has(c.fileName)) return;
            files.add(c.fileName);
            for (const f of c.imports) visit(bundle[f] as OutputChunk);
          };
          if (page) visit(page);
          return { path: r.path, modules: [...files].map((f) => `/${f}`), data: r.data ?? [] };
        });
        const code =
          `(function(){var d=document,p=location.pathname,q=location.search,r=${JSON.stringify(table)};` +
          `function add(rel,href,cred){var l=d.createElement('link');l.rel=rel;l.href=href;if(rel==='preload')l.setAttribute('as','fetch');l.crossOrigin=cred;d.head.appendChild(l)}` +
          `${JSON.stringify(always)}.forEach(function(u){add('preload',u,'use-credentials')});` +
          `r.forEach(function(x){if(!new RegExp(x.path).test(p))return;x.modules.forEach(function(m){add('modulepreload',m,'anonymous')});` +
          `if(!q)x.data.forEach(function(u){add('preload',u,'use-credentials')})})})();`;
        const tags: HtmlTagDescriptor[] = [{ tag: 'script', children: code, injectTo: 'head' }];
        return { html, tags };
      },
    },
  };
}
