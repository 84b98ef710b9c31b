import { Router } from 'express';
import type { AppDeps } from '../../platform/deps';
import { userAuth } from '../../platform/auth/middleware';
import { parseOrThrow } from '../../platform/validation';
import { listNotificationsQuerySchema, markAsSeenSchema } from './notifications.schemas';
import { getNotifications, markNotificationsSeen } from './notifications.service';

export function createNotificationsRouter({ db, auth }: AppDeps): Router {
  const r = Router();

  r.get('/notifications-centers', auth.requireUser, async (req, res) => {
    const { limit } = parseOrThrow(listNotificationsQuerySchema, req.query);
    res.json(await getNotifications(db, userAuth(req).user.id, limit));
  });

  r.put('/notifications-centers/mark-as-seen', auth.requireUser, async (req, res) => {
    const { arrayOfIds } = parseOrThrow(markAsSeenSchema, req.body ?? {});
    res.json(await markNotificationsSeen(db, userAuth(req).user.id, arrayOfIds));
  });

  return r;
}
