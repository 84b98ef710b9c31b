import type { RequestHandler } from 'express';
import type { Db } from '../db/client';
import { HttpError, MESSAGES, forbidden } from '../errors';
import type { JwtService } from './jwt';
import { authenticateCached } from './auth-cache';
import type { AuthContext, UserAuthContext } from './authenticate';

export { authenticate, type AuthContext, type UserAuthContext } from './authenticate';

export interface AuthMiddlewares {
  /** any valid token (user or master) */
  requireAuth: RequestHandler;
  /** a token of a user account (master tokens must switch to a sub-account first) */
  requireUser: RequestHandler;
}

export function createAuthMiddlewares(db: Db, jwt: JwtService): AuthMiddlewares {
  const requireAuth: RequestHandler = async (req, _res, next) => {
    req.auth = await authenticateCached(db, jwt, req.get('authorization'));
    next();
  };
  const requireUser: RequestHandler = async (req, _res, next) => {
    const auth = await authenticateCached(db, jwt, req.get('authorization'));
    if (!auth.user) throw forbidden(MESSAGES.chooseAccount);
    req.auth = auth;
    next();
  };
  return { requireAuth, requireUser };
}

/** The authenticated user context (after requireUser). */
export function userAuth(req: { auth?: AuthContext }): UserAuthContext {
  const auth = req.auth;
  if (!auth || !auth.user) throw new HttpError(401, MESSAGES.unauthorized);
  return auth as UserAuthContext;
}
