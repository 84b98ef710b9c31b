import type { RequestHandler } from 'express';
import { z } from 'zod';
import { MESSAGES as M } from 'shared-kernel/validation';
import { paginated as paginatedSchema } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../platform/db/client';
import type { JwtService } from '../../platform/auth/jwt';
import { userAuth } from '../../platform/auth/middleware';
import { forbidden } from '../../platform/errors';
import { listQuery } from '../../platform/list-query';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import { API_KEY_MESSAGES, createApiKeysService } from './api-keys.service';

const createSchema = z.object({ name: z.string({ error: M.needed }).trim().min(1, M.needed).max(80, M.counter) });
const apiKeySchema = z
  .object({ id: z.number().int(), name: z.string(), prefix: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })
  .meta({ id: 'ApiKey' });
const listApiKeysQuery = listQuery({ sort: ['id', 'name', 'createdAt', 'lastUsedAt'], defaultSort: '-createdAt' });

/**
 * Personal API keys are accepted as `Authorization: Bearer wzk_…` on every /v1 route: a valid,
 * unrevoked key of an enabled user is exchanged, for this request only, for a session token of
 * its owner, so the usual requireAuth / permission checks apply unchanged. An unknown key is left
 * as is and fails as any bad token (401).
 */
export function apiKeyBearer(db: Db, jwt: JwtService): RequestHandler {
  const service = createApiKeysService({ db, jwt });
  return async (req, _res, next) => {
    const m = /^Bearer\s+(wzk_[A-Za-z0-9_-]{20,100})\s*$/.exec(req.get('authorization') ?? '');
    if (!m) return next();
    const token = await service.exchange(m[1]);
    if (token) req.headers.authorization = `Bearer ${token}`;
    next();
  };
}

const ownerOrIam: RequestHandler = (req, _res, next) => {
  const role = userAuth(req).user.role;
  if (role !== 'owner' && role !== 'iam') throw forbidden();
  next();
};

/** /v1/api-keys — owner and iam: list, create (the key is returned once), revoke. Keys are personal: the caller's own. */
export function createApiKeysRouter({ db, jwt, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createApiKeysService({ db, jwt });
  const common = { tags: ['api-keys'], auth: 'user' as const, before: [ownerOrIam] };

  defineRoute(
    r,
    {
      ...common,
      method: 'get',
      path: '/api-keys',
      summary: "The caller's unrevoked API keys (never the secret)",
      request: { query: listApiKeysQuery },
      responses: { 200: json(paginatedSchema(apiKeySchema), 'A page of keys'), 403: 'Not an owner or iam' },
    },
    ({ auth: a, query }) => service.list(a.user.id, query),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'post',
      path: '/api-keys',
      summary: 'Create a key: `key` (wzk_…) is returned once, only its SHA-256 is stored',
      request: { body: createSchema },
      responses: { 201: json(apiKeySchema.extend({ key: z.string(), message: z.string() }), 'Created'), 403: 'Not an owner or iam' },
    },
    ({ auth: a, body }) => service.create(a.user.id, body.name),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'delete',
      path: '/api-keys/:id',
      summary: "Revoke one of the caller's keys",
      request: { params: idParams(API_KEY_MESSAGES.notFound) },
      responses: {
        200: json(z.object({ success: z.literal(true), message: z.string() }), 'Revoked'),
        403: 'Not an owner or iam',
        404: `'${API_KEY_MESSAGES.notFound}'`,
      },
    },
    ({ auth: a, params }) => service.revoke(a.user.id, params.id),
  );

  return r;
}
