import { z } from 'zod';
import { placeOrderRequestSchema } from 'shared-kernel/contracts';
import { ORDER_STATUSES } from 'shared-kernel/domain';
import { listQuery } from '../../platform/list-query';
import { storedAddressSchema } from '../users';

/**
 * POST /v1/orders body: the contract's PlaceOrderRequest, except that the addresses and the phone are checked
 * by the cart checks (so that a 400 lists every problem at once, with the §5 messages) rather than by zod.
 */
// every field bounded and typed, unknown keys dropped; the §5 rules themselves are the cart checks'
const looseAddress = storedAddressSchema;
export const placeOrderBodySchema = placeOrderRequestSchema.extend({
  deliveryAddress: looseAddress.nullable(),
  billingAddress: looseAddress.nullable().optional(),
  phone: z.string().max(30).default(''),
});

export const LIST_QUERY_MESSAGES = {
  status: "Le paramètre status n'est pas un statut de commande",
  kind: 'Le paramètre kind accepte order ou reservation',
  as: 'Le paramètre as accepte buyer, seller ou agent',
} as const;

/** GET /v1/orders?page=&pageSize=&sort=&status=&kind=&as= */
export const listOrdersQuery = listQuery({
  sort: ['createdAt', 'number', 'totalTTC'],
  defaultSort: '-createdAt',
  filters: {
    status: z.enum(ORDER_STATUSES, { error: LIST_QUERY_MESSAGES.status }).optional().describe('an order status'),
    kind: z
      .enum(['order', 'reservation'], { error: LIST_QUERY_MESSAGES.kind })
      .optional()
      .describe('order (with products) or reservation (with booked slots)'),
    subType: z
      .enum(['order', 'quote', 'sample'], { error: 'Le paramètre subType accepte order, quote ou sample' })
      .optional()
      .describe('orders, quotes or samples'),
    clientId: z.coerce
      .number({ error: 'Le paramètre clientId doit être un identifiant de client' })
      .int('Le paramètre clientId doit être un identifiant de client')
      .positive('Le paramètre clientId doit être un identifiant de client')
      .optional()
      .describe("a client file's orders (seller view)"),
    /** owner/iam who also buy elsewhere: `as=buyer` lists their own purchases */
    as: z
      .enum(['buyer', 'seller', 'agent'], { error: LIST_QUERY_MESSAGES.as })
      .optional()
      .describe(
        'buyer: own purchases; seller: the shop’s orders (owner, iam with seeAllOrder); agent: the orders credited to the calling sales agent in their shop',
      ),
  },
});
export type OrdersListQuery = z.output<typeof listOrdersQuery>;
