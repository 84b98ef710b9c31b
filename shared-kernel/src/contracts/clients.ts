import { z } from 'zod';

/**
 * Professional clients of a shop (§6 'professionals can request a price grid'): a pro buyer asks a shop for its
 * price grid; the owner (or an iam with createClient) accepts it with one of the shop's typologies — the buyer
 * becomes a 'client' member of the shop and sees that typology's prices — or refuses it.
 * A client membership never grants back-office rights: the buyer stays a buyer everywhere else.
 */

export const PRICE_GRID_REQUEST_STATUSES = ['pending', 'accepted', 'refused'] as const;
export const priceGridRequestStatusSchema = z.enum(PRICE_GRID_REQUEST_STATUSES);
export type PriceGridRequestStatus = z.infer<typeof priceGridRequestStatusSchema>;

/** French messages of the price-grid decision (400 names the field). */
export const PRICE_GRID_DECISION_MESSAGES = {
  decision: 'Le champ decision doit valoir accept ou refuse',
  typology: 'Choisissez la typologie tarifaire du client',
  status: 'Le paramètre status accepte pending, accepted ou refused',
  page: 'Le paramètre page doit être un entier positif',
  pageSize: 'Le paramètre pageSize doit être un entier entre 1 et 100',
} as const;

/** One request as the shop's staff sees it (GET /v1/shops/me/price-grid-requests). */
export const priceGridRequestSchema = z.object({
  id: z.number().int(),
  status: priceGridRequestStatusSchema,
  createdAt: z.string(),
  /** company named by the buyer when asking (business name of their account at that time) */
  company: z.string().nullable(),
  requester: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
  /** accepted requests: the client's current typology in the shop (null when the membership is gone) */
  typology: z.string().nullable(),
});
export type PriceGridRequestItem = z.infer<typeof priceGridRequestSchema>;

export const priceGridRequestListSchema = z.object({
  items: z.array(priceGridRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PriceGridRequestList = z.infer<typeof priceGridRequestListSchema>;

/** PUT /v1/shops/me/price-grid-requests/{id} body. */
export const priceGridDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({
      decision: z.literal('accept'),
      typology: z
        .string({ error: PRICE_GRID_DECISION_MESSAGES.typology })
        .trim()
        .min(1, PRICE_GRID_DECISION_MESSAGES.typology)
        .max(100, PRICE_GRID_DECISION_MESSAGES.typology),
    }),
    z.object({ decision: z.literal('refuse') }),
  ],
  { error: PRICE_GRID_DECISION_MESSAGES.decision },
);
export type PriceGridDecision = z.infer<typeof priceGridDecisionSchema>;

export const priceGridDecisionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  request: priceGridRequestSchema,
});
export type PriceGridDecisionResponse = z.infer<typeof priceGridDecisionResponseSchema>;

/** A professional client attached to the shop (GET /v1/shops/me/clients). */
export const shopClientSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  typology: z.string().nullable(),
  typologyName: z.string().nullable(),
  since: z.string(),
});
export type ShopClient = z.infer<typeof shopClientSchema>;

export const shopClientListSchema = z.object({
  items: z.array(shopClientSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ShopClientList = z.infer<typeof shopClientListSchema>;
