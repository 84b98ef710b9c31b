import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  agentShopSchema,
  captchaConfigSchema,
  changeEmailSchema,
  changePasswordSchema,
  emailRequestSchema,
  registerRequestSchema,
  resetConfirmSchema,
  tokenRequestSchema,
} from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { HttpError, MESSAGES } from '../../platform/errors';
import type { AppConfig } from '../../platform/config';
import type { Logger } from '../../platform/logger';
import { createMailer, type Mailer } from '../../platform/mail/mailer';
import { apiRouter, defineRoute, error, json, type ApiRouter } from '../../platform/routes';
import { checkCaptcha } from './captcha';
import { createAccountsService } from './accounts.service';

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

const done = z.object({ success: z.literal(true), message: z.string() });
const tooMany = error(`'${AUTH_MESSAGES.tooMany}' (per IP)`);
const tokenErrors = { 400: error("'Ce lien n'est pas valide.' (field token)"), 410: error('Link expired or already used (field token)') };

export function createAccountsRouter({ db, jwt, auth, config, logger }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  // account mails are 'mail' jobs queued with their link token (platform/jobs); the job worker sends them
  const service = createAccountsService({ db, jwt, cfg: config.accounts, logger });
  const background = (p: Promise<unknown>) => {
    p.catch((err) => logger.error({ err }, 'account background task failed'));
  };

  defineRoute(
    r,
    {
      method: 'get',
      path: '/auth/captcha-config',
      tags: ['accounts'],
      auth: 'public',
      summary: 'What the register and reset forms need to show the captcha (never the secret)',
      responses: { 200: json(captchaConfigSchema, 'Captcha provider, site key and version (all null: no captcha)') },
    },
    () => config.accounts.captchaPublic,
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/auth/register',
      tags: ['accounts'],
      auth: 'public',
      summary: 'Create a buyer, seller (owner of a new shop, logged in at once) or agent account; a validation link is mailed',
      before: [accountLimiter(config, 'register')],
      request: { body: registerRequestSchema },
      responses: {
        201: json(
          done.extend({ user: z.unknown().optional(), jwt: z.string().optional(), masterAccount: z.unknown().optional() }),
          'Created (a seller also gets user, jwt, masterAccount)',
        ),
        409: error("'Un compte existe déjà avec cette adresse mail' (field email)"),
        429: tooMany,
      },
    },
    async ({ body }, req) => {
      await checkCaptcha(config.accounts.captcha, body.captchaToken, req.ip);
      const result = await service.register(body);
      return result.login ? { ...result.login, success: true, message: result.message } : result;
    },
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/auth/validate',
      tags: ['accounts'],
      auth: 'public',
      summary: 'Validate an account address (or apply an email change) with the token of the mailed link',
      request: { body: tokenRequestSchema },
      responses: { 200: json(done.extend({ email: z.string() }), 'Validated'), ...tokenErrors },
    },
    ({ body }) => service.validateEmail(body.token),
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/auth/validate/resend',
      tags: ['accounts'],
      auth: 'public',
      summary: 'Mail a new validation link (same answer whether or not a non-validated account exists)',
      before: [accountLimiter(config, 'resend')],
      request: { body: emailRequestSchema },
      responses: { 200: json(done, 'Sent when the account exists'), 429: tooMany },
    },
    ({ body }) => {
      background(service.resendValidation(body.email));
      return { success: true, message: AUTH_MESSAGES.resendSent };
    },
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/auth/reset-password',
      tags: ['accounts'],
      auth: 'public',
      summary: 'Mail a single-use password reset link (same answer whether or not the account exists)',
      before: [accountLimiter(config, 'reset')],
      request: { body: emailRequestSchema },
      responses: { 200: json(done, 'Sent when the account exists'), 429: tooMany },
    },
    async ({ body }, req) => {
      await checkCaptcha(config.accounts.captcha, body.captchaToken, req.ip);
      // Not awaited: the answer and its timing are the same whether or not the account exists.
      background(service.requestPasswordReset(body.email));
      return { success: true, message: AUTH_MESSAGES.resetSent };
    },
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/auth/reset-password/confirm',
      tags: ['accounts'],
      auth: 'public',
      summary: 'Set a new password with the token of the reset link (every session revoked)',
      before: [accountLimiter(config, 'reset-confirm')],
      request: { body: resetConfirmSchema },
      responses: { 200: json(done, 'Password changed'), ...tokenErrors, 429: tooMany },
    },
    async ({ body }) => {
      await service.confirmPasswordReset(body.token, body.password);
      return { success: true, message: AUTH_MESSAGES.passwordReset };
    },
  );

  defineRoute(
    r,
    {
      method: 'put',
      path: '/users/me/password',
      tags: ['accounts'],
      auth: 'user',
      summary: 'Change the password (current one required); other sessions revoked, a fresh token returned',
      request: { body: changePasswordSchema },
      responses: { 200: json(done.extend({ jwt: z.string() }), 'Changed') },
    },
    ({ auth: a, body }) => service.changePassword(a, body.currentPassword, body.password),
  );

  defineRoute(
    r,
    {
      method: 'put',
      path: '/users/me/email',
      tags: ['accounts'],
      auth: 'user',
      summary: 'Change the email (password required): a validation link is mailed to the new address',
      before: [accountLimiter(config, 'email-change')],
      request: { body: changeEmailSchema },
      responses: { 200: json(done, 'Link sent'), 409: error('Address taken (field email)'), 429: tooMany },
    },
    ({ auth: a, body }) => service.changeEmail(a, body.email, body.password),
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/agent/shops',
      tags: ['accounts'],
      auth: 'user',
      summary: 'An agent opens a producer’s shop: the owner is invited by mail to choose a password; the agent is its sales agent',
      request: { body: agentShopSchema },
      responses: {
        201: json(z.object({ shop: z.object({ id: z.number(), name: z.string(), urlShop: z.string() }), message: z.string() }), 'Created'),
      },
    },
    async ({ auth, body }, _req, res) => {
      if (auth.user.role !== 'agent') throw new HttpError(403, MESSAGES.forbidden);
      res.status(201).json(await service.createShopForProducer(auth.user, body));
    },
  );
  return r;
}
