import { z } from 'zod';
import { placeOrderRequestSchema } from 'shared-kernel/contracts';
import { ORDER_STATUSES } from 'shared-kernel/domain';
import { storedAddressSchema } from '../users/users.schemas';

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
  page: 'Le paramètre page doit être un entier positif',
  pageSize: 'Le paramètre pageSize doit être un entier entre 1 et 100',
  status: "Le paramètre status n'est pas un statut de commande",
  kind: 'Le paramètre kind accepte order ou reservation',
  as: 'Le paramètre as accepte buyer ou seller',
} as const;

const intParam = (msg: string, min: number, max: number, def: number) =>
  z.string({ error: msg }).regex(/^\d{1,6}$/, msg).transform(Number).pipe(z.number().int().min(min, msg).max(max, msg)).optional().transform((v) => v ?? def);

export const listOrdersQuerySchema = z.object({
  page: intParam(LIST_QUERY_MESSAGES.page, 1, 100000, 1),
  pageSize: intParam(LIST_QUERY_MESSAGES.pageSize, 1, 100, 20),
  status: z.enum(ORDER_STATUSES, { error: LIST_QUERY_MESSAGES.status }).optional(),
  kind: z.enum(['order', 'reservation'], { error: LIST_QUERY_MESSAGES.kind }).optional(),
  /** owner/iam who also buy elsewhere: `as=buyer` lists their own purchases */
  as: z.enum(['buyer', 'seller'], { error: LIST_QUERY_MESSAGES.as }).optional(),
});
