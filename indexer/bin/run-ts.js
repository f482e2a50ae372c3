#!/usr/bin/env node
/** Runs a TypeScript entry of this repository straight from source: `node bin/run-ts.js <file.ts> [args]` (see ts-hook.js). */
const path = require('node:path');
require('./ts-hook');

require('reflect-metadata');
const entry = process.argv[2];
if (!entry) {
  console.error('usage: node bin/run-ts.js <file.ts> [args...]');
  process.exit(2);
}
process.argv.splice(1, 1); // the entry sees itself as argv[1]
require(path.resolve(entry));
