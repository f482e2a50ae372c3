import { INestApplication, RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE } from '../auth/session';
import { IDEMPOTENCY_MESSAGES } from '../idempotency/idempotency-key-header';

export const OPENAPI_PATH = 'api/docs';

/**
 * The OpenAPI document generated from the controllers and DTOs (decorators of @nestjs/swagger): the UI at
 * /api/docs, the JSON at /api/docs-json.
 */
export function setupOpenApi(app: INestApplication, idempotentControllers: Type[] = []): void {
  SwaggerModule.setup(OPENAPI_PATH, app, buildOpenApiDocument(app, idempotentControllers));
}

/**
 * The document of an application's controllers. Only their classes and decorators are read, so an application
 * created with `preview: true` (nothing instantiated, no database) yields the same document as the served one
 * (scripts/write-openapi.ts writes backend/openapi.json that way; the frontend's types are generated from it).
 */
export function buildOpenApiDocument(app: INestApplication, idempotentControllers: Type[] = []): OpenAPIObject {
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
  documentIdempotencyKey(document, idempotentControllers);
  return document;
}

const WRITES: Partial<Record<RequestMethod, 'post' | 'put' | 'patch' | 'delete'>> = {
  [RequestMethod.POST]: 'post', [RequestMethod.PUT]: 'put', [RequestMethod.PATCH]: 'patch', [RequestMethod.DELETE]: 'delete',
};

/** The write routes of a controller as the document names them (`/api/tasks/{id}`, 'patch'). */
function writeRoutesOf(controller: Type): Array<[string, 'post' | 'put' | 'patch' | 'delete']> {
  const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
  const proto = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(proto).flatMap((name) => {
    const handler = proto[name];
    if (typeof handler !== 'function') return [];
    const method = WRITES[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
    const sub = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
    if (!method || sub === undefined) return [];
    const path = `/${[base, sub].map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`.replace(/:(\w+)/g, '{$1}');
    return [[path, method] as [string, typeof method]];
  });
}

/** The optional `Idempotency-Key` header and its answers on the JSON writes of the controllers that honour it. */
function documentIdempotencyKey(document: OpenAPIObject, controllers: Type[]): void {
  for (const [path, method] of controllers.flatMap(writeRoutesOf)) {
    const op = document.paths[path]?.[method];
    if (!op || (op.requestBody && 'content' in op.requestBody && op.requestBody.content['multipart/form-data'])) continue;
    op.parameters = [
      ...(op.parameters ?? []),
      {
        name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 },
        description: 'One per action (IETF draft "The Idempotency-Key HTTP Header Field"): sent again with the same request ' +
          'within 24 h, the first answer is replayed (`Idempotent-Replayed: true`) instead of doing it again.',
      },
    ];
    op.responses['422'] ??= { description: IDEMPOTENCY_MESSAGES.reusedKey };
    const conflict = op.responses['409'] as { description?: string } | undefined;
    op.responses['409'] = { ...(conflict ?? {}), description: [conflict?.description, `${IDEMPOTENCY_MESSAGES.inFlight} (Retry-After)`].filter(Boolean).join('; or ') };
  }
}
