import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AppConfig } from './config';
import { HttpError, MESSAGES } from './errors';

const passThrough: RequestHandler = (_req, _res, next) => next();

/**
 * Failed logins per ACCOUNT, whichever identifier names it (email or username; unknown identifiers are
 * counted per identifier, so that an unknown account looks the same). After `maxPerAccount` failures within
 * `windowMs`, each further attempt must wait `delayMs` × 2^(failures − max), capped at `windowMs`: guessing slows to
 * a crawl, while the real user, who only needs one attempt, gets in after at most that wait — never locked out for
 * good. When a captcha is configured, a solved captcha skips the wait. A success clears the count; counts expire
 * `windowMs` after the last failure. Per instance, in memory (like the per-IP limit).
 */
export interface LoginThrottle {
  /** throws 429 (`Retry-After`) while the account must wait, unless `unlocked` (a solved captcha) */
  check(key: string, unlocked?: () => Promise<boolean>): Promise<void>;
  failed(key: string): void;
  succeeded(key: string): void;
}

export class TooManyLogins extends HttpError {
  constructor(
    public readonly retryAfterSeconds: number,
    public readonly captcha: boolean,
  ) {
    super(429, MESSAGES.tooManyLogins);
  }
}

export function createLoginThrottle(cfg: AppConfig['loginRateLimit'], now: () => number = Date.now): LoginThrottle {
  const entries = new Map<string, { failures: number; last: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && now() - e.last > cfg.windowMs) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  const waitUntil = (e: { failures: number; last: number }) => {
    if (e.failures < cfg.maxPerAccount) return 0;
    return e.last + Math.min(cfg.delayMs * 2 ** Math.min(e.failures - cfg.maxPerAccount, 30), cfg.windowMs);
  };
  return {
    async check(key, unlocked) {
      if (cfg.maxPerAccount <= 0) return;
      const e = live(key);
      if (!e) return;
      const until = waitUntil(e);
      if (until <= now()) return;
      if (unlocked && (await unlocked())) return;
      throw new TooManyLogins(Math.ceil((until - now()) / 1000), !!unlocked);
    },
    failed(key) {
      if (cfg.maxPerAccount <= 0) return;
      const e = live(key) ?? { failures: 0, last: 0 };
      e.failures++;
      e.last = now();
      entries.delete(key);
      entries.set(key, e);
      if (entries.size > 100_000) entries.delete(entries.keys().next().value!);
    },
    succeeded(key) {
      entries.delete(key);
    },
  };
}

/**
 * Failed logins per IP within a sliding window (successful logins are not counted); entries expire with the
 * window. A max of 0 disables it. The per-account count is `createLoginThrottle`.
 */
export function createLoginIpLimiter(cfg: AppConfig['loginRateLimit']): RequestHandler {
  if (cfg.maxPerIp <= 0) return passThrough;
  return rateLimit({
    windowMs: cfg.windowMs,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    limit: cfg.maxPerIp,
    handler: ((_req, res) => {
      res.status(429).json({ success: false, message: MESSAGES.tooManyLogins });
    }) as RequestHandler,
  });
}
