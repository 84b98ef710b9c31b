import { z } from 'zod';
import { TICKET_BODY_MAX, TICKET_SUBJECT_MAX, TICKETS_MESSAGES } from 'shared-kernel/contracts';
import { schemas } from 'shared-kernel/validation';

/** The 'Nouveau message' form: a shop, optionally one of the buyer's orders there ('' = none), a subject, the message. */
export const newTicketSchema = z.object({
  shopId: schemas.needed,
  orderId: z.string(),
  subject: schemas.needed.pipe(z.string().max(TICKET_SUBJECT_MAX, TICKETS_MESSAGES.subjectTooLong)),
  body: schemas.needed.pipe(z.string().max(TICKET_BODY_MAX, TICKETS_MESSAGES.bodyTooLong)),
});
export type NewTicketInput = z.output<typeof newTicketSchema>;
