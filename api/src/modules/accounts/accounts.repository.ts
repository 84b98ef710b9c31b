import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shopMembers, shops, userAccounts, users, type UserRow } from '../../platform/db/tables';
import { accountTokens, type AccountTokenKind, type AccountTokenRow } from './accounts.tables';

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** A new random single-use token (32 bytes, base64url); earlier unused tokens of that kind are deleted. */
export async function createAccountToken(
  db: DbOrTx,
  userId: number,
  kind: AccountTokenKind,
  ttlSeconds: number,
  email?: string,
): Promise<string> {
  const raw = crypto.randomBytes(32).toString('base64url');
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)));
  await db.insert(accountTokens).values({
    userId,
    kind,
    tokenHash: sha256(raw),
    email: email ?? null,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return raw;
}

export type ConsumeResult = { ok: true; token: AccountTokenRow } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/** Looks the token up by its hash and marks it used (atomically): a token works once, before it expires. */
export async function consumeAccountToken(db: DbOrTx, raw: string, kinds: AccountTokenKind[]): Promise<ConsumeResult> {
  const rows = await db
    .select()
    .from(accountTokens)
    .where(eq(accountTokens.tokenHash, sha256(raw)))
    .limit(1);
  const token = rows[0];
  if (!token || !kinds.includes(token.kind)) return { ok: false, reason: 'invalid' };
  if (token.usedAt) return { ok: false, reason: 'used' };
  if (token.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  const updated = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.id, token.id), isNull(accountTokens.usedAt)))
    .returning();
  if (!updated[0]) return { ok: false, reason: 'used' };
  return { ok: true, token: updated[0] };
}

export async function findUserAccount(db: DbOrTx, userId: number) {
  const rows = await db.select().from(userAccounts).where(eq(userAccounts.userId, userId)).limit(1);
  return rows[0];
}

export async function markEmailValidated(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(userAccounts)
    .set({ emailValidatedAt: new Date() })
    .where(and(eq(userAccounts.userId, userId), isNull(userAccounts.emailValidatedAt)));
}

/** Paths of the app that a shop's url name must not take (spec §2 routes at the root). */
const RESERVED_SLUGS = new Set([
  'auth',
  'dashboard',
  'shops',
  'cart',
  'help',
  'tickets',
  'admin',
  'gs1',
  'iframes',
  'validate3ds',
  'get-api-key',
  'disable-tracking-notif',
  'roi-simulator',
  'apps',
  'v1',
  'remotes',
  'api',
  'static',
  'assets',
]);

export function slugify(name: string): string {
  const s = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return s || 'boutique';
}

export async function uniqueUrlShop(db: DbOrTx, name: string): Promise<string> {
  const base = slugify(name);
  const rows = await db
    .select({ url: shops.urlShop })
    .from(shops)
    .where(sql`${shops.urlShop} = ${base} or ${shops.urlShop} like ${`${base}-%`}`);
  const taken = new Set(rows.map((r) => r.url));
  if (!taken.has(base) && !RESERVED_SLUGS.has(base)) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base}-${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Public code: 6 upper-case letters from the name (3 of the first word, 3 of the next), digits on collision. */
export async function uniqueShopCode(db: DbOrTx, name: string): Promise<string> {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  let base = words.length > 1 ? `${words[0].slice(0, 3)}${words[1].slice(0, 3)}` : (words[0] ?? '').slice(0, 6);
  base = base.padEnd(6, 'X');
  const exists = async (code: string) => (await db.select({ id: shops.id }).from(shops).where(eq(shops.code, code)).limit(1)).length > 0;
  if (!(await exists(base))) return base;
  for (let i = 0; i < 50; i++) {
    const candidate = `${base.slice(0, 4)}${crypto.randomInt(10, 100)}`;
    if (!(await exists(candidate))) return candidate;
  }
  return `${base.slice(0, 2)}${crypto.randomInt(1000, 10000)}`;
}

/** New password hash; token_version bumped: every existing session stops working. */
export async function setPasswordAndRevoke(db: DbOrTx, userId: number, passwordHash: string): Promise<UserRow> {
  const [u] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return u;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [u] = await db.insert(users).values(values).returning();
  return u;
}

export async function insertUserAccount(db: DbOrTx, values: typeof userAccounts.$inferInsert): Promise<void> {
  await db.insert(userAccounts).values(values);
}

export async function insertShop(db: DbOrTx, values: typeof shops.$inferInsert) {
  const [shop] = await db.insert(shops).values(values).returning();
  return shop;
}

/** The owner of a new shop: every right (authorizations null). */
export async function insertOwnerMembership(db: DbOrTx, userId: number, shopId: number): Promise<void> {
  await db.insert(shopMembers).values({ userId, shopId, kind: 'owner', authorizations: null });
}

export async function setEmail(db: DbOrTx, userId: number, email: string): Promise<void> {
  await db.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function emailOf(db: DbOrTx, userId: number): Promise<string | undefined> {
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.email;
}
