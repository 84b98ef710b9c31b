import { z } from 'zod';
import { markAsSeenSchema, notificationSchema } from 'shared-kernel/contracts';

export { markAsSeenSchema, notificationSchema };
export const notificationListSchema = z.array(notificationSchema);
export const markAsSeenResponseSchema = z.object({ success: z.literal(true), updated: z.number().int() });
export const listNotificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
