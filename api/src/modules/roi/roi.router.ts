import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, error, json, type ApiRouter } from '../../platform/routes';
import { ROI_MESSAGES, roiSentSchema, sendRoiBodySchema } from './roi.schemas';
import { createRoiService } from './roi.service';

export interface RoiRouterOptions {
  /** sends per IP within `windowMs`, every request counted (0 disables) */
  limit: number;
  windowMs: number;
}

/** A mail to any address from a public form: 5 sends per IP and per hour. */
export const ROI_RATE_LIMIT: RoiRouterOptions = { limit: 5, windowMs: 60 * 60 * 1000 };

function sendLimiter({ limit, windowMs }: RoiRouterOptions): RequestHandler {
  if (limit <= 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs,
    limit,
    identifier: 'roi-send',
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    handler: (_req, res) => {
      res.status(429).json({ success: false, message: ROI_MESSAGES.tooMany });
    },
  });
}

/** The public ROI simulator's routes. */
export function createRoiRouter({ auth, db, config }: AppDeps, options: RoiRouterOptions = ROI_RATE_LIMIT): ApiRouter {
  const r = apiRouter(auth);
  const service = createRoiService({ db, publicUrl: config.accounts.publicUrl });

  defineRoute(
    r,
    {
      method: 'post',
      path: '/roi/send',
      tags: ['roi'],
      auth: 'public',
      summary: 'Mails the results of the ROI simulator (/roi-simulator) to the address given',
      description: `Queues a mail with the figures, the inputs and the assumptions (a 'mail' job). Rate limited: ${options.limit} requests per IP per ${Math.round(options.windowMs / 60000)} minutes.`,
      before: [sendLimiter(options)],
      request: { body: sendRoiBodySchema },
      responses: {
        202: json(roiSentSchema, 'The mail is queued'),
        400: error("A French message naming the field ('Le mail est incorrect', field email; inputs.<name>, results.<name>…)"),
        429: error(`'${ROI_MESSAGES.tooMany}'`),
      },
    },
    ({ body }) => service.send(body),
  );

  return r;
}
