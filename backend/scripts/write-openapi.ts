/**
 * `npm run openapi -w backend [-- <file>]`: writes the API's OpenAPI document to <file> (default openapi.json
 * beside package.json, the checked-in one the frontend's types are generated from: `npm run api:types`).
 * Starts no server and reaches no database (src/http/openapi-preview.ts).
 */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiJson, previewOpenApiDocument } from '../src/http/openapi-preview';

async function main(): Promise<void> {
  const out = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'openapi.json'));
  writeFileSync(out, openApiJson(await previewOpenApiDocument()));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
