import { Router, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { eq, sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES, changeEmailSchema, changePasswordSchema, emailRequestSchema, registerRequestSchema, resetConfirmSchema, tokenRequestSchema,
} from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import type { AppConfig } from '../../platform/config';
import type { Logger } from '../../platform/logger';
import { userAuth } from '../../platform/auth/middleware';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import { HttpError } from '../../platform/errors';
import { parseOrThrow } from '../../platform/validation';
import { createMailer, type Mailer } from '../../platform/mail/mailer';
import { users } from '../../platform/db/schema';
import { findUserByEmail } from '../users/users.repository';
import { checkCaptcha } from './captcha';
import {
  confirmPasswordReset, emailTaken, register, requestPasswordReset, resendValidation, sendAccountMail, validateEmail, type AccountsDeps,
} from './accounts.service';

/** One mailer per app config: the job worker's 'mail' handler sends through it (server.ts, test/test-app.ts). */
const mailers = new WeakMap<AppConfig, Mailer>();
export function mailerFor(config: AppConfig, logger: Logger): Mailer {
  let m = mailers.get(config);
  if (!m) {
    m = createMailer(config.accounts, logger);
    mailers.set(config, m);
  }
  return m;
}

const passThrough: RequestHandler = (_req, _res, next) => next();

/** Per-IP limit on register / reset / resend (all requests count). */
function accountLimiter(config: AppConfig, identifier: string): RequestHandler {
  const { rateLimitMax, rateLimitWindowMs } = config.accounts;
  if (rateLimitMax <= 0) return passThrough;
  return rateLimit({
    windowMs: rateLimitWindowMs,
    limit: rateLimitMax,
    identifier,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ success: false, message: AUTH_MESSAGES.tooMany });
    },
  });
}

export function createAccountsRouter({ db, jwt, auth, config, logger }: AppDeps): Router {
  const r = Router();
  // account mails are 'mail' jobs queued with their link token (platform/jobs); the job worker sends them
  const d: AccountsDeps = { db, jwt, cfg: config.accounts, logger };
  const background = (p: Promise<unknown>) => { p.catch((err) => logger.error({ err }, 'account background task failed')); };

  /** Public: what the register and reset forms need to show the captcha (never the secret). */
  r.get('/auth/captcha-config', (_req, res) => {
    res.json(config.accounts.captchaPublic);
  });

  r.post('/auth/register', accountLimiter(config, 'register'), async (req, res) => {
    const body = parseOrThrow(registerRequestSchema, req.body ?? {});
    await checkCaptcha(config.accounts.captcha, body.captchaToken, req.ip);
    const result = await register(d, body);
    res.status(201).json(result.login ? { ...result.login, success: true, message: result.message } : result);
  });

  r.post('/auth/validate', async (req, res) => {
    const { token } = parseOrThrow(tokenRequestSchema, req.body ?? {});
    res.json(await validateEmail(d, token));
  });

  r.post('/auth/validate/resend', accountLimiter(config, 'resend'), async (req, res) => {
    const { email } = parseOrThrow(emailRequestSchema, req.body ?? {});
    background(resendValidation(d, email));
    res.json({ success: true, message: AUTH_MESSAGES.resendSent });
  });

  r.post('/auth/reset-password', accountLimiter(config, 'reset'), async (req, res) => {
    const { email, captchaToken } = parseOrThrow(emailRequestSchema, req.body ?? {});
    await checkCaptcha(config.accounts.captcha, captchaToken, req.ip);
    // Not awaited: the answer and its timing are the same whether or not the account exists.
    background(requestPasswordReset(d, email));
    res.json({ success: true, message: AUTH_MESSAGES.resetSent });
  });

  r.post('/auth/reset-password/confirm', accountLimiter(config, 'reset-confirm'), async (req, res) => {
    const { token, password } = parseOrThrow(resetConfirmSchema, req.body ?? {});
    await confirmPasswordReset(d, token, password);
    res.json({ success: true, message: AUTH_MESSAGES.passwordReset });
  });

  /** Change the password: the current one is required; other sessions are revoked, a fresh token is returned. */
  r.put('/users/me/password', auth.requireUser, async (req, res) => {
    const a = userAuth(req);
    const { currentPassword, password } = parseOrThrow(changePasswordSchema, req.body ?? {});
    if (!(await verifyPassword(a.user.passwordHash, currentPassword))) {
      throw new HttpError(400, AUTH_MESSAGES.wrongCurrentPassword, 'currentPassword');
    }
    const passwordHash = await hashPassword(password);
    const [u] = await db.update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, a.user.id)).returning();
    const token = await jwt.sign({ sub: u.id, kind: 'user', tv: u.tokenVersion, ...(a.claims.mid !== undefined ? { mid: a.claims.mid } : {}) });
    res.json({ success: true, message: AUTH_MESSAGES.passwordChanged, jwt: token });
  });

  /** Change the email: the password is required; the new address is used once its link is opened. */
  r.put('/users/me/email', auth.requireUser, accountLimiter(config, 'email-change'), async (req, res) => {
    const a = userAuth(req);
    const { email, password } = parseOrThrow(changeEmailSchema, req.body ?? {});
    if (!(await verifyPassword(a.user.passwordHash, password))) {
      throw new HttpError(400, AUTH_MESSAGES.wrongCurrentPassword, 'password');
    }
    const newEmail = email.trim();
    const other = await findUserByEmail(db, newEmail);
    if (other && other.id !== a.user.id) throw emailTaken();
    if (other && other.id === a.user.id && other.email === newEmail) {
      throw new HttpError(400, 'Cette adresse est déjà celle de votre compte', 'email');
    }
    await sendAccountMail(d, 'email', a.user, newEmail);
    res.json({ success: true, message: AUTH_MESSAGES.emailChangeSent });
  });

  return r;
}
