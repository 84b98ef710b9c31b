// The event form: prices in euros TTC on screen, cents on the wire; each rate is a participant, an option (does not
// count) or the tourist tax (per participant). The api checks the same rules and names the field.
import { z } from 'zod';
import type { EventDetail, EventInput } from './events.queries';

export const RATE_KINDS = ['person', 'option', 'touristTax'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

const text = (max: number) => z.string().trim().max(max, `Doit contenir au maximum ${max} caractères`);

export const eventFormSchema = z
  .object({
    title: z.string().trim().min(1, 'Le titre est obligatoire').max(200, 'Le titre doit contenir au maximum 200 caractères'),
    description: text(5000),
    location: text(300),
    durationMinutes: z
      .number({ error: 'La durée doit être un nombre de minutes entre 1 et 1440' })
      .int('La durée doit être un nombre de minutes entre 1 et 1440')
      .min(1, 'La durée doit être un nombre de minutes entre 1 et 1440')
      .max(1440, 'La durée doit être un nombre de minutes entre 1 et 1440')
      .nullable(),
    languages: z.array(z.string()),
    message: text(2000),
    mandatoryReservation: z.boolean(),
    placesPerSlot: z
      .number({ error: 'Le nombre de places par créneau doit être un entier entre 1 et 10000' })
      .int('Le nombre de places par créneau doit être un entier entre 1 et 10000')
      .min(1, 'Le nombre de places par créneau doit être un entier entre 1 et 10000')
      .max(10000, 'Le nombre de places par créneau doit être un entier entre 1 et 10000'),
    online: z.boolean(),
    rates: z.array(
      z.object({
        name: z.string().trim().min(1, 'Le nom du tarif est obligatoire').max(100),
        price: z.number({ error: 'Le prix doit être un montant positif' }).min(0, 'Le prix doit être un montant positif'),
        kind: z.enum(RATE_KINDS),
      }),
    ),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.rates.forEach((r, i) => {
      const key = r.name.trim().toLowerCase();
      if (key && seen.has(key)) ctx.addIssue({ code: 'custom', message: 'Ce nom de tarif est déjà utilisé', path: ['rates', i, 'name'] });
      seen.add(key);
    });
    const taxes = v.rates.map((r, i) => (r.kind === 'touristTax' ? i : -1)).filter((i) => i >= 0);
    if (taxes.length > 1)
      ctx.addIssue({ code: 'custom', message: 'Une seule taxe de séjour par événement', path: ['rates', taxes[1], 'kind'] });
    if (!v.rates.some((r) => r.kind === 'person'))
      ctx.addIssue({ code: 'custom', message: 'Ajoutez au moins un tarif qui compte des participants', path: ['rates'] });
  });
export type EventFormValues = z.input<typeof eventFormSchema>;

export const emptyRate = (kind: RateKind = 'person'): EventFormValues['rates'][number] => ({ name: '', price: 0, kind });

export function eventFormValues(e?: EventDetail): EventFormValues {
  return {
    title: e?.title ?? '',
    description: e?.description ?? '',
    location: e?.location ?? '',
    durationMinutes: e ? e.durationMinutes : 60,
    languages: e?.languages ?? ['fr'],
    message: e?.message ?? '',
    mandatoryReservation: e?.mandatoryReservation ?? true,
    placesPerSlot: e?.placesPerSlot ?? 10,
    online: e?.online ?? true,
    rates: e
      ? e.rates.map((r) => ({
          name: r.name,
          price: r.priceCents / 100,
          kind: r.touristTax ? 'touristTax' : r.optional ? 'option' : 'person',
        }))
      : [{ name: 'Adulte', price: 0, kind: 'person' }],
  };
}

export function toEventInput(v: z.output<typeof eventFormSchema>): EventInput {
  return {
    title: v.title,
    description: v.description || null,
    location: v.location || null,
    durationMinutes: v.durationMinutes,
    languages: v.languages,
    message: v.message || null,
    mandatoryReservation: v.mandatoryReservation,
    placesPerSlot: v.placesPerSlot,
    online: v.online,
    rates: v.rates.map((r) => ({
      name: r.name,
      priceCents: Math.round(r.price * 100),
      optional: r.kind === 'option',
      touristTax: r.kind === 'touristTax',
    })),
  };
}
