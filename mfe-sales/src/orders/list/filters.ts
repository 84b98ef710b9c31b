// The URL state of the orders and reservations lists. Mirrors the api's `listOrdersQuery`
// (api/src/modules/orders/orders.schemas.ts): sort columns createdAt, number, totalTTC, default '-createdAt' (newest
// first), the `status` filter. The api's `kind` is fixed by the screen (OrdersQuery), its `as` is not used here.
// `?status=pending` is the link of the dashboard's 'Commandes à valider' widget.
import { z } from 'zod';
import { ORDER_STATUSES } from 'shared-kernel/domain';
import { listStateSchema } from 'shared-kernel/kit';

export const ordersList = listStateSchema({
  sort: ['createdAt', 'number', 'totalTTC'] as const,
  defaultSort: '-createdAt',
  filters: { status: z.enum(ORDER_STATUSES).optional() },
});
