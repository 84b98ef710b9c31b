// The reservations back office: a reservation is an order with 'reservation' lines (places taken on a slot)
// and 'touristTax' lines. Bodies and queries with French messages naming the field; answers; money in integer cents.
import { z } from 'zod';
import { SALES_PAYMENT_METHODS } from 'shared-kernel/contracts';

export const RESERVATION_MESSAGES = {
  orderNotFound: 'Réservation introuvable',
  lineNotFound: 'Ligne de réservation introuvable',
  eventNotFound: 'Événement introuvable',
  clientRequired: 'Le client est obligatoire',
  clientNotFound: 'Client introuvable',
  eventRequired: "L'événement est obligatoire",
  slotRequired: 'Le créneau est obligatoire',
  prices: 'Indiquez le nombre de participants par tarif',
  rateName: 'Le nom du tarif est obligatoire',
  rateUnknown: (name: string) => `Le tarif « ${name} » n'existe pas pour cet événement`,
  rateTwice: 'Ce tarif est indiqué deux fois',
  quantity: 'La quantité doit être un nombre entier entre 0 et 1000',
  noParticipant: 'Ajoutez au moins un participant',
  settle: 'Le règlement vaut now (maintenant) ou later (plus tard)',
  method: 'Choisissez le moyen de paiement',
  notes: 'La note doit contenir au maximum 1000 caractères',
  refund: 'Le remboursement vaut refund (rembourser), credit (avoir) ou none (aucun)',
  date: (name: string) => `Le paramètre ${name} est une date AAAA-MM-JJ`,
  rangeOrder: 'La date de fin doit être le même jour ou après la date de début',
  rangeMax: 'La période ne peut pas dépasser 62 jours',
  slotPast: 'Ce créneau est passé : choisissez un créneau à venir',
  sameSlot: 'La réservation est déjà sur ce créneau',
  alreadyCancelled: 'Cette réservation est déjà annulée',
  closed: (status: string) => `Cette réservation est « ${status} » : elle ne peut plus être modifiée`,
  checkedInMove: 'Les participants sont déjà pointés : annulez le pointage avant de déplacer la réservation',
  checkInDay: "Le pointage n'est possible que le jour du créneau",
  creditNoInvoice:
    "Cette réservation n'a pas de facture : un avoir ne peut pas être établi. Choisissez le remboursement ou aucun remboursement.",
  created: (n: string) => `Réservation ${n} enregistrée`,
  createdPaid: (n: string) => `Réservation ${n} enregistrée et réglée`,
  settleFailed: (n: string, why: string) => `Réservation ${n} enregistrée, mais le règlement n'a pas pu être enregistré : ${why}`,
  moved: 'Réservation déplacée',
  cancelled: 'Réservation annulée',
  checkedIn: 'Participants pointés',
  checkInUndone: 'Pointage annulé',
} as const;
const M = RESERVATION_MESSAGES;

/** The methods a reservation settled now may be paid with (the sales payment methods; a credit is used elsewhere). */
export const SETTLE_METHODS = SALES_PAYMENT_METHODS.filter((m) => m !== 'creditNote' && m !== 'providerCard') as [
  Exclude<(typeof SALES_PAYMENT_METHODS)[number], 'creditNote' | 'providerCard'>,
  ...Array<Exclude<(typeof SALES_PAYMENT_METHODS)[number], 'creditNote' | 'providerCard'>>,
];
export type SettleMethod = (typeof SETTLE_METHODS)[number];

const positiveId = (message: string) => z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

// ---------------------------------------------------------------- bodies

export const reservationInputSchema = z
  .object({
    clientId: positiveId(M.clientRequired),
    eventId: positiveId(M.eventRequired),
    slotId: positiveId(M.slotRequired),
    /** quantities per rate of the event, by name; optional rates (a cheese platter…) take no place; the tourist tax is
     * added by itself per participant */
    prices: z
      .array(
        z.object({
          name: z.string({ error: M.rateName }).trim().min(1, M.rateName).max(200, M.rateName),
          quantity: z.number({ error: M.quantity }).int(M.quantity).min(0, M.quantity).max(1000, M.quantity),
        }),
        { error: M.prices },
      )
      .min(1, M.prices)
      .max(30, M.prices),
    settle: z.discriminatedUnion(
      'mode',
      [z.object({ mode: z.literal('now'), method: z.enum(SETTLE_METHODS, { error: M.method }) }), z.object({ mode: z.literal('later') })],
      { error: M.settle },
    ),
    notes: z.string().trim().max(1000, M.notes).nullish(),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.prices.forEach((p, i) => {
      const key = p.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: M.rateTwice, path: ['prices', i, 'name'] });
      seen.add(key);
    });
    if (!b.prices.some((p) => p.quantity > 0)) ctx.addIssue({ code: 'custom', message: M.noParticipant, path: ['prices'] });
  });
export type ReservationInput = z.output<typeof reservationInputSchema>;

export const moveInputSchema = z.object({ slotId: positiveId(M.slotRequired) });
export const cancelInputSchema = z.object({
  refund: z.enum(['refund', 'credit', 'none'], { error: M.refund }),
  reason: z.string().trim().max(500, 'Le motif doit contenir au maximum 500 caractères').nullish(),
});
export type CancelInput = z.output<typeof cancelInputSchema>;

// ---------------------------------------------------------------- queries

const isoDate = (name: string) =>
  z
    .string({ error: M.date(name) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.date(name))
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), M.date(name));

const eventIdParam = z
  .string()
  .regex(/^\d{1,9}$/, "Le paramètre eventId est l'identifiant d'un événement")
  .transform(Number)
  .pipe(z.number().int().min(1, "Le paramètre eventId est l'identifiant d'un événement"));

export const slotsQuerySchema = z
  .object({
    from: isoDate('from').optional().describe('first day (shop time, AAAA-MM-JJ); default today'),
    to: isoDate('to').optional().describe('last day included; default from + 6 days'),
    eventId: eventIdParam.optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', message: M.rangeOrder, path: ['to'] });
    else if (days > 61) ctx.addIssue({ code: 'custom', message: M.rangeMax, path: ['to'] });
  });
export type SlotsQuery = z.output<typeof slotsQuerySchema>;

export const eventsQuerySchema = z.object({ eventId: eventIdParam.optional() });

// ---------------------------------------------------------------- answers

export const bookingLineSchema = z.object({
  id: z.number().int(),
  /** the rate's name */
  rate: z.string(),
  quantity: z.number().int(),
  /** an option: takes no place */
  optional: z.boolean(),
});

/** One order's participants on one slot (every reservation line of that order on that slot). */
export const bookingSchema = z.object({
  /** the line the actions (move, check-in) are called with: the first reservation line of the booking */
  lineId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  orderStatus: z.string(),
  paymentStatus: z.string(),
  client: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
  eventId: z.number().int().nullable(),
  eventTitle: z.string(),
  slotId: z.number().int().nullable(),
  /** participants (places taken) and options */
  persons: z.number().int(),
  options: z.number().int(),
  lines: z.array(bookingLineSchema),
  /** reservation and tourist-tax lines of the booking, cents TTC */
  totalTTC: z.number().int(),
  checkedInAt: z.string().nullable(),
  checkedInBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const slotInfoSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventTitle: z.string(),
  name: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  places: z.number().int(),
  placesLeft: z.number().int(),
  booked: z.number().int(),
  /** today (shop time) is one of the slot's days: participants may be checked in */
  checkInOpen: z.boolean(),
  past: z.boolean(),
});
export type SlotInfo = z.infer<typeof slotInfoSchema>;

export const slotsAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** today in shop time (Europe/Paris) */
  today: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      slots: z.array(slotInfoSchema.extend({ bookings: z.array(bookingSchema) })),
    }),
  ),
});
export type SlotsAnswer = z.infer<typeof slotsAnswerSchema>;

export const bookableEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  online: z.boolean(),
  location: z.string().nullable(),
  rates: z.array(z.object({ name: z.string(), priceCents: z.number().int(), optional: z.boolean(), touristTax: z.boolean() })),
  /** the slots to come (places left or not) */
  slots: z.array(slotInfoSchema),
});
export type BookableEvent = z.infer<typeof bookableEventSchema>;

export const reservationDetailSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  source: z.string(),
  /** not cancelled, refused, aborted nor expired */
  active: z.boolean(),
  /** an invoice was issued: a cancellation makes a credit note */
  invoiced: z.boolean(),
  /** something was paid: the cancellation asks whether to refund it */
  paid: z.boolean(),
  bookings: z.array(bookingSchema.extend({ slot: slotInfoSchema.nullable() })),
});
export type ReservationDetail = z.infer<typeof reservationDetailSchema>;

export const createdSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  totalTTC: z.number().int(),
  invoice: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  message: z.string(),
});

export const bookingAnswerSchema = z.object({ booking: bookingSchema, message: z.string() });
export const cancelAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  creditNote: z.object({ id: z.number().int(), number: z.string() }).nullable(),
});
