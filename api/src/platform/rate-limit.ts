import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AppConfig } from './config';
import { MESSAGES } from './errors';

const passThrough: RequestHandler = (_req, _res, next) => next();

function loginIdentifier(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const v = typeof b.username === 'string' && b.username.trim() ? b.username : b.email;
  return typeof v === 'string' && v.trim() ? v.trim().toLowerCase().slice(0, 254) : undefined;
}

/**
 * Login limiters: failed attempts per IP and per account identifier within a sliding
 * window (successful logins are not counted). Entries expire with the window, so the
 * real user is never locked out for good. A max of 0 disables that limiter.
 */
export function createLoginRateLimiters(cfg: AppConfig['loginRateLimit']): RequestHandler[] {
  const common = {
    windowMs: cfg.windowMs,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-7' as const,
    legacyHeaders: false,
    handler: ((_req, res) => {
      res.status(429).json({ success: false, message: MESSAGES.tooManyLogins });
    }) as RequestHandler,
  };
  const perIp = cfg.maxPerIp > 0 ? rateLimit({ ...common, limit: cfg.maxPerIp }) : passThrough;
  const perAccount = cfg.maxPerAccount > 0
    ? rateLimit({
      ...common,
      limit: cfg.maxPerAccount,
      identifier: 'login-account',
      keyGenerator: (req) => `acct:${loginIdentifier(req.body) ?? ''}`,
      skip: (req) => loginIdentifier(req.body) === undefined,
    })
    : passThrough;
  return [perIp, perAccount];
}
