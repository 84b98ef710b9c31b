import crypto from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../platform/db/client';
import type { JwtService } from '../../platform/auth/jwt';
import { userAuth } from '../../platform/auth/middleware';
import { forbidden, notFound } from '../../platform/errors';
import { parseOrThrow } from '../../platform/validation';
import { apiKeys, users } from '../../platform/db/schema';
import { MESSAGES as M } from 'shared-kernel/validation';

export const API_KEY_PREFIX = 'wzk_';
const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');
const createSchema = z.object({ name: z.string({ error: M.needed }).trim().min(1, M.needed).max(80, M.counter) });

const toDto = (k: typeof apiKeys.$inferSelect) => ({
  id: k.id, name: k.name, prefix: k.prefix, createdAt: k.createdAt.toISOString(), lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
});

/**
 * Personal API keys are accepted as `Authorization: Bearer wzk_…` on every /v1 route: a valid,
 * unrevoked key of an enabled user is exchanged, for this request only, for a session token of
 * its owner, so the usual requireAuth / permission checks apply unchanged. An unknown key is left
 * as is and fails as any bad token (401).
 */
export function apiKeyBearer(db: Db, jwt: JwtService): RequestHandler {
  return async (req, _res, next) => {
    const m = /^Bearer\s+(wzk_[A-Za-z0-9_-]{20,100})\s*$/.exec(req.get('authorization') ?? '');
    if (!m) return next();
    const rows = await db.select({ key: apiKeys, user: users }).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.userId))
      .where(and(eq(apiKeys.keyHash, sha256(m[1])), isNull(apiKeys.revokedAt))).limit(1);
    const row = rows[0];
    if (row && !row.user.disabled) {
      req.headers.authorization = `Bearer ${await jwt.sign({ sub: row.user.id, kind: 'user', tv: row.user.tokenVersion })}`;
      await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.key.id));
    }
    next();
  };
}

/** /v1/api-keys — owner and iam: list, create (the key is returned once), revoke. */
export function createApiKeysRouter({ db, auth }: AppDeps): Router {
  const r = Router();
  const ownerOrIam: RequestHandler = (req, _res, next) => {
    const role = userAuth(req).user.role;
    if (role !== 'owner' && role !== 'iam') throw forbidden();
    next();
  };

  r.get('/api-keys', auth.requireUser, ownerOrIam, async (req, res) => {
    const rows = await db.select().from(apiKeys)
      .where(and(eq(apiKeys.userId, userAuth(req).user.id), isNull(apiKeys.revokedAt))).orderBy(desc(apiKeys.id));
    res.json(rows.map(toDto));
  });

  r.post('/api-keys', auth.requireUser, ownerOrIam, async (req, res) => {
    const { name } = parseOrThrow(createSchema, req.body ?? {});
    const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
    const [row] = await db.insert(apiKeys).values({ userId: userAuth(req).user.id, name, prefix: key.slice(0, 12), keyHash: sha256(key) }).returning();
    res.status(201).json({ ...toDto(row), key, message: 'Votre clé a été créée. Copiez-la maintenant : elle ne sera plus affichée.' });
  });

  r.delete('/api-keys/:id', auth.requireUser, ownerOrIam, async (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isInteger(id) || id <= 0 || id > 2147483647) throw notFound();
    const rows = await db.update(apiKeys).set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userAuth(req).user.id), isNull(apiKeys.revokedAt))).returning();
    if (!rows[0]) throw notFound('Clé introuvable');
    res.json({ success: true, message: 'La clé a été révoquée' });
  });

  return r;
}
