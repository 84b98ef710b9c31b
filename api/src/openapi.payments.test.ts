import type { Router } from 'express';
import { buildOpenApiDocument } from './openapi';
import type { AppDeps } from './platform/deps';
import { createPaymentsRouter } from './modules/payments/payments.router';
import type { PaymentsService } from './modules/payments/payments.service';

type Operation = { summary?: string; parameters?: Array<{ in: string; name: string }>; requestBody?: unknown; responses: Record<string, unknown> };

/** Every route the payments router registers, as OpenAPI `[method, path]` under /v1 (`:id` → `{id}`). */
function routesOf(router: Router): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const layer of (router as unknown as { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> }).stack) {
    if (!layer.route) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) {
      if (on && method !== '_all') out.push([method, `/v1${layer.route.path.replace(/:(\w+)/g, '{$1}')}`]);
    }
  }
  return out;
}

describe('OpenAPI document: payments', () => {
  // Building the router touches neither the database nor the service: handlers only run on requests.
  const router = createPaymentsRouter({} as AppDeps, {} as PaymentsService, { attemptsPerWindow: 0 });
  const routes = routesOf(router);
  const doc = buildOpenApiDocument('test') as unknown as { paths: Record<string, Record<string, Operation>> };

  it('reads the routes the payments router registers', () => {
    expect(routes).toEqual(expect.arrayContaining([
      ['get', '/v1/payments/{id}'], ['post', '/v1/payments/{id}/pay'], ['post', '/v1/payments/{id}/3ds'], ['post', '/v1/payments/webhooks/{provider}'],
    ]));
  });

  it.each(routes)('documents %s %s with a summary, its path parameters and its responses', (method, path) => {
    const op = doc.paths[path]?.[method];
    expect(op).toBeDefined();
    expect(op.summary).toEqual(expect.any(String));
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const name of params) expect(op.parameters).toContainEqual(expect.objectContaining({ in: 'path', name }));
    expect(op.responses).toHaveProperty(['200']);
    expect(Object.keys(op.responses).some((s) => /^4\d\d$/.test(s))).toBe(true);
    if (method === 'post') expect(op.requestBody).toBeDefined();
  });

  it('documents no payments route that the router does not serve', () => {
    const documented = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/v1/payments'))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => [m, p] as [string, string]));
    expect(documented.sort()).toEqual([...routes].sort());
  });

  it('describes the bodies with the schemas the router validates (PayRequest card/iban, 3-D Secure challenge/approve)', () => {
    const body = (path: string) => (doc.paths[path].post.requestBody as { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> }).content['application/json'].schema;
    expect(Object.keys(body('/v1/payments/{id}/pay').properties ?? {})).toEqual(expect.arrayContaining(['card', 'iban']));
    const threeDs = body('/v1/payments/{id}/3ds');
    expect(threeDs.required).toEqual(expect.arrayContaining(['challenge', 'approve']));
    expect(doc.paths['/v1/payments/{id}/pay'].post.responses).toHaveProperty(['402']);
    expect(doc.paths['/v1/payments/{id}'].get.responses['200']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/PaymentResult' } } } });
  });
});
