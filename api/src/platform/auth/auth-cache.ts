/**
 * What a token stands for (its user, memberships and master account), kept per token until anything changes in
 * the accounts: a user, a shop membership, a master account or its links — any instance, through the `wz_changes`
 * notifications (drizzle/0007_change_feed.sql), and this process's own writes at once (platform/db/change-feed.ts)
 * — or the token expires. A disabled account, a revoked session (token_version) or a removed membership is seen by
 * the next request, without every request reading the accounts again (bench:stock: one round trip less per
 * back-office request). Only successful authentications are kept; nothing is kept while the LISTEN is down.
 */
import type { Db } from '../db/client';
import { changeFeedOf } from '../db/change-feed';
import { AnswerCache } from '../answer-cache';
import type { JwtService } from './jwt';
import { authenticate, type AuthContext } from './authenticate';

export const ACCOUNT_TABLES = new Set(['users', 'shop_members', 'master_accounts', 'master_account_links']);
const caches = new WeakMap<object, AnswerCache | null>();

function authCacheOf(db: Db): AnswerCache | null {
  if (caches.has(db)) return caches.get(db)!;
  const feed = changeFeedOf(db);
  const cache = feed ? new AnswerCache(8 * 1024 * 1024, () => feed.listening) : null;
  feed?.subscribe((e) => {
    if ('reset' in e || ACCOUNT_TABLES.has(e.table)) cache!.changed(null);
  });
  caches.set(db, cache);
  return cache;
}

class Refused {
  constructor(readonly error: unknown) {}
}

/** `authenticate`, answered from the cache when the same token was accepted since the accounts last changed. */
export async function authenticateCached(db: Db, jwt: JwtService, header: string | undefined): Promise<AuthContext> {
  const cache = header && header.length <= 4096 ? authCacheOf(db) : null;
  if (!cache) return authenticate(db, jwt, header);
  const got = await cache.get<AuthContext | Refused>(`auth|${header}`, async () => {
    try {
      const a = await authenticate(db, jwt, header);
      return { value: a, shops: [], validUntil: a.claims.exp ? a.claims.exp * 1000 : Date.now() + 60_000, bytes: 2048 + header!.length };
    } catch (error) {
      // a refusal is answered, never kept (bytes above the bound)
      return { value: new Refused(error), shops: [], bytes: Number.MAX_SAFE_INTEGER };
    }
  });
  if (got instanceof Refused) throw got.error;
  return got;
}
