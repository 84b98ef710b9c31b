// The reservation form's values and rules (the api checks them again and names the field it refuses).
import { z } from 'zod';
import { texts } from '../desk.texts';
import type { BookableRate, ReservationInput, SettleMethod } from '../reservations.queries';

const E = texts.form.errors;

export const SETTLE_METHODS = [
  'cash',
  'card',
  'cheque',
  'transfer',
  'directDebit',
  'billOfExchange',
  'paypal',
  'other',
] as const satisfies readonly SettleMethod[];

const quantity = z.number({ error: E.quantity }).int(E.quantity).min(0, E.quantity).max(1000, E.quantity).nullable();

export const reservationFormSchema = z
  .object({
    clientId: z.number().int().positive().nullable(),
    eventId: z.number().int().positive().nullable(),
    slotId: z.number().int().positive().nullable(),
    /** one per rate of the event that is not the tourist tax, in the event's order */
    quantities: z.array(quantity),
    settleMode: z.enum(['now', 'later']),
    method: z.enum(SETTLE_METHODS).nullable(),
    notes: z.string().max(1000, 'La note doit contenir au maximum 1000 caractères'),
  })
  .superRefine((v, ctx) => {
    const need = (ok: unknown, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', message, path: [path] });
    };
    need(v.clientId, 'clientId', E.client);
    need(v.eventId, 'eventId', E.event);
    need(v.slotId || !v.eventId, 'slotId', E.slot);
    need(!v.eventId || v.quantities.some((q) => (q ?? 0) > 0), 'quantities', E.participants);
    need(v.settleMode === 'later' || v.method, 'method', E.method);
  });
export type ReservationFormValues = z.input<typeof reservationFormSchema>;

/** The rates a quantity is asked for: every rate of the event but the tourist tax (added by itself per participant). */
export const bookedRates = (rates: BookableRate[]) => rates.filter((r) => !r.touristTax);

/** Participants (places taken) of the quantities typed: the options do not count. */
export const personsOf = (rates: BookableRate[], quantities: ReadonlyArray<number | null | undefined>) =>
  bookedRates(rates).reduce((n, r, i) => n + (r.optional ? 0 : (quantities[i] ?? 0)), 0);

/** What the form sends: the quantities by rate name, the settlement. */
export function toReservationInput(v: ReservationFormValues, rates: BookableRate[]): ReservationInput {
  const prices = bookedRates(rates)
    .map((r, i) => ({ name: r.name, quantity: v.quantities[i] ?? 0 }))
    .filter((p) => p.quantity > 0);
  return {
    clientId: v.clientId!,
    eventId: v.eventId!,
    slotId: v.slotId!,
    prices,
    settle: v.settleMode === 'now' ? { mode: 'now', method: v.method! } : { mode: 'later' },
    notes: v.notes.trim() || null,
  };
}

/**
 * The form field of an api refusal: `prices.<i>.…` names the i-th price sent (only the quantities above zero are), the
 * settlement's fields are the form's own.
 */
export function formFieldOf(field: string | undefined, sent: ReservationInput, rates: BookableRate[]): string | undefined {
  if (!field) return field;
  const m = /^prices\.(\d+)/.exec(field);
  if (m) {
    const index = bookedRates(rates).findIndex((r) => r.name === sent.prices[Number(m[1])]?.name);
    return index >= 0 ? `quantities.${index}` : 'quantities';
  }
  if (field === 'prices') return 'quantities';
  if (field === 'settle.method') return 'method';
  if (field.startsWith('settle')) return 'settleMode';
  return field;
}
