/** Api contract: messaging between a buyer and a shop (/tickets). Shared by api/src/modules/tickets and mfe-crm. */
import { z } from 'zod';
import { MESSAGES as M } from '../validation/messages';

export const TICKET_BODY_MAX = 5000;
export const TICKET_SUBJECT_MAX = 200;

export const TICKETS_MESSAGES = {
  notFound: 'Conversation introuvable',
  shopNotFound: 'Boutique introuvable',
  orderNotFound: "Cette commande n'existe pas ou n'a pas été passée auprès de cette boutique",
  ownShop: 'Vous ne pouvez pas écrire à votre propre boutique',
  buyersOnly: 'Seuls les acheteurs peuvent démarrer une conversation avec une boutique',
  reopenShopOnly: 'Seule la boutique peut rouvrir une conversation : écrivez un message pour la rouvrir',
  bodyTooLong: `Doit contenir au maximum ${TICKET_BODY_MAX} caractères`,
  subjectTooLong: `Doit contenir au maximum ${TICKET_SUBJECT_MAX} caractères`,
  created: 'Message envoyé',
  sent: 'Message envoyé',
  closed: 'Conversation fermée',
  reopened: 'Conversation rouverte',
  status: 'Le statut doit valoir open ou closed',
} as const;

export const TICKET_STATUSES = ['open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_SIDES = ['buyer', 'shop'] as const;
/** Who wrote a message / who reads a thread: the buyer, or the shop (its owner or an iam with seeAllMessages). */
export type TicketSide = (typeof TICKET_SIDES)[number];

/** Non-empty text (§5 'Ce champ ne peut pas être vide'), trimmed, at most `max` characters. */
const neededText = (max: number, tooLong: string) => z.string({ error: M.needed }).trim().min(1, M.needed).max(max, tooLong);

// ---------- answers ----------

export const ticketListItemSchema = z.object({
  id: z.number().int(),
  shop: z.object({ id: z.number().int(), name: z.string(), urlShop: z.string() }),
  buyer: z.object({ id: z.number().int(), name: z.string() }),
  order: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  /** messages of the other side the caller has not read yet */
  unread: z.number().int(),
  lastMessageAt: z.string(),
  /** the start of the last message (at most 140 characters) */
  excerpt: z.string(),
  lastMessageSide: z.enum(TICKET_SIDES).nullable(),
  createdAt: z.string(),
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

export const ticketMessageSchema = z.object({
  id: z.number().int(),
  side: z.enum(TICKET_SIDES),
  /** the writer's name (null: account deleted) */
  author: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketDetailSchema = ticketListItemSchema.extend({
  /** the caller's side in this thread */
  viewerSide: z.enum(TICKET_SIDES),
  /** oldest first */
  messages: z.array(ticketMessageSchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketUnreadCountSchema = z.object({
  /** unread messages over all the caller's threads */
  count: z.number().int(),
  /** threads holding at least one unread message */
  threads: z.number().int(),
});
export type TicketUnreadCount = z.infer<typeof ticketUnreadCountSchema>;

/** The shops a buyer may write to from the 'Nouveau message' form: the shops they ordered from, with their orders. */
export const ticketContactShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  urlShop: z.string(),
  orders: z.array(z.object({ id: z.number().int(), number: z.string(), createdAt: z.string() })),
});
export type TicketContactShop = z.infer<typeof ticketContactShopSchema>;
export const ticketContactShopsSchema = z.array(ticketContactShopSchema);

// ---------- requests ----------

export const createTicketBodySchema = z.object({
  /** the shop: numeric id, public code or urlShop */
  shopId: z.union([z.string(), z.number()], { error: M.needed }).transform((v) => String(v).trim()),
  subject: neededText(TICKET_SUBJECT_MAX, TICKETS_MESSAGES.subjectTooLong),
  body: neededText(TICKET_BODY_MAX, TICKETS_MESSAGES.bodyTooLong),
  orderId: z
    .number({ error: TICKETS_MESSAGES.orderNotFound })
    .int(TICKETS_MESSAGES.orderNotFound)
    .positive(TICKETS_MESSAGES.orderNotFound)
    .max(2147483647, TICKETS_MESSAGES.orderNotFound)
    .nullish()
    .transform((v) => v ?? null),
});
export type CreateTicketBody = z.input<typeof createTicketBodySchema>;

export const ticketMessageBodySchema = z.object({
  body: neededText(TICKET_BODY_MAX, TICKETS_MESSAGES.bodyTooLong),
});
export type TicketMessageBody = z.input<typeof ticketMessageBodySchema>;
