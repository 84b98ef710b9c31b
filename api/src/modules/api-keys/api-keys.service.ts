import crypto from 'node:crypto';
import type { Paginated } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import type { JwtService } from '../../platform/auth/jwt';
import { notFound } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { findActiveKey, insertKey, listKeys, revokeKey, touchKey, type ApiKeysQuery } from './api-keys.repository';
import type { ApiKeyRow } from './api-keys.tables';

export const API_KEY_PREFIX = 'wzk_';
export const API_KEY_MESSAGES = {
  created: 'Votre clé a été créée. Copiez-la maintenant : elle ne sera plus affichée.',
  notFound: 'Clé introuvable',
  revoked: 'La clé a été révoquée',
} as const;

const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');

export interface ApiKeyDto {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}
const toDto = (k: ApiKeyRow): ApiKeyDto => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
});

export function createApiKeysService(deps: { db: Db; jwt: JwtService }) {
  const { db, jwt } = deps;
  return {
    /** A session token of the key's owner for this request, or null (unknown, revoked, or owner disabled). */
    async exchange(key: string): Promise<string | null> {
      const row = await findActiveKey(db, sha256(key));
      if (!row || row.user.disabled) return null;
      const token = await jwt.sign({ sub: row.user.id, kind: 'user', tv: row.user.tokenVersion });
      await touchKey(db, row.key.id);
      return token;
    },
    async list(userId: number, q: ApiKeysQuery): Promise<Paginated<ApiKeyDto>> {
      const { rows, total } = await listKeys(db, userId, q);
      return paginated(rows.map(toDto), total, q);
    },
    async create(userId: number, name: string): Promise<ApiKeyDto & { key: string; message: string }> {
      const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
      const row = await insertKey(db, { userId, name, prefix: key.slice(0, 12), keyHash: sha256(key) });
      return { ...toDto(row), key, message: API_KEY_MESSAGES.created };
    },
    async revoke(userId: number, id: number) {
      if (!(await revokeKey(db, userId, id))) throw notFound(API_KEY_MESSAGES.notFound);
      return { success: true as const, message: API_KEY_MESSAGES.revoked };
    },
  };
}
