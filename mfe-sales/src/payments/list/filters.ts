// The URL state of the payments list. Mirrors GET /sales/payments (contract sales.ts): sort paidAt (default newest
// first) and amount; filters direction, method, from / to (payment date, YYYY-MM-DD).
import { z } from 'zod';
import { SALES_PAYMENT_METHODS } from 'shared-kernel/contracts';
import { listStateSchema } from 'shared-kernel/kit';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();

export const paymentsList = listStateSchema({
  sort: ['paidAt', 'amount'] as const,
  defaultSort: '-paidAt',
  filters: {
    direction: z.enum(['in', 'out']).optional(),
    method: z.enum(SALES_PAYMENT_METHODS).optional(),
    from: day,
    to: day,
  },
});

/** GET /sales/credits: the biggest balances first. */
export const clientCreditsList = listStateSchema({ sort: ['balance'] as const, defaultSort: '-balance' });
