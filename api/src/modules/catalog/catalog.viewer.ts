/**
 * Who is asking, on the public endpoints (catalogue, shop page, cart price): nobody, or a token's memberships.
 * A public answer grants no right, so an invalid, expired or revoked token just means anonymous.
 *
 * The view of a token is kept (like the catalogue answers, catalog.cache.ts) until anything changes in the
 * accounts (users, shop memberships, master accounts and their links: revocation, a new membership, a disabled
 * account — any instance, through the `wz_changes` notifications; this process's own writes at once) or the
 * token expires. Back-office routes never use this: they authenticate every request (platform/auth/middleware).
 */
import type { Db } from '../../platform/db/client';
import { changeFeedOf } from '../../platform/db/change-feed';
import { authenticate } from '../../platform/auth/middleware';
import type { JwtService } from '../../platform/auth/jwt';
import { AnswerCache } from './catalog.cache';
import type { Viewer } from './catalog.service';

const ACCOUNT_TABLES = new Set(['users', 'shop_members', 'master_accounts', 'master_account_links']);
const ANONYMOUS: Viewer = Object.freeze({ memberships: [] }) as Viewer;
const views = new WeakMap<object, AnswerCache>();

function viewCacheOf(db: Db): AnswerCache | null {
  const hit = views.get(db);
  if (hit) return hit;
  const feed = changeFeedOf(db);
  if (!feed) return null;
  const cache = new AnswerCache(8 * 1024 * 1024, () => feed.listening);
  feed.subscribe((e) => {
    if ('reset' in e || ACCOUNT_TABLES.has(e.table)) cache.changed(null);
  });
  views.set(db, cache);
  return cache;
}

export async function publicViewer(db: Db, jwt: JwtService, header: string | undefined): Promise<Viewer> {
  if (!header) return ANONYMOUS;
  const fill = async () => {
    try {
      const a = await authenticate(db, jwt, header);
      const value: Viewer = { memberships: a.memberships, ...(a.user ? { user: { id: a.user.id, isPro: a.user.isPro } } : {}) };
      return {
        value,
        shops: [] as number[],
        validUntil: a.claims.exp ? a.claims.exp * 1000 : Date.now() + 60_000,
        bytes: 512 + header.length,
      };
    } catch {
      return { value: ANONYMOUS, shops: [] as number[], validUntil: Date.now() + 60_000, bytes: 64 + header.length };
    }
  };
  if (header.length > 4096) return ANONYMOUS;
  const cache = viewCacheOf(db);
  return cache ? cache.get(`view|${header}`, fill) : (await fill()).value;
}
