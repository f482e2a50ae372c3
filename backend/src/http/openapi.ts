import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE } from '../auth/session';

export const OPENAPI_PATH = 'api/docs';

/**
 * The OpenAPI document generated from the controllers and DTOs (decorators of @nestjs/swagger): the UI at
 * /api/docs, the JSON at /api/docs-json.
 */
export function setupOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('CENT Tasks API')
    .setDescription(
      'Task marketplace whose rewards sit in an on-chain escrow. Money in the API is whole CENT (integers); ' +
        'on-chain amounts are base units (18 decimals) as decimal strings. Errors answer `{ message }` ' +
        '(validation errors also `errors`: one line per bad field). Signed-in routes use the session cookie ' +
        `\`${SESSION_COOKIE}\` set by POST /api/auth/web3 or /api/login.`,
    )
    .setVersion('1.0')
    .addCookieAuth(SESSION_COOKIE)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup(OPENAPI_PATH, app, document);
}
