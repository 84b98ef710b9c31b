import { masterAccountSchema } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { createLoginIpLimiter, createLoginThrottle, TooManyLogins } from '../../platform/rate-limit';
import { badRequest, forbidden, MESSAGES } from '../../platform/errors';
import { apiRouter, defineRoute, error, json, type ApiRouter } from '../../platform/routes';
import { checkCaptcha } from '../accounts';
import { loginRequestSchema, loginResponseSchema, switchAccountSchema } from './auth.schemas';
import { createAuthService } from './auth.service';

const MasterAccount = masterAccountSchema.meta({ id: 'MasterAccount' });
const LoginResponse = loginResponseSchema.meta({ id: 'LoginResponse' });

export function createAuthRouter({ db, jwt, auth, config }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createAuthService({ db, jwt, throttle: createLoginThrottle(config.loginRateLimit) });
  const captcha = config.accounts.captcha;

  defineRoute(
    r,
    {
      method: 'post',
      path: '/auth/login',
      tags: ['auth'],
      auth: 'public',
      summary: 'Log in with email or username',
      before: [createLoginIpLimiter(config.loginRateLimit)],
      request: { body: loginRequestSchema },
      responses: {
        200: json(LoginResponse, 'Logged in (user: null and masterAccount for a master account)'),
        401: error("'Le mail et/ou le mot de passe sont incorrects.'"),
        429: error('Too many failed attempts (Retry-After; captcha: true when a solved captcha lets the user past the wait)'),
      },
    },
    async ({ body }, req, res) => {
      const identifier = body.username?.trim() ? body.username : (body.email ?? '');
      if (!identifier.trim()) throw badRequest(MESSAGES.emptyField, body.username !== undefined ? 'username' : 'email');
      // with a captcha configured, a solved one lets the real user past the wait of an account under attack
      const unlocked = captcha
        ? async () => {
            await checkCaptcha(captcha, body.captchaToken, req.ip);
            return true;
          }
        : undefined;
      try {
        return await service.login(identifier, body.password, unlocked);
      } catch (err) {
        if (!(err instanceof TooManyLogins)) throw err;
        res.setHeader('Retry-After', String(err.retryAfterSeconds));
        res.status(429).json({ success: false, message: err.message, ...(err.captcha ? { captcha: true } : {}) });
        return undefined;
      }
    },
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/auth/switch-account',
      tags: ['auth'],
      auth: 'token',
      summary: 'Master account: open a sub-account',
      before: [
        (req, _res, next) => {
          if (!req.auth?.master) throw forbidden();
          next();
        },
      ],
      request: { body: switchAccountSchema },
      responses: { 200: json(LoginResponse, 'Switched'), 403: error('Not a master session'), 404: error('Not a sub-account') },
    },
    async ({ auth: a, body }) => service.switchAccount(a.master!, body.userId),
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/auth/master-account',
      tags: ['auth'],
      auth: 'token',
      summary: 'Master account of the session, or null',
      responses: { 200: json(MasterAccount.nullable(), 'Master account (master token or a sub-account opened from it)') },
    },
    async ({ auth: a }) => (a.master ? service.masterAccount(a.master) : null),
  );

  // Tokens are stateless: logging out is the client dropping its token.
  defineRoute(
    r,
    {
      method: 'post',
      path: '/auth/logout',
      tags: ['auth'],
      auth: 'public',
      summary: 'Log out (stateless)',
      responses: { 204: 'Done' },
    },
    () => undefined,
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/auth/logout-all',
      tags: ['auth'],
      auth: 'token',
      summary: 'Revoke every token of the account (bumps token_version)',
      responses: { 204: 'Done' },
    },
    async ({ auth: a }) => {
      if (!(await service.logoutAll(a))) throw forbidden(MESSAGES.forbidden);
      return undefined;
    },
  );

  return r;
}
