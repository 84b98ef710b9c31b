import { z } from 'zod';
import { markAsSeenSchema, notificationSchema } from 'shared-kernel/contracts';
import { intQueryParam } from '../../platform/list-query';

export { markAsSeenSchema, notificationSchema };
export const markAsSeenResponseSchema = z.object({ success: z.literal(true), updated: z.number().int() });
/**
 * GET /v1/notifications-centers?limit=: the shell's bell reads the newest ones as a plain array (not the paginated
 * envelope: a notification centre is a feed, not a back-office list).
 */
export const listNotificationsQuerySchema = z.object({
  limit: intQueryParam('limit', 1, 500, 200).describe('1–500, default 200'),
});
