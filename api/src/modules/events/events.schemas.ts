// Back-office events: the event form, the schedule that makes its slots, and the answers. French messages
// naming the field; money is integer cents TTC.
import { z } from 'zod';
import { LANGUAGES_LIST } from 'shared-kernel/domain';
import { listQuery } from '../../platform/list-query';

export const EVENT_MESSAGES = {
  eventNotFound: 'Événement introuvable',
  slotNotFound: 'Créneau introuvable',
  title: 'Le titre est obligatoire',
  titleMax: 'Le titre doit contenir au maximum 200 caractères',
  duration: 'La durée doit être un nombre de minutes entre 1 et 1440',
  places: 'Le nombre de places par créneau doit être un entier entre 1 et 10000',
  language: 'Langue inconnue',
  rateName: 'Le nom du tarif est obligatoire',
  rateNameTaken: 'Ce nom de tarif est déjà utilisé',
  ratePrice: 'Le prix doit être un montant positif en centimes',
  rateCounting: 'Ajoutez au moins un tarif qui compte des participants',
  taxOptional: 'La taxe de séjour compte par participant : elle ne peut pas être une option',
  taxOnce: 'Une seule taxe de séjour par événement',
  mode: 'Le mode accepte oneOff (date unique), recurring (récurrence) ou period (journée sans horaire)',
  date: 'Date au format AAAA-MM-JJ attendue',
  time: 'Heure au format HH:MM attendue',
  weekdays: 'Choisissez au moins un jour de la semaine',
  times: 'Ajoutez au moins un horaire',
  rangeOrder: 'La date de fin doit être le même jour ou après la date de début',
  rangeMax: 'La période ne peut pas dépasser 366 jours',
  tooMany: (max: number) => `Ce planning produirait plus de ${max} créneaux : réduisez la période ou les horaires`,
  empty: 'Ce planning ne produit aucun créneau à venir',
  durationNeeded: "Renseignez la durée de l'événement pour créer des créneaux horaires",
  slotBooked: 'Ce créneau a déjà des réservations : il ne peut pas être supprimé',
} as const;

export const MAX_SLOTS_PER_SCHEDULE = 1000;
const M = EVENT_MESSAGES;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Doit contenir au maximum ${max} caractères`)
    .nullish()
    .transform((v) => (v ? v : null));

const isoDate = z
  .string({ error: M.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.date)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), M.date);
const clock = z.string({ error: M.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.time);
const LANGS = LANGUAGES_LIST.map((l) => l.value) as [string, ...string[]];

export const rateInputSchema = z.object({
  name: z.string({ error: M.rateName }).trim().min(1, M.rateName).max(100, 'Le nom du tarif doit contenir au maximum 100 caractères'),
  priceCents: z.number({ error: M.ratePrice }).int(M.ratePrice).min(0, M.ratePrice).max(10_000_000, M.ratePrice),
  /** an option (cheese platter…): priced, but it does not count as a participant nor take a place */
  optional: z.boolean().default(false),
  /** the tourist tax: priceCents per counting participant, added by itself to every booking */
  touristTax: z.boolean().default(false),
});

export const eventInputSchema = z
  .object({
    title: z.string({ error: M.title }).trim().min(1, M.title).max(200, M.titleMax),
    description: optionalText(5000),
    location: optionalText(300),
    durationMinutes: z.number({ error: M.duration }).int(M.duration).min(1, M.duration).max(1440, M.duration).nullish(),
    languages: z
      .array(z.enum(LANGS, { error: M.language }))
      .max(LANGS.length)
      .default([])
      .transform((l) => [...new Set(l)]),
    message: optionalText(2000),
    mandatoryReservation: z.boolean().default(true),
    rates: z.array(rateInputSchema).max(30, 'Au maximum 30 tarifs').default([]),
    placesPerSlot: z.number({ error: M.places }).int(M.places).min(1, M.places).max(10_000, M.places),
    online: z.boolean().default(true),
  })
  .superRefine((e, ctx) => {
    const seen = new Set<string>();
    e.rates.forEach((r, i) => {
      const key = r.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: M.rateNameTaken, path: ['rates', i, 'name'] });
      seen.add(key);
      if (r.touristTax && r.optional) ctx.addIssue({ code: 'custom', message: M.taxOptional, path: ['rates', i, 'optional'] });
    });
    const taxes = e.rates.map((r, i) => (r.touristTax ? i : -1)).filter((i) => i >= 0);
    if (taxes.length > 1) ctx.addIssue({ code: 'custom', message: M.taxOnce, path: ['rates', taxes[1], 'touristTax'] });
    if (!e.rates.some((r) => !r.optional && !r.touristTax)) ctx.addIssue({ code: 'custom', message: M.rateCounting, path: ['rates'] });
  });
export type EventInput = z.output<typeof eventInputSchema>;

const common = {
  /** the slots' name (Matin, Après-midi…) */
  name: optionalText(100),
  /** places of each new slot; default the event's places per slot */
  places: z.number({ error: M.places }).int(M.places).min(1, M.places).max(10_000, M.places).nullish(),
};
const range = {
  from: isoDate,
  to: isoDate,
  /** ISO weekdays, 1 = Monday … 7 = Sunday */
  weekdays: z
    .array(z.number({ error: M.weekdays }).int(M.weekdays).min(1, M.weekdays).max(7, M.weekdays))
    .max(7)
    .transform((w) => [...new Set(w)].sort()),
  exceptions: z.array(isoDate).max(366).default([]),
};
const checkRange = (s: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const days = (Date.parse(s.to) - Date.parse(s.from)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: 'custom', message: M.rangeOrder, path: ['to'] });
  else if (days > 365) ctx.addIssue({ code: 'custom', message: M.rangeMax, path: ['to'] });
};

export const scheduleInputSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('oneOff'), date: isoDate, time: clock, ...common }),
    z
      .object({
        mode: z.literal('recurring'),
        ...range,
        weekdays: range.weekdays.refine((w) => w.length > 0, M.weekdays),
        times: z
          .array(clock)
          .min(1, M.times)
          .max(24)
          .transform((t) => [...new Set(t)].sort()),
        ...common,
      })
      .superRefine(checkRange),
    // a day without hours: every day of the range (all of them when no weekday is chosen), minus the exceptions
    z.object({ mode: z.literal('period'), ...range, weekdays: range.weekdays.default([]), ...common }).superRefine(checkRange),
  ],
  { error: M.mode },
);
export type ScheduleInput = z.output<typeof scheduleInputSchema>;

// ---------------------------------------------------------------- answers

export const rateSchema = z.object({ name: z.string(), priceCents: z.number().int(), optional: z.boolean(), touristTax: z.boolean() });

export const slotSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  /** a period-mode slot: the whole day, no hours */
  allDay: z.boolean(),
  places: z.number().int(),
  placesLeft: z.number().int(),
  booked: z.number().int(),
});
export type EventSlot = z.infer<typeof slotSchema>;

/** What `events.schedule` keeps: the places per slot of the form and the schedules the slots were made from. */
export const storedScheduleSchema = z.object({
  placesPerSlot: z.number().int().nullable(),
  rules: z.array(z.record(z.string(), z.unknown())),
});
export type StoredSchedule = z.infer<typeof storedScheduleSchema>;

const eventBase = {
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  languages: z.array(z.string()),
  message: z.string().nullable(),
  mandatoryReservation: z.boolean(),
  rates: z.array(rateSchema),
  placesPerSlot: z.number().int().nullable(),
  online: z.boolean(),
  schedule: storedScheduleSchema,
  createdAt: z.string(),
  /** the next slot to come, null when none */
  nextSlot: slotSchema.nullable(),
  /** slots to come, and their places booked / left */
  upcomingSlots: z.number().int(),
  placesBooked: z.number().int(),
  placesLeft: z.number().int(),
};
export const eventSummarySchema = z.object(eventBase);
export type EventSummary = z.infer<typeof eventSummarySchema>;
/** The detail: every slot of the event (past ones included), soonest first. */
export const eventDetailSchema = z.object({ ...eventBase, slots: z.array(slotSchema) });
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const generateResultSchema = z.object({
  /** the slots made */
  created: z.array(slotSchema),
  /** slots of the schedule the event already had (same start): not made twice */
  duplicates: z.number().int(),
  /** slots of the schedule already past: not made */
  past: z.number().int(),
  message: z.string(),
});

/** GET /v1/events */
export const listEventsQuery = listQuery({
  sort: ['title', 'createdAt'],
  defaultSort: 'title',
  filters: {
    online: z
      .enum(['true', 'false'], { error: 'Le paramètre online accepte true ou false' })
      .transform((v) => v === 'true')
      .optional()
      .describe('true: the events shown on the shop; false: the hidden ones'),
  },
});
export type EventsListQuery = z.output<typeof listEventsQuery>;
