import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

export const JWT_ISSUER = 'wineriz-api';

export interface TokenClaims {
  /** user id (kind 'user') or master account id (kind 'master') */
  sub: number;
  kind: 'user' | 'master';
  /** token_version of the subject at signing time */
  tv: number;
  /** master account id when a master switched into a sub-account */
  mid?: number;
  /** expiry (seconds since the epoch), on verified tokens */
  exp?: number;
}

export interface JwtService {
  sign(claims: TokenClaims): Promise<string>;
  /** Returns null for any invalid, expired, tampered or wrongly signed token. */
  verify(token: string): Promise<TokenClaims | null>;
  /** Signed links sent by mail (a quote to accept…): no session, no row to keep; see createLinkSigner. */
  links: LinkSigner;
}

/**
 * The token of a link that opens one object without an account (a client accepting a quote from a mail): an HS256
 * JWT naming its purpose and the object's id, signed with the api's secret, until `expiresAt`. A token of one purpose
 * never opens another (the purpose is the audience); a session token is never a link token (no audience).
 */
export interface LinkSigner {
  sign(purpose: string, id: number, expiresAt: Date): Promise<string>;
  /** the id, or null for a token that is invalid, expired, tampered or of another purpose */
  verify(purpose: string, token: string): Promise<number | null>;
}

export function createLinkSigner(secret: Uint8Array): LinkSigner {
  return {
    sign: (purpose, id, expiresAt) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(id))
        .setIssuer(JWT_ISSUER)
        .setAudience(`link:${purpose}`)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(secret),
    async verify(purpose, token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: JWT_ISSUER,
          audience: `link:${purpose}`,
          requiredClaims: ['exp', 'sub', 'aud'],
        });
        const id = Number(payload.sub);
        return Number.isSafeInteger(id) && id > 0 ? id : null;
      } catch {
        return null;
      }
    },
  };
}

/** JWT_SECRET, else a secret generated once and kept in dataDir/jwt-secret (0600). */
export function resolveJwtSecret(opts: { jwtSecret?: string; dataDir: string }): Uint8Array {
  if (opts.jwtSecret) {
    if (opts.jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(opts.jwtSecret);
  }
  const file = path.join(opts.dataDir, 'jwt-secret');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return new TextEncoder().encode(existing);
  } catch {
    /* not created yet */
  }
  const secret = crypto.randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  } catch {
    // Another process created it first: use theirs.
    return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
  }
  return new TextEncoder().encode(secret);
}

export function createJwtService(secret: Uint8Array, ttlSeconds: number): JwtService {
  return {
    links: createLinkSigner(secret),
    async sign(claims) {
      const now = Math.floor(Date.now() / 1000);
      const payload: Record<string, unknown> = { kind: claims.kind, tv: claims.tv };
      if (claims.mid !== undefined) payload.mid = claims.mid;
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setIssuer(JWT_ISSUER)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: JWT_ISSUER, requiredClaims: ['exp', 'sub'] });
        const sub = Number(payload.sub);
        const kind = payload.kind;
        const tv = payload.tv;
        const mid = payload.mid;
        if (!Number.isSafeInteger(sub) || sub <= 0) return null;
        if (kind !== 'user' && kind !== 'master') return null;
        if (typeof tv !== 'number' || !Number.isInteger(tv)) return null;
        if (mid !== undefined && (typeof mid !== 'number' || !Number.isInteger(mid))) return null;
        return { sub, kind, tv, ...(mid !== undefined ? { mid } : {}), ...(typeof payload.exp === 'number' ? { exp: payload.exp } : {}) };
      } catch {
        return null;
      }
    },
  };
}
