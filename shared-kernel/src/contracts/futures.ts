/**
 * Api contract ("Primeurs"): futures sales of a vintage sold before bottling. A campaign is an offer
 * (catalogue formats, a price HT per typology, a deposit percentage, a delivery period); a client's primeur order is an
 * ordinary back-office sales order linked to the campaign, with its deposit invoice issued at order; at delivery the
 * final invoice (which deducts the deposit with its VAT) is issued and the order delivered. Every document and number
 * comes from the sales module (gapless series). Shared by `api/src/modules/futures` and `mfe-sales/src/futures`.
 * Money on the wire is integer cents; calendar dates are `YYYY-MM-DD`.
 *
 * Endpoints (all under /v1, owner or iam of the caller's shop):
 * - GET  /futures/campaigns              list query: q (name, vintage), status=open|closed; sort createdAt (default
 *                                        -createdAt), name, vintage, deliveryFrom → Paginated<FuturesCampaignSummary>
 *                                                                                       seeFutureOrder | createFutureOrder
 * - POST /futures/campaigns              body FuturesCampaignInput → 201 FuturesCampaign + message   createFutureOrder
 * - GET  /futures/campaigns/:id          → FuturesCampaign; another shop's id → 404    seeFutureOrder | createFutureOrder
 * - PUT  /futures/campaigns/:id          body FuturesCampaignInput → FuturesCampaign + message (an offer line already
 *                                        ordered cannot be removed: 409)                                createFutureOrder
 * - POST /futures/campaigns/:id/close    → FuturesCampaign + message (no new order)                     createFutureOrder
 * - POST /futures/campaigns/:id/reopen   → FuturesCampaign + message                                    createFutureOrder
 * - GET  /futures/campaigns/:id/clients  → FuturesClients: per client what was ordered, invoiced, paid and is still to
 *                                        deliver (cents TTC and bottles), with its orders     seeFutureOrder | createFutureOrder
 * - POST /futures/campaigns/:id/orders   body FuturesOrderInput → 201 FuturesOrderResult: the sales order (draft, priced
 *                                        at the campaign's price of the client's typology) and its deposit invoice
 *                                        (the campaign's percentage of the order TTC)                     createFutureOrder
 * - POST /futures/orders/:orderId/deliver  body FuturesDeliverInput → FuturesDeliverResult: the order is validated (stock
 *                                        reserved: the wine is bottled now), invoiced (final invoice, deposit deducted)
 *                                        and delivered (stock exit); a retry resumes where a failure stopped   createFutureOrder
 *
 * Errors: `{ success: false, message, field? }`: 400 bad input (French, field named), 403 without the permission,
 * 404 another shop's id, 409 a closed campaign or an order already delivered.
 */
import { z } from 'zod';

export const FUTURES_MESSAGES = {
  campaignNotFound: 'Campagne de primeurs introuvable',
  managedByCampaign: (name: string) => `Commande de primeurs de la campagne « ${name} » : elle se livre et se facture depuis sa campagne`,
  orderNotFound: 'Commande primeur introuvable',
  name: 'Indiquez le nom de la campagne',
  vintage: 'Le millésime est une année sur 4 chiffres',
  depositPercent: "Le pourcentage d'acompte doit être un nombre entier entre 1 et 100",
  deliveryDate: 'Date au format AAAA-MM-JJ attendue',
  deliveryPeriod: 'La fin de la période de livraison doit suivre son début',
  linesEmpty: "Ajoutez au moins un article à l'offre",
  formatNotFound: 'Article inexistant',
  formatTwice: "Cet article est déjà dans l'offre",
  price: 'Le prix doit être un montant positif en centimes',
  pricesEmpty: 'Indiquez un prix pour au moins une typologie',
  typologyUnknown: 'Typologie inconnue',
  lineOrdered: "Un article déjà commandé ne peut pas être retiré de l'offre",
  clientRequired: 'Choisissez un client',
  quantity: 'La quantité doit être un nombre entier positif',
  orderEmpty: 'Commandez au moins une bouteille',
  lineUnknown: "Cet article ne fait pas partie de l'offre",
  noPrice: (typology: string) => `Cet article n'a pas de prix pour la typologie « ${typology} » du client`,
  closed: 'Cette campagne est clôturée : elle ne prend plus de commande',
  delivered: 'Cette commande primeur est déjà livrée',
  cancelled: 'Cette commande primeur est annulée',
  created: 'Campagne de primeurs créée',
  updated: 'Campagne de primeurs mise à jour',
  closedDone: 'Campagne clôturée',
  reopened: 'Campagne rouverte',
  ordered: (order: string, deposit: string) => `Commande ${order} enregistrée, facture d'acompte ${deposit} émise`,
  deliveredDone: (invoice: string) => `Commande livrée, facture ${invoice} émise (acompte déduit)`,
} as const;

export const FUTURES_CAMPAIGN_STATUSES = ['open', 'closed'] as const;
export type FuturesCampaignStatus = (typeof FUTURES_CAMPAIGN_STATUSES)[number];

const M = FUTURES_MESSAGES;
const isoDate = z.string({ error: M.deliveryDate }).regex(/^\d{4}-\d{2}-\d{2}$/, M.deliveryDate);
const cents = z.number({ error: M.price }).int(M.price).min(0, M.price).max(1e9, M.price);

/** One offer line: a catalogue format and its price HT (cents, per bottle) for each typology id it is sold to. */
export const futuresOfferLineInputSchema = z.object({
  /** the line's id when editing an existing campaign (kept: orders refer to it) */
  id: z.number().int().positive().nullish(),
  formatId: z.number({ error: M.formatNotFound }).int(M.formatNotFound).positive(M.formatNotFound),
  /** typology id → price HT in cents; a typology left out is not offered this line */
  prices: z.record(z.string().min(1).max(60), cents).refine((p) => Object.keys(p).length > 0, { message: M.pricesEmpty }),
});
export type FuturesOfferLineInput = z.input<typeof futuresOfferLineInputSchema>;

export const futuresCampaignInputSchema = z
  .object({
    name: z.string({ error: M.name }).trim().min(1, M.name).max(120, 'Doit contenir au maximum 120 caractères'),
    vintage: z
      .string({ error: M.vintage })
      .trim()
      .regex(/^\d{4}$/, M.vintage),
    description: z
      .string()
      .trim()
      .max(2000, 'Doit contenir au maximum 2000 caractères')
      .nullish()
      .transform((v) => v || null),
    depositPercent: z.number({ error: M.depositPercent }).int(M.depositPercent).min(1, M.depositPercent).max(100, M.depositPercent),
    deliveryFrom: isoDate,
    deliveryTo: isoDate,
    lines: z.array(futuresOfferLineInputSchema).min(1, M.linesEmpty).max(100),
  })
  .superRefine((c, ctx) => {
    if (c.deliveryTo < c.deliveryFrom) ctx.addIssue({ code: 'custom', message: M.deliveryPeriod, path: ['deliveryTo'] });
    const seen = new Set<number>();
    c.lines.forEach((l, i) => {
      if (seen.has(l.formatId)) ctx.addIssue({ code: 'custom', message: M.formatTwice, path: ['lines', i, 'formatId'] });
      seen.add(l.formatId);
    });
  });
export type FuturesCampaignInput = z.input<typeof futuresCampaignInputSchema>;

export const futuresOfferLineSchema = z.object({
  id: z.number().int(),
  formatId: z.number().int(),
  /** 'Produit – 2025 – 75 cl' */
  label: z.string(),
  prices: z.record(z.string(), z.number().int()),
  /** bottles ordered on this line (orders not cancelled) */
  ordered: z.number().int(),
});
export type FuturesOfferLine = z.infer<typeof futuresOfferLineSchema>;

const totalsShape = {
  orders: z.number().int(),
  clients: z.number().int(),
  /** bottles ordered / delivered / still to deliver */
  bottles: z.number().int(),
  bottlesDelivered: z.number().int(),
  bottlesToDeliver: z.number().int(),
  /** cents TTC: ordered (orders' totals), invoiced (deposits + final invoices net of the deposits − credit notes),
   * paid (payments allocated), still to deliver (totals of the orders not delivered) */
  orderedTTC: z.number().int(),
  invoicedTTC: z.number().int(),
  paidTTC: z.number().int(),
  toDeliverTTC: z.number().int(),
};
export const futuresTotalsSchema = z.object(totalsShape);
export type FuturesTotals = z.infer<typeof futuresTotalsSchema>;

export const futuresCampaignSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  vintage: z.string(),
  status: z.enum(FUTURES_CAMPAIGN_STATUSES),
  depositPercent: z.number().int(),
  deliveryFrom: z.string(),
  deliveryTo: z.string(),
  createdAt: z.string(),
  orders: z.number().int(),
  bottles: z.number().int(),
  orderedTTC: z.number().int(),
});
export type FuturesCampaignSummary = z.infer<typeof futuresCampaignSummarySchema>;

export const futuresCampaignSchema = futuresCampaignSummarySchema.extend({
  description: z.string().nullable(),
  lines: z.array(futuresOfferLineSchema),
  totals: futuresTotalsSchema,
});
export type FuturesCampaign = z.infer<typeof futuresCampaignSchema>;

const docRefSchema = z.object({ id: z.number().int(), number: z.string(), totalTTC: z.number().int() });

export const FUTURES_ORDER_STATES = ['toDeliver', 'delivered', 'cancelled'] as const;
export type FuturesOrderState = (typeof FUTURES_ORDER_STATES)[number];

export const futuresClientOrderSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  createdAt: z.string(),
  /** the sales order's status (draft until delivery, then invoiced) */
  status: z.string(),
  state: z.enum(FUTURES_ORDER_STATES),
  bottles: z.number().int(),
  totalTTC: z.number().int(),
  deposit: docRefSchema.nullable(),
  /** the final invoice (its TTC is the whole order; `amountDue` = TTC − the deposit) */
  invoice: docRefSchema.extend({ amountDue: z.number().int() }).nullable(),
  invoicedTTC: z.number().int(),
  paidTTC: z.number().int(),
  lines: z.array(z.object({ lineId: z.number().int(), label: z.string(), quantity: z.number().int(), unitPriceHT: z.number().int() })),
});
export type FuturesClientOrder = z.infer<typeof futuresClientOrderSchema>;

export const futuresClientRowSchema = z.object({
  client: z.object({ id: z.number().int().nullable(), name: z.string(), typology: z.string().nullable() }),
  ...totalsShape,
  orderList: z.array(futuresClientOrderSchema),
});
export type FuturesClientRow = z.infer<typeof futuresClientRowSchema>;

export const futuresClientsSchema = z.object({ items: z.array(futuresClientRowSchema), totals: futuresTotalsSchema });
export type FuturesClients = z.infer<typeof futuresClientsSchema>;

export const futuresOrderInputSchema = z
  .object({
    clientId: z.number({ error: M.clientRequired }).int(M.clientRequired).positive(M.clientRequired),
    lines: z
      .array(
        z.object({
          lineId: z.number({ error: M.lineUnknown }).int(M.lineUnknown).positive(M.lineUnknown),
          quantity: z.number({ error: M.quantity }).int(M.quantity).min(0, M.quantity).max(100000, M.quantity),
        }),
      )
      .min(1, M.orderEmpty)
      .max(100),
    notes: z
      .string()
      .trim()
      .max(2000, 'Doit contenir au maximum 2000 caractères')
      .nullish()
      .transform((v) => v || null),
  })
  .refine((o) => o.lines.some((l) => l.quantity > 0), { message: M.orderEmpty, path: ['lines'] });
export type FuturesOrderInput = z.input<typeof futuresOrderInputSchema>;

export const futuresOrderResultSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  totalTTC: z.number().int(),
  deposit: docRefSchema,
  message: z.string(),
});
export type FuturesOrderResult = z.infer<typeof futuresOrderResultSchema>;

export const futuresDeliverInputSchema = z.object({
  carrier: z.string().trim().max(100).nullish(),
  trackingNumber: z.string().trim().max(100).nullish(),
});
export type FuturesDeliverInput = z.input<typeof futuresDeliverInputSchema>;

export const futuresDeliverResultSchema = z.object({
  orderId: z.number().int(),
  invoice: docRefSchema.extend({ amountDue: z.number().int() }),
  message: z.string(),
});
export type FuturesDeliverResult = z.infer<typeof futuresDeliverResultSchema>;
