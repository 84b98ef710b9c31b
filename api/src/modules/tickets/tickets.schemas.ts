import { z } from 'zod';
import { paginated, TICKET_STATUSES, TICKETS_MESSAGES as M, ticketListItemSchema } from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';

/** GET /tickets: q on the subject and the buyer's name, status filter, newest activity first. */
export const listTicketsQuery = listQuery({
  sort: ['lastMessageAt', 'createdAt', 'subject'],
  defaultSort: '-lastMessageAt',
  filters: { status: z.enum(TICKET_STATUSES, { error: M.status }).optional() },
});
export type ListTicketsQuery = z.output<typeof listTicketsQuery>;

export const ticketListSchema = paginated(ticketListItemSchema);

/** GET /tickets/shops: `shop` = a shop (id, code or urlShop) to offer even without orders there (?shop= of the page). */
export const contactShopsQuery = z.object({ shop: z.string().trim().max(200).optional() });

export const withMessage = <T extends z.ZodObject>(s: T) => s.extend({ message: z.string() });
