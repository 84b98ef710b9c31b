import { notificationSchema } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, json, type ApiRouter } from '../../platform/routes';
import { listNotificationsQuerySchema, markAsSeenResponseSchema, markAsSeenSchema } from './notifications.schemas';
import { createNotificationsService } from './notifications.service';

const Notification = notificationSchema.meta({ id: 'Notification' });

export function createNotificationsRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createNotificationsService({ db });

  defineRoute(
    r,
    {
      method: 'get',
      path: '/notifications-centers',
      tags: ['notifications'],
      auth: 'user',
      summary: "The caller's notifications, newest first",
      request: { query: listNotificationsQuerySchema },
      responses: { 200: json(Notification.array(), 'Newest first') },
    },
    ({ auth: a, query }) => service.list(a.user.id, query.limit),
  );

  defineRoute(
    r,
    {
      method: 'put',
      path: '/notifications-centers/mark-as-seen',
      tags: ['notifications'],
      auth: 'user',
      summary: "Mark some of the caller's notifications as seen",
      request: { body: markAsSeenSchema },
      responses: { 200: json(markAsSeenResponseSchema, 'Count of the caller’s notifications marked seen (other users’ ids ignored)') },
    },
    ({ auth: a, body }) => service.markSeen(a.user.id, body.arrayOfIds),
  );

  return r;
}
