import { z } from 'zod';

/**
 * Spec §3 "Cart price result per seller", as `POST /v1/orders/get-cart-price` answers it and as
 * `domain/pricing` computes it (amounts in integer cents; see the rounding rule in pricing/engine.ts).
 */
const cents = z.number().int();
export const cartOrderPriceSchema = z
  .object({
    totalHT: cents,
    tva: cents,
    totalTTC: cents,
    shipping: cents,
    promoAmount: cents,
    touristTax: cents,
  })
  .catchall(z.unknown());

export const sellerPriceResultSchema = z
  .object({
    sellerId: z.number().int(),
    price: cartOrderPriceSchema,
    franco: z.boolean(),
    francoPercent: z.number().min(0).max(100),
    amountBeforeFranco: cents.nullable(),
    amountBeforeBottleFranco: z.number().int().nullable(),
  })
  .catchall(z.unknown());

export const cartPriceResponseSchema = z.array(sellerPriceResultSchema);
export type CartPriceResponse = z.infer<typeof cartPriceResponseSchema>;
