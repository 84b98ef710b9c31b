import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { listQueryDoc } from './list-query';
import { errorSchema, type RouteDoc } from './routes';

const toOpenApiPath = (p: string) => `/v1${p.replace(/:(\w+)/g, '{$1}')}`;

function queryDoc(doc: RouteDoc): z.ZodObject | undefined {
  if (doc.request.queryDoc) return doc.request.queryDoc;
  const schema = doc.request.query;
  if (!schema) return undefined;
  const list = listQueryDoc(schema);
  if (list) return list;
  return schema instanceof z.ZodObject ? schema : undefined;
}

function scopeText(doc: RouteDoc): string | undefined {
  if (!doc.shop) return undefined;
  const who = doc.shop.kinds?.length === 1 && doc.shop.kinds[0] === 'owner' ? 'the owner' : 'owner, or iam';
  const perms = doc.shop.anyOf?.length ? ` with ${doc.shop.anyOf.join(' or ')}` : '';
  return `Scope: the caller's shop (${who}${perms}); another shop's id → 404.`;
}

/** Builds the OpenAPI 3.1 document of /v1 from the route declarations (platform/routes.ts `defineRoute`). */
export function buildOpenApiDocument(version: string, docs: readonly RouteDoc[]) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT or personal API key (wzk_…)',
  });
  const error = (description: string): ResponseConfig => ({ description, content: { 'application/json': { schema: errorSchema } } });

  for (const doc of docs) {
    const responses: Record<string, ResponseConfig> = {};
    for (const [status, r] of Object.entries(doc.responses)) {
      if (r.schema)
        responses[status] = { description: r.description, content: { [r.contentType ?? 'application/json']: { schema: r.schema } } };
      else if (r.contentType)
        responses[status] = { description: r.description, content: { [r.contentType]: { schema: { type: 'string', format: 'binary' } } } };
      else responses[status] = { description: r.description };
    }
    const pathParams = [...doc.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const validates = !!(doc.request.query || doc.request.body || doc.request.queryDoc);
    if (validates && !responses[400]) responses[400] = error('Invalid input: `field` names the offending parameter or body field');
    if ((doc.auth === 'user' || doc.auth === 'token') && !responses[401]) responses[401] = error('Missing, expired or invalid token');
    if ((doc.shop || doc.auth === 'user') && !responses[403] && doc.shop) responses[403] = error('Not allowed for this role or permission');
    if (pathParams.length && !responses[404]) responses[404] = error('Not found');

    const params =
      doc.request.params instanceof z.ZodObject
        ? doc.request.params
        : pathParams.length
          ? z.object(Object.fromEntries(pathParams.map((p) => [p, z.string()])))
          : undefined;
    const bearer: Record<string, string[]> = { bearerAuth: [] };
    const security: Array<Record<string, string[]>> | undefined =
      doc.auth === 'user' || doc.auth === 'token' ? [bearer] : doc.auth === 'optional' ? [bearer, {}] : undefined;
    const description = [doc.description, scopeText(doc)].filter(Boolean).join('\n\n') || undefined;
    const route: RouteConfig = {
      method: doc.method,
      path: toOpenApiPath(doc.path),
      summary: doc.summary,
      tags: doc.tags,
      responses,
      ...(description ? { description } : {}),
      ...(security ? { security } : {}),
      request: {
        ...(params ? { params: params as z.ZodObject } : {}),
        ...(queryDoc(doc) ? { query: queryDoc(doc) } : {}),
        ...(doc.request.headers ? { headers: doc.request.headers as z.ZodObject } : {}),
        ...(doc.request.body ? { body: { content: { 'application/json': { schema: doc.request.body } } } } : {}),
      },
    };
    registry.registerPath(route);
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Wineriz platform api',
      version,
      description: 'JSON api of the platform; errors are { success: false, message, field? } in French.',
    },
    servers: [{ url: '/' }],
  });
}
