/**
 * Lets `require` load this repository's TypeScript straight from source (used by bin/run-ts.js, and by
 * scripts/start.mjs with START_FROM_SOURCE=true).
 *
 * Why: the crash tests run the indexer as child processes (SIGKILL is only honest out of process), and the
 * benchmark and the audit should work from a fresh clone without building backend/ and contracts/ to
 * dist first. `.ts` files are compiled on load with @swc/core using the same options as the jest config
 * (legacy decorators + metadata for NestJS), and `@cent/backend` / `@cent/contracts` resolve to their
 * `src/index.ts` exactly as jest's moduleNameMapper does. `npm start` runs the built dist/ instead.
 */
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const swc = require('@swc/core');

const ROOT = path.resolve(__dirname, '..', '..');
const SOURCES = {
  '@cent/backend': path.join(ROOT, 'backend', 'src', 'index.ts'),
  '@cent/backend/testing': path.join(ROOT, 'backend', 'test', 'index.ts'),
  '@cent/contracts': path.join(ROOT, 'contracts', 'src', 'index.ts'),
};

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (SOURCES[request]) return SOURCES[request];
  try {
    return resolve.call(this, request, parent, ...rest);
  } catch (err) {
    // Extension-less relative imports of .ts files.
    if (parent && (request.startsWith('.') || path.isAbsolute(request))) {
      const base = path.resolve(path.dirname(parent.filename), request);
      for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) {
        if (fs.existsSync(candidate)) return candidate;
      }
    }
    throw err;
  }
};

const SWC_OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

require.extensions['.ts'] = function (module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = swc.transformSync(source, { ...SWC_OPTIONS, filename });
  module._compile(code, filename);
};
