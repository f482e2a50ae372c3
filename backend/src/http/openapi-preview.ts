import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import pino from 'pino';
import { AppModule, IDEMPOTENT_WRITES } from '../app.module';
import { loadConfig } from '../config/app-config';
import { buildOpenApiDocument } from './openapi';

/**
 * The API's OpenAPI document without a server, a database or a chain (scripts/write-openapi.ts). `preview: true`
 * makes Nest scan the modules without instantiating any provider or controller, and the document is read from
 * classes and decorators only. The configuration is the defaults, never this process's environment, so every
 * machine writes the same document.
 */
export async function previewOpenApiDocument(): Promise<OpenAPIObject> {
  const config = loadConfig({});
  const app = await NestFactory.create(
    AppModule.forRoot(config, 'postgres://openapi-preview.invalid/none', pino({ enabled: false })),
    { preview: true, logger: false },
  );
  try {
    return buildOpenApiDocument(app, IDEMPOTENT_WRITES);
  } finally {
    await app.close();
  }
}

/** The document as backend/openapi.json keeps it: stable key order (the decorators'), 2-space indent, final newline. */
export const openApiJson = (document: OpenAPIObject): string => `${JSON.stringify(document, null, 2)}\n`;
