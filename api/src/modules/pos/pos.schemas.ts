import { z } from 'zod';
import { listQuery } from '../../platform/list-query';

const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Le paramètre ${name} est une date AAAA-MM-JJ`)
    .optional();
const notFound = 'Ressource introuvable';
export const idParams = z.object({
  id: z.coerce.number({ error: notFound }).int(notFound).positive(notFound).max(2_147_483_647, notFound),
});

/** GET /v1/pos/salespoints/:id/tickets */
export const listTicketsQuery = listQuery({
  sort: ['number'],
  defaultSort: '-number',
  filters: {
    sessionId: z.coerce.number({ error: 'Le paramètre sessionId est un identifiant de session' }).int().positive().optional(),
    from: day('from'),
    to: day('to'),
  },
});
export type TicketsListQuery = z.output<typeof listTicketsQuery>;

export const archiveQuery = z.object({
  from: z
    .string({ error: 'Indiquez le début de la période (AAAA-MM-JJ)' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Indiquez le début de la période (AAAA-MM-JJ)'),
  to: z
    .string({ error: 'Indiquez la fin de la période (AAAA-MM-JJ)' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Indiquez la fin de la période (AAAA-MM-JJ)'),
});

export const sendTicketSchema = z.object({ email: z.email('Adresse e-mail invalide') });
