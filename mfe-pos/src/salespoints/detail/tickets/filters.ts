// The URL state of a salespoint's tickets. Mirrors GET /pos/salespoints/:id/tickets (contract
// shared-kernel/contracts/pos.ts): sort by number (newest first), filters sessionId and the period from / to
// (Paris days, YYYY-MM-DD, both included).
import { z } from 'zod';
import { listStateSchema, type UrlListState } from 'shared-kernel/kit';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();

const filters = {
  sessionId: z.coerce.number().int().positive().optional(),
  from: day,
  to: day,
};
const SORT = ['number'] as const;

export const ticketsList = listStateSchema({ sort: SORT, defaultSort: '-number', filters });

export type TicketsListState = UrlListState<(typeof SORT)[number], typeof filters>;
