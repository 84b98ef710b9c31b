import { Router } from 'express';
import type { AppDeps } from '../../platform/deps';
import { createLoginIpLimiter, createLoginThrottle, TooManyLogins } from '../../platform/rate-limit';
import { checkCaptcha } from '../accounts/captcha';
import { badRequest, forbidden, MESSAGES } from '../../platform/errors';
import { parseOrThrow } from '../../platform/validation';
import { bumpUserTokenVersion } from '../users/users.repository';
import { bumpMasterTokenVersion } from './auth.repository';
import { loginRequestSchema, switchAccountSchema } from './auth.schemas';
import { login, switchAccount, toMasterAccountDto } from './auth.service';

export function createAuthRouter({ db, jwt, auth, config }: AppDeps): Router {
  const r = Router();

  const throttle = createLoginThrottle(config.loginRateLimit);
  const captcha = config.accounts.captcha;
  r.post('/auth/login', createLoginIpLimiter(config.loginRateLimit), async (req, res) => {
    const body = parseOrThrow(loginRequestSchema, req.body ?? {});
    const identifier = body.username?.trim() ? body.username : (body.email ?? '');
    if (!identifier.trim()) throw badRequest(MESSAGES.emptyField, body.username !== undefined ? 'username' : 'email');
    // with a captcha configured, a solved one lets the real user past the wait of an account under attack
    const unlocked = captcha ? async () => { await checkCaptcha(captcha, body.captchaToken, req.ip); return true; } : undefined;
    try {
      res.json(await login(db, jwt, identifier, body.password, { throttle, unlocked }));
    } catch (err) {
      if (!(err instanceof TooManyLogins)) throw err;
      res.setHeader('Retry-After', String(err.retryAfterSeconds));
      res.status(429).json({ success: false, message: err.message, ...(err.captcha ? { captcha: true } : {}) });
    }
  });

  r.post('/auth/switch-account', auth.requireAuth, async (req, res) => {
    const a = req.auth!;
    if (!a.master) throw forbidden();
    const { userId } = parseOrThrow(switchAccountSchema, req.body ?? {});
    res.json(await switchAccount(db, jwt, a.master, userId));
  });

  /** The master account of the session (master token or a sub-account opened from it), else null. */
  r.get('/auth/master-account', auth.requireAuth, async (req, res) => {
    const a = req.auth!;
    res.json(a.master ? await toMasterAccountDto(db, a.master) : null);
  });

  // Tokens are stateless: logging out is the client dropping its token.
  r.post('/auth/logout', (_req, res) => {
    res.status(204).end();
  });

  // Revokes every token of the account (bumps token_version).
  r.post('/auth/logout-all', auth.requireAuth, async (req, res) => {
    const a = req.auth!;
    if (a.user) await bumpUserTokenVersion(db, a.user.id);
    else if (a.master) await bumpMasterTokenVersion(db, a.master.id);
    else throw forbidden(MESSAGES.forbidden);
    res.status(204).end();
  });

  return r;
}
