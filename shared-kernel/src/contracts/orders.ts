// Size: the checkout and orders contract (cart input, place order, payments, order detail and lists, §5/§8 messages),
// one wire vocabulary shared by the api, mfe-cart and mfe-sales.
import { z } from 'zod';
import { DELIVERY_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '../domain/statuses';
import { MESSAGES } from '../validation/messages';
import { cartOrderPriceSchema, sellerPriceResultSchema } from './cart';
import { loyaltyDataInputSchema } from './loyalty';
import { SALES_ORDER_SUBTYPES, salesOrderExtraSchema, type SalesPaymentMethod } from './sales';

/**
 * Checkout and orders contracts, shared by the api (validation) and mfe-cart / mfe-sales
 * (typed client). Money on the wire is integer cents unless a field says euros; the cart itself
 * (domain/cart.ts) keeps euros as the catalogue gives them.
 *
 * Endpoints:
 * - POST /v1/orders/get-cart-price            body CartPriceRequest → CartPriceResponse (cart.ts), public
 * - GET  /v1/shops/:id/checkout-options        → CheckoutOptions, public (`?country=FR`: the types serving it, at its zone rate)
 * - GET  /v1/shops/:id/events                  → PublicEvent[] (upcoming, with slots), public
 * - POST /v1/orders                            body PlaceOrderRequest, header Idempotency-Key → PlaceOrderResponse (201; 200 on replay)
 * - PUT  /v1/orders/:id/aborted-cart           → { success: true } (buyer's own pending/draft order → aborted)
 * - GET  /v1/orders?page=&pageSize=&status=&kind=order|reservation&as=buyer|seller → OrderList, newest first.
 *        Owner, or iam with seeAllOrder, of their first shop: that shop's orders (`as=buyer`: their own purchases).
 *        Everyone else (buyer, agent, iam without seeAllOrder): the orders they placed themselves (buyerId = caller);
 *        an order has no agent column, so an agent sees the orders the agent placed, never a shop's customers.
 *        `as=seller` without the right → 403. Each item carries its `reservations` (no detail fetch needed).
 * - GET  /v1/orders/:id                        → OrderDetail (the buyer, or owner/iam with seeAllOrder or createOrder
 *                                                of the seller shop); anyone else, another shop's staff included → 404.
 *                                                `payments`: the checkout payments and the règlements allocated to the
 *                                                order's invoices; `amountDue`: what its invoices still owe
 * - GET  /v1/payments/:id                      → PaymentResult (polled by /validate3ds and the processing overlay)
 * - POST /v1/payments/:id/pay                  body PayRequest → PaymentResult (sandbox card form)
 * - POST /v1/payments/:id/3ds                  body ThreeDsRequest `{ challenge, approve }` → PaymentResult; `challenge`
 *                                                is the one of the redirect_3ds url (single use); a bad body → 400 naming
 *                                                the field, a wrong or spent challenge → 400 field `challenge`
 *   The three /v1/payments/:id calls are allowed to the order's buyer (Bearer token) or to a grouped-order payer, who
 *   has no account: the payer sends the raw token of their link in the `X-Payment-Group-Token` header (or `?token=`)
 *   instead of a Bearer token. Anyone else → 404.
 * - POST /v1/payments/:id/paypal-capture       → PaymentResult: the buyer is back from PayPal, the approved PayPal order is
 *                                                captured on the shop's PayPal account (paid), or still to approve
 * - POST /v1/payments/webhooks/:provider       signed provider event (stripe | sandbox)
 * - POST /v1/payments/webhooks/stripe/:shopId  a shop's own Stripe account; /webhooks/paypal/:shopId its PayPal account
 * - GET  /v1/payment-groups/:token             → PaymentGroupView (a payer of a grouped order, public by token in the path)
 * - POST /v1/payment-groups/:token/pay         body PayRequest → PaymentResult (the token in the path is the proof)
 *
 * Errors: `{ success: false, message, field?, errors?: CartProblem[] }`. A cart check that fails answers
 * 400 with every problem in `errors` (field + message + line), `message` = the first one.
 */

/** Spec §5 cart messages and §8 payment / delivery / grouped-order / event messages, one wording. */
export const CART_MESSAGES = {
  minPurchase: (min: number) => `La quantité minimale d'achat de ce produit est de ${min}`,
  maxPurchase: (max: number) => `La quantité maximale d'achat de ce produit est de ${max}`,
  stockInsufficient: (left: number) =>
    left > 0 ? `Stock insuffisant : il ne reste que ${left} article(s)` : 'Stock insuffisant : ce produit est épuisé',
  productUnavailable: "Ce produit n'est plus disponible",
  maxPlaces: (left: number) =>
    left > 0 ? `Nombre maximum de places atteint pour ce créneau : il reste ${left} place(s)` : 'Ce créneau est complet',
  deliveryAddress: 'Veuillez renseigner une adresse de livraison',
  phone: 'Veuillez renseigner un numéro de téléphone',
  informationCompletion: 'Veuillez compléter vos informations (nom et prénom) pour commander',
  shopMinAmount: (euros: string) => `Le montant minimum de commande de ce domaine est de ${euros} HT`,
  shopMinQuantity: (n: number) => `Ce domaine demande au moins ${n} article(s) par commande`,
  shopMaxQuantity: (n: number) => `Ce domaine accepte au maximum ${n} article(s) par commande`,
  shopMultiple: (n: number) => `Le nombre d'articles doit être un multiple de ${n}`,
  deliveryMethod: 'Veuillez choisir un mode de livraison',
  noDeliveryMethod: "Aucun mode de livraison n'est disponible pour cette adresse",
  paymentMethod: 'Veuillez choisir un moyen de paiement',
  terms: MESSAGES.terms,
  payment: 'Une erreur est survenue lors de la validation de votre paiement. Veuillez réessayer.',
  priceChanged: 'Le prix de votre commande a changé. Vérifiez le nouveau total puis confirmez.',
  groupedOrderExpired: 'Cette commande groupée a expiré. Vous pouvez commander seul.',
  paymentGroupsTotal: 'La somme des parts doit être égale au total de la commande',
  noEvent: "Aucun événement n'est proposé pour le moment",
  noSlot: "Aucun créneau n'est disponible",
  reservationsClosed: 'Ce domaine ne prend plus de réservation en ligne pour le moment : retirez cette réservation de votre panier',
  processing: 'Votre commande est en cours de traitement. La page se rafraîchira automatiquement.',
  emptyOrder: 'Votre commande est vide',
} as const;

/** Payment methods a buyer can choose at checkout (subset of spec §3 payment methods + the 0 EUR card imprint). */
export const CHECKOUT_PAYMENT_METHODS = ['stripe', 'stripeSepa', 'imprint', 'paypal', 'transfer', 'check', 'cash', 'bill'] as const;
export const checkoutPaymentMethodSchema = z.enum(CHECKOUT_PAYMENT_METHODS);
export type CheckoutPaymentMethod = z.infer<typeof checkoutPaymentMethodSchema>;
export const CHECKOUT_PAYMENT_LABELS: Readonly<Record<CheckoutPaymentMethod, { fr: string; en: string }>> = {
  stripe: { fr: 'Carte bancaire', en: 'Card' },
  stripeSepa: { fr: 'Prélèvement SEPA', en: 'SEPA direct debit' },
  imprint: { fr: 'Empreinte bancaire (0 €, débit après validation)', en: 'Card imprint (0 €, charged after validation)' },
  paypal: { fr: 'PayPal', en: 'PayPal' },
  transfer: { fr: 'Virement', en: 'Bank transfer' },
  check: { fr: 'Chèque', en: 'Cheque' },
  cash: { fr: 'Espèces', en: 'Cash' },
  bill: { fr: 'Lettre de change', en: 'Bill of exchange' },
};
/**
 * A checkout payment method as the seller's payment method: how a payment received online, its refund, or the cheque
 * or transfer the buyer announced at checkout is recorded in the seller's payments (SALES_PAYMENT_METHODS).
 */
export const CHECKOUT_TO_SALES_PAYMENT_METHOD: Readonly<Record<CheckoutPaymentMethod, SalesPaymentMethod>> = {
  stripe: 'providerCard',
  imprint: 'providerCard',
  stripeSepa: 'directDebit',
  paypal: 'paypal',
  transfer: 'transfer',
  check: 'cheque',
  cash: 'cash',
  bill: 'billOfExchange',
};
/** Methods paid through the shop's card account (Stripe, or the platform's sandbox): card form, SEPA mandate, imprint. */
export const CARD_PAYMENT_METHODS: readonly CheckoutPaymentMethod[] = ['stripe', 'stripeSepa', 'imprint'];
/**
 * Methods paid online: the card account's, and PayPal on the shop's own PayPal account (offered only when the shop
 * has saved its PayPal keys, whatever its checkout settings list). An order paid online is confirmed once paid.
 */
export const ONLINE_PAYMENT_METHODS: readonly CheckoutPaymentMethod[] = [...CARD_PAYMENT_METHODS, 'paypal'];

// ---- cart as sent to the server: the server only trusts ids and quantities and rebuilds prices ----

const id = z.number().int().positive();
export const cartLineInputSchema = z.looseObject({
  idTmp: z.string().min(1).max(100),
  id,
  quantity: z.number().int().min(1, 'Doit être un nombre').max(100000),
  chosenFormat: z.looseObject({ id }),
  chosenVintage: z.looseObject({ id }).nullable().optional(),
  isWrapped: z.boolean().optional(),
  isFromFidelity: z.boolean().optional(),
});
export const cartReservationInputSchema = z.looseObject({
  eventId: id,
  selectedSlot: z.looseObject({ id: z.union([id, z.string().regex(/^\d+$/).transform(Number)]) }),
  selectedPrices: z
    .array(
      z.looseObject({
        name: z.string().max(200),
        quantity: z.number().int().min(0).max(1000),
        productType: z.string().optional(),
        notCounting: z.boolean().optional(),
      }),
    )
    .max(50)
    .default([]),
  taxQuantities: z.number().int().min(0).max(1000).optional(),
});
export const cartShippingInputSchema = z.looseObject({
  type: z.string().max(100).nullable().optional(),
  ref: z
    .union([z.string().max(100), z.number()])
    .nullable()
    .optional(),
  collectionPoint: z
    .looseObject({ id: z.union([z.number(), z.string().max(100)]) })
    .nullable()
    .optional(),
  instructions: z.string().max(1000, 'Les instructions ne doivent pas dépasser 1000 caractères').nullable().optional(),
  /** the delivery country (ISO code) when known: the rate of the zone serving it (placing an order uses the address's) */
  country: z.string().max(2).nullable().optional(),
});
export const cartOrderInputSchema = z.looseObject({
  id: id.optional(),
  seller: z.looseObject({ id }),
  products: z.array(cartLineInputSchema).max(200).default([]),
  reservations: z.array(cartReservationInputSchema).max(20).default([]),
  shipping: cartShippingInputSchema.nullable().optional(),
  /** the promotion code entered on this order (§5 promocode); applied by the server, refused as a problem on `promoCode` */
  promoCode: z.string({ error: MESSAGES.promocode }).trim().max(15, MESSAGES.promocode).nullable().optional(),
  /** §4 loyaltyData: the level and offer chosen (logged-in buyer); refused as a problem on `loyaltyData` */
  loyaltyData: loyaltyDataInputSchema.nullable().optional(),
});
export type CartOrderInput = z.infer<typeof cartOrderInputSchema>;

export const cartPriceRequestSchema = z.object({ orders: z.array(cartOrderInputSchema).max(50) });
export type CartPriceRequest = z.infer<typeof cartPriceRequestSchema>;

/** One problem found by the cart checks. `field` names the form field or `products[idTmp]` / `reservations[i]`. */
export const cartProblemSchema = z.object({
  field: z.string(),
  message: z.string(),
  idTmp: z.string().optional(),
  sellerId: z.number().int().optional(),
});
export type CartProblem = z.infer<typeof cartProblemSchema>;

// ---- checkout options of a shop ----

export const deliveryTypeOptionSchema = z.object({
  type: z.string(),
  ref: z.string(),
  name: z.string(),
  /** euros HT */
  price: z.number(),
  franco: z.object({ quantity: z.number().nullable().optional(), amount: z.number().nullable().optional() }).nullable(),
  /** ISO country codes served; empty = every country */
  countries: z.array(z.string()),
  /**
   * Settings section `delivery`: the rates by zone (ISO codes, empty = every country; euros HT). Older settings have
   * none (then `price` and `countries` are the one zone). When zones are there, `price` is the rate for the country
   * asked (`?country=`), else the "every country" zone's, else the first zone's, and `countries` their union.
   */
  zones: z.array(z.object({ countries: z.array(z.string()), price: z.number() })).optional(),
});
export const collectionPointOptionSchema = z.object({ id: z.number().int(), name: z.string(), price: z.number(), address: z.string() });
export const checkoutOptionsSchema = z.object({
  shopId: z.number().int(),
  deliveryTypes: z.array(deliveryTypeOptionSchema),
  collectionPoints: z.array(collectionPointOptionSchema),
  paymentMethods: z.array(checkoutPaymentMethodSchema),
  rules: z.object({
    /** euros HT */
    minAmountHT: z.number().nullable(),
    minQuantity: z.number().int().nullable(),
    maxQuantity: z.number().int().nullable(),
    multipleOf: z.number().int().nullable(),
  }),
  /** terms of sale text (plain text), null when the shop has none */
  terms: z.string().nullable(),
  groupedOrders: z.boolean(),
  /** settings section `delivery`: bottles a package and euros HT per package beyond the first (default 12 and 7) */
  packaging: z.object({ bottlesPerPackage: z.number().int(), extraPackagePrice: z.number() }).optional(),
});
export type CheckoutOptions = z.infer<typeof checkoutOptionsSchema>;
export type DeliveryTypeOption = z.infer<typeof deliveryTypeOptionSchema>;
export type CollectionPointOption = z.infer<typeof collectionPointOptionSchema>;

// ---- events for the reservation picker ----

export const publicEventSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  languages: z.array(z.string()),
  message: z.string().nullable(),
  visuals: z.array(z.string()),
  /** priceTTC in euros; touristTax lines are per counting person; optional lines do not count as persons */
  rates: z.array(z.object({ name: z.string(), priceTTC: z.number(), optional: z.boolean(), touristTax: z.boolean() })),
  slots: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      start: z.string(),
      end: z.string(),
      places: z.number().int(),
      placesLeft: z.number().int(),
    }),
  ),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

// ---- placing an order ----

/** Spec §3 Address with the §5 required fields (first name, last name, street, zipcode, city, country). */
export const checkoutAddressSchema = z.object({
  firstname: z.string().trim().min(1, MESSAGES.needed).max(100),
  lastname: z.string().trim().min(1, MESSAGES.needed).max(100),
  street: z.string().trim().min(1, MESSAGES.needed).max(200),
  street2: z.string().trim().max(200).optional(),
  zipcode: z.string().trim().min(1, MESSAGES.needed).max(20),
  city: z.string().trim().min(1, MESSAGES.needed).max(100),
  country: z.string().trim().min(2, MESSAGES.needed).max(2),
  company: z.string().trim().max(200).optional(),
});
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

export const paymentGroupInputSchema = z.object({ email: z.string().email(MESSAGES.email), amount: z.number().int().positive() });

export const placeOrderRequestSchema = z.object({
  order: cartOrderInputSchema,
  deliveryAddress: checkoutAddressSchema.nullable(),
  /** null = same as delivery */
  billingAddress: checkoutAddressSchema.nullable().optional(),
  phone: z.string().trim().max(30),
  shipping: z.object({
    type: z.string().max(100).nullable().optional(),
    ref: z.string().max(100).nullable().optional(),
    collectionPointId: z.number().int().nullable().optional(),
    instructions: z.string().max(1000).nullable().optional(),
  }),
  paymentMethod: checkoutPaymentMethodSchema.nullable(),
  acceptTerms: z.boolean(),
  /** the total TTC (cents) the buyer saw; a different server total → 409 priceChanged */
  expectedTotalTTC: z.number().int().min(0),
  /** grouped order: several payers share the amount (cents); the order stays pending until all paid */
  paymentGroups: z.array(paymentGroupInputSchema).max(20).optional(),
  /** also accepted as the Idempotency-Key header */
  idempotencyKey: z.string().min(8).max(200).optional(),
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);

/** What the buyer does next with a payment. */
export const paymentResultSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  status: paymentStatusSchema,
  method: checkoutPaymentMethodSchema,
  amount: z.number().int(),
  provider: z.enum(['sandbox', 'stripe', 'paypal', 'offline']),
  /**
   * 'card_form': show the card form then POST /pay; 'redirect_3ds': go to url (/validate3ds?payment=…); 'paypal_approve':
   * go to PayPal's url, PayPal sends the buyer back to /paypal-return?payment=…; null: nothing to do
   */
  nextAction: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('card_form'), clientSecret: z.string().optional(), publishableKey: z.string().optional() }),
      z.object({ type: z.literal('redirect_3ds'), url: z.string() }),
      z.object({ type: z.literal('paypal_approve'), url: z.string() }),
    ])
    .nullable(),
  /** offline methods: what the buyer must do (transfer details, address for the cheque…) */
  instructions: z.string().nullable(),
  message: z.string().optional(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

export const payRequestSchema = z.object({
  card: z
    .object({ number: z.string().max(30), expiration: z.string().max(7), cvv: z.string().max(4), holder: z.string().max(100).optional() })
    .optional(),
  iban: z.string().max(40).optional(),
});
export type PayRequest = z.infer<typeof payRequestSchema>;

export const THREE_DS_MESSAGES = {
  challenge: 'Le champ challenge est obligatoire (code de la page de vérification 3-D Secure)',
  approve: 'Le champ approve doit valoir true ou false',
} as const;
/**
 * `POST /v1/payments/:id/3ds` body: the sandbox issuer's answer to a 3-D Secure challenge. `challenge` is copied from
 * the `challenge` query parameter of the redirect_3ds url, `approve` is the payer's choice (true = authenticate).
 */
export const threeDsRequestSchema = z.object({
  challenge: z
    .string({ error: THREE_DS_MESSAGES.challenge })
    .trim()
    .min(1, THREE_DS_MESSAGES.challenge)
    .max(200, THREE_DS_MESSAGES.challenge),
  approve: z.boolean({ error: THREE_DS_MESSAGES.approve }),
});
export type ThreeDsRequest = z.infer<typeof threeDsRequestSchema>;

export const orderLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['product', 'reservation', 'shipping', 'touristTax', 'discount']),
  productId: z.number().int().nullable(),
  formatId: z.number().int().nullable(),
  vintageId: z.number().int().nullable(),
  eventId: z.number().int().nullable(),
  slotId: z.number().int().nullable(),
  label: z.string(),
  /** vintage label, format label, slot dates… */
  details: z.string().nullable(),
  quantity: z.number().int(),
  addQuantity: z.number().int(),
  unitPriceHT: z.number().int(),
  promoAmount: z.number().int(),
  duties: z.number().int(),
  vatRate: z.number(),
  totalHT: z.number().int(),
  totalTTC: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * One event slot booked by an order (reservation lines grouped by event and slot): what the reservations list shows
 * without reading the detail. `eventTitle` is the event's current title (the booked line's label when the event is
 * gone), `slotLabel` the slot text of the detail's reservation lines (dates and hours, slot name in brackets),
 * `places` the persons booked on those lines (optional rates such as a cheese platter take no place).
 * `eventId` / `slotId` are null once the event / slot is deleted.
 */
export const orderReservationSummarySchema = z.object({
  eventId: z.number().int().nullable(),
  eventTitle: z.string(),
  slotId: z.number().int().nullable(),
  slotLabel: z.string(),
  places: z.number().int(),
});
export type OrderReservationSummary = z.infer<typeof orderReservationSummarySchema>;

export const orderSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  createdAt: z.string(),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  deliveryStatus: deliveryStatusSchema,
  hasReservations: z.boolean(),
  shop: z.object({ id: z.number().int(), name: z.string(), urlShop: z.string() }),
  /** id null: an order taken in the back office for a client without a buyer account */
  buyer: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string() }),
  totalTTC: z.number().int(),
  /** order, quote or sample (the checkout's orders are 'order') */
  subType: z.enum(SALES_ORDER_SUBTYPES).optional(),
  /** back-office documents: the quote's number and validity, the client file */
  quoteNumber: z.string().nullable().optional(),
  validUntil: z.string().nullable().optional(),
  client: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  /** the order's booked slots, in line order; empty for an order without reservation lines */
  reservations: z.array(orderReservationSummarySchema),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** A checkout payment of an order, as the payments module lists it (one per payer of a grouped order). */
export const orderOnlinePaymentSchema = paymentResultSchema
  .omit({ nextAction: true })
  .extend({ payerEmail: z.string().nullable(), paidAt: z.string().nullable() });
export type OrderOnlinePayment = z.infer<typeof orderOnlinePaymentSchema>;

/**
 * One payment on an order's detail. A checkout payment (`source` 'online', or absent): `id` is the checkout payment's,
 * `method` a checkout method (stripe, transfer…), `paidAt` a date-time. A payment recorded by the shop (`source`
 * 'backoffice'): `id` is the règlement's (GET /sales/payments), `method` a SALES_PAYMENT_METHODS value (cheque, card…),
 * `status` 'paid', `provider` 'offline', `paidAt` the day it was paid (YYYY-MM-DD), `amount` the part of it that settles
 * this order's invoices. `allocations`: the order's invoices it settles (empty for a checkout payment not invoiced yet).
 */
export const orderPaymentSchema = orderOnlinePaymentSchema.omit({ method: true }).extend({
  method: z.string(),
  source: z.enum(['online', 'backoffice']).optional(),
  reference: z.string().nullable().optional(),
  allocations: z.array(z.object({ invoiceId: z.number().int(), number: z.string(), amount: z.number().int() })).optional(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  lines: z.array(orderLineSchema),
  price: cartOrderPriceSchema,
  deliveryAddress: checkoutAddressSchema.nullable(),
  billingAddress: checkoutAddressSchema.nullable(),
  phone: z.string().nullable(),
  shipping: z.object({
    type: z.string().nullable(),
    name: z.string().nullable(),
    collectionPoint: z.string().nullable(),
    instructions: z.string().nullable(),
    nbrPackages: z.number().int(),
  }),
  /**
   * Every payment of the order: its checkout payments (card, SEPA, imprint, or the transfer / cheque announced at
   * checkout), then the payments the shop recorded against the order's invoices (« règlements », `source: 'backoffice'`).
   * A checkout payment recorded on an invoice of the order is listed once, as the checkout payment, with its allocations.
   */
  payments: z.array(orderPaymentSchema),
  /**
   * What the client still owes on the order's invoices and deposit invoices (cents TTC: amount due − paid − credited);
   * null while nothing is invoiced.
   */
  amountDue: z.number().int().nullable().optional(),
  /** grouped order: expires at, null otherwise */
  expiresAt: z.string().nullable(),
  /**
   * The parcel on its way, once the order has left with a tracking number: carrier, number and the carrier's public
   * tracking page (null for a carrier typed by hand that the product does not know); null before.
   */
  tracking: z.object({ carrier: z.string().nullable(), number: z.string(), url: z.string().nullable() }).nullable().optional(),
  /** the back-office block (client file, lifecycle actions, history, invoices), for the shop's staff only */
  sales: salesOrderExtraSchema.optional(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderListSchema = z.object({
  items: z.array(orderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const placeOrderResponseSchema = z.object({
  order: orderDetailSchema,
  payment: paymentResultSchema.nullable(),
  replayed: z.boolean(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

/**
 * `GET /v1/payment-groups/:token`: one payer's share of a grouped order. Paying it: `POST /v1/payment-groups/:token/pay`,
 * or `/v1/payments/:payment.id/…` with the token in the `X-Payment-Group-Token` header (3-D Secure page, polling).
 */
export const paymentGroupViewSchema = z.object({
  orderNumber: z.string(),
  shopName: z.string(),
  /** the shop's url name (its page is `/{urlShop}`) so the payer page can link back to the shop; always sent by the api */
  urlShop: z.string().optional(),
  payerEmail: z.string(),
  amount: z.number().int(),
  status: paymentStatusSchema,
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
  payment: paymentResultSchema.nullable(),
});
export type PaymentGroupView = z.infer<typeof paymentGroupViewSchema>;

// ---- get-cart-price answer (additive: the CartPriceResponse array of cart.ts, each seller with its lines and problems) ----

/** One priced product line of the engine (cents), keyed by the cart's idTmp. */
export const cartPriceLineSchema = z.object({
  idTmp: z.string(),
  quantity: z.number().int(),
  addQuantity: z.number().int(),
  unitPrice: z.number().int(),
  grossHT: z.number().int(),
  promoAmount: z.number().int(),
  duties: z.number().int(),
  customTax: z.number().int(),
  wrapping: z.number().int(),
  totalHT: z.number().int(),
  vatRate: z.number(),
});
/**
 * `POST /v1/orders/get-cart-price` answers an array (one item per seller order sent, same order) of
 * `sellerPriceResultSchema` (cart.ts) plus `lines` (the engine's per-line prices of the lines that could
 * be priced) and `problems` (unknown/unavailable product or format, min/max purchase, stock, places…).
 */
export const cartPriceSellerResultSchema = sellerPriceResultSchema.extend({
  lines: z.array(cartPriceLineSchema),
  problems: z.array(cartProblemSchema),
});
export type CartPriceSellerResult = z.infer<typeof cartPriceSellerResultSchema>;
export const cartPriceResultSchema = z.array(cartPriceSellerResultSchema);

/** `POST /v1/orders/:id/validate` and `PUT /v1/orders/:id/aborted-cart` answers. */
export const orderActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  order: orderDetailSchema.optional(),
});
