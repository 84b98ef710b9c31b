import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from './logger';
import { INPUT_MESSAGES, jsonNestsDeeper } from './input-guard';
import { HttpError } from './http-error';
import { ACCOUNTING_RULE_MESSAGES } from 'shared-kernel/contracts';
import { isConnectionError } from './db/client';
import { clientErrorOf } from './db/pg-errors';

export const MESSAGES = {
  badCredentials: 'Le mail et/ou le mot de passe sont incorrects.',
  tooManyLogins: 'Trop de tentatives de connexion. Réessayez dans quelques minutes.',
  malformedJson: 'Requête invalide : JSON mal formé',
  badRequest: 'Requête invalide',
  bodyTooLarge: 'Requête trop volumineuse',
  unauthorized: 'Votre session a expiré ou est invalide, veuillez vous reconnecter.',
  forbidden: "Vous n'avez pas les droits nécessaires pour effectuer cette action.",
  chooseAccount: 'Veuillez choisir un compte pour continuer.',
  notFound: 'Ressource introuvable',
  shopNotFound: 'Boutique introuvable',
  /** a shop suspended by the platform's operator: its public pages and sales stop */
  shopSuspended: 'Cette boutique est momentanément suspendue : elle ne peut ni vendre ni être modifiée.',
  userNotFound: 'Utilisateur introuvable',
  internal: 'Une erreur est survenue',
  unavailable: 'Service momentanément indisponible, veuillez réessayer dans quelques instants.',
  updated: 'Vos informations ont été mises à jour',
  emptyField: 'Ce champ ne peut pas être vide',
} as const;

export { HttpError } from './http-error';

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
/** 'YYYY-MM' → 'mars 2026' */
export const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;

/** The month of a `wz_period_closed:YYYY-MM` database error (drizzle wraps it: look through the causes). */
export function closedPeriodOf(err: unknown): string | null {
  for (let e = err as { message?: string; cause?: unknown } | null, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    const m = /wz_period_closed:(\d{4}-\d{2})/.exec(e.message ?? '');
    if (m) return m[1];
  }
  return null;
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message: string = MESSAGES.unauthorized) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ success: false, message: MESSAGES.notFound });
};

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
  body?: unknown;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    if (err instanceof HttpError) {
      const body: { success: false; message: string; field?: string } = { success: false, message: err.message };
      if (err.field) body.field = err.field;
      res.status(err.status).json(body);
      return;
    }
    const e = (err ?? {}) as BodyParserError;
    if (e.type === 'entity.parse.failed') {
      // JSON.parse gives up on very deep nesting: say so rather than 'malformed'
      const tooDeep = typeof e.body === 'string' && jsonNestsDeeper(e.body);
      res.status(400).json({ success: false, message: tooDeep ? INPUT_MESSAGES.tooDeep : MESSAGES.malformedJson });
      return;
    }
    if (e.type === 'entity.too.large') {
      res.status(413).json({ success: false, message: MESSAGES.bodyTooLarge });
      return;
    }
    const status = e.status ?? e.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Other body-parser / router client errors (unsupported charset, bad URL encoding…).
      res.status(status).json({ success: false, message: MESSAGES.badRequest });
      return;
    }
    if (isConnectionError(err)) {
      // the database went away under this request (restart, failover) and it could not be run again safely: the
      // client may try again, nothing was lost
      logger.warn({ err, method: req.method, url: req.originalUrl }, 'database unavailable');
      res.setHeader('Retry-After', '2');
      res.status(503).json({ success: false, message: MESSAGES.unavailable });
      return;
    }
    const closed = closedPeriodOf(err);
    if (closed) {
      // migration 0023's trigger: a document or payment dated in a month closed in accounting
      res.status(409).json({ success: false, message: ACCOUNTING_RULE_MESSAGES.periodClosed(monthLabel(closed)) });
      return;
    }
    const client = clientErrorOf(err);
    if (client) {
      // an input the route did not bound, or a race on a unique name: the caller's doing, said in French (409 / 400)
      logger.warn({ err, method: req.method, url: req.originalUrl }, 'database refused the input');
      res.status(client.status).json({ success: false, message: client.message, ...(client.field ? { field: client.field } : {}) });
      return;
    }
    logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    res.status(500).json({ success: false, message: MESSAGES.internal });
  };
}
