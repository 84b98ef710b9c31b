import fs from 'node:fs';
import path from 'node:path';
import type { CaptchaConfig, CaptchaVersion } from 'shared-kernel/contracts';

export interface AppConfig {
  nodeEnv: string;
  port: number;
  host: string;
  /** postgres://… → node-postgres; undefined → embedded PGlite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** HS256 secret; when absent it is generated once and stored in dataDir/jwt-secret. */
  jwtSecret?: string;
  /** Token lifetime in seconds. */
  jwtTtlSeconds: number;
  logLevel: string;
  seedDemo: boolean;
  /** Express 'trust proxy' setting (the gateway forwards X-Forwarded-For). */
  trustProxy: string | number | boolean;
  bodyLimit: string;
  loginRateLimit: {
    windowMs: number;
    /** failed attempts per account identifier per window */
    maxPerAccount: number;
    /** failed attempts per IP per window */
    maxPerIp: number;
    /** first wait once an account is over maxPerAccount (doubled at each further failure, capped at windowMs) */
    delayMs: number;
  };
  /** Account flows: mail, links, tokens, rate limits, captcha. */
  accounts: AccountsConfig;
}

export interface AccountsConfig {
  /** smtp://… or smtps://… (nodemailer URL); unset → mails written as .eml files into mailDir */
  smtpUrl?: string;
  mailDir: string;
  mailFrom: string;
  /** base of the links sent by email */
  publicUrl: string;
  validateTokenTtlSeconds: number;
  resetTokenTtlSeconds: number;
  /** register / reset / resend requests per IP per window (0 disables) */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Server-side check: set when a secret is configured (the token is then required). */
  captcha?: { provider: 'hcaptcha' | 'recaptcha'; secret: string };
  /** What the browser needs (GET /v1/auth/captcha-config): provider, PUBLIC site key, reCAPTCHA version. */
  captchaPublic: CaptchaConfig;
}

/** RECAPTCHA_VERSION: v2 (checkbox) or v3 (invisible); '2' / '3' accepted; unset → null. */
function parseCaptchaVersion(value: string | undefined): CaptchaVersion | null {
  if (value === undefined || value.trim() === '') return null;
  const v = value.trim().toLowerCase().replace(/^v/, '');
  if (v === '2') return 'v2';
  if (v === '3') return 'v3';
  throw new Error(`RECAPTCHA_VERSION must be v2 or v3, got '${value}'`);
}

/**
 * The public captcha setup. hCaptcha wins when both are configured (as for the secret check).
 * A provider is named as soon as its secret or site key is set, so a missing site key or
 * reCAPTCHA version reaches the forms, which report it (spec §8) instead of failing silently.
 */
export function loadCaptchaPublicConfig(env: NodeJS.ProcessEnv): CaptchaConfig {
  const version = parseCaptchaVersion(env.RECAPTCHA_VERSION);
  if (env.HCAPTCHA_SECRET || env.HCAPTCHA_SITE_KEY) {
    return { provider: 'hcaptcha', siteKey: env.HCAPTCHA_SITE_KEY?.trim() || null, version: null };
  }
  if (env.RECAPTCHA_SECRET || env.RECAPTCHA_SITE_KEY) {
    return { provider: 'recaptcha', siteKey: env.RECAPTCHA_SITE_KEY?.trim() || null, version };
  }
  return { provider: null, siteKey: null, version: null };
}

/** Parses '7d', '12h', '15m', '30s' or a bare number of seconds. */
export function parseDurationSeconds(value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const m = /^\s*(\d+)\s*([smhd]?)\s*$/i.exec(value);
  if (!m) throw new Error(`Invalid duration: ${value}`);
  const n = Number(m[1]);
  const unit = (m[2] || 's').toLowerCase();
  const mult = unit === 'd' ? 86400 : unit === 'h' ? 3600 : unit === 'm' ? 60 : 1;
  return n * mult;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`Invalid number: ${value}`);
  return Math.floor(n);
}

/** Walks up from this file to the pnpm workspace root (falls back to cwd). */
export function findRepoRoot(start: string = __dirname): string {
  let dir = start;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

function parseTrustProxy(v: string | undefined): string | number | boolean {
  if (v === undefined || v === '') return 'loopback';
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV || 'development';
  return {
    nodeEnv,
    port: int(env.PORT, 4000),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || path.join(findRepoRoot(), '.data', 'pglite')),
    jwtSecret: env.JWT_SECRET || undefined,
    jwtTtlSeconds: parseDurationSeconds(env.JWT_TTL, 7 * 86400),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    seedDemo: env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    bodyLimit: env.BODY_LIMIT || '1mb',
    loginRateLimit: {
      windowMs: int(env.LOGIN_RATE_LIMIT_WINDOW_MS, 15 * 60 * 1000),
      maxPerAccount: int(env.LOGIN_RATE_LIMIT_MAX, 10),
      maxPerIp: int(env.LOGIN_RATE_LIMIT_IP_MAX, 50),
      delayMs: int(env.LOGIN_RATE_LIMIT_DELAY_MS, 1000),
    },
    accounts: loadAccountsConfig(env, path.resolve(env.DATA_DIR || path.join(findRepoRoot(), '.data', 'pglite'))),
  };
}

export function loadAccountsConfig(env: NodeJS.ProcessEnv, dataDir: string): AccountsConfig {
  const captcha = env.HCAPTCHA_SECRET
    ? { provider: 'hcaptcha' as const, secret: env.HCAPTCHA_SECRET }
    : env.RECAPTCHA_SECRET
      ? { provider: 'recaptcha' as const, secret: env.RECAPTCHA_SECRET }
      : undefined;
  return {
    smtpUrl: env.SMTP_URL || undefined,
    mailDir: path.resolve(env.MAIL_DIR || path.join(dataDir, '..', 'mail')),
    mailFrom: env.MAIL_FROM || 'Wineriz <no-reply@wineriz.local>',
    publicUrl: (env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, ''),
    validateTokenTtlSeconds: parseDurationSeconds(env.VALIDATE_TOKEN_TTL, 2 * 86400),
    resetTokenTtlSeconds: parseDurationSeconds(env.RESET_TOKEN_TTL, 3600),
    rateLimitMax: int(env.ACCOUNT_RATE_LIMIT_MAX, 20),
    rateLimitWindowMs: int(env.ACCOUNT_RATE_LIMIT_WINDOW_MS, 15 * 60 * 1000),
    captcha,
    captchaPublic: loadCaptchaPublicConfig(env),
  };
}
