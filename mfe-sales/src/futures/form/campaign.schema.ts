// The campaign form: the contract's FuturesCampaignInput as typed by a person (prices in euros with a decimal comma,
// one per typology of the shop), its conversion to the wire (integer cents) and the values of an existing campaign.
import { z } from 'zod';
import { FUTURES_MESSAGES as M, type FuturesCampaign, type FuturesCampaignInput } from 'shared-kernel/contracts';
import { texts } from '../texts';

const euros = z.number().min(0, M.price).nullable();

/** Euros typed (decimal comma) → integer cents. */
const toCents = (e: number) => Math.round(e * 100);

const lineSchema = z.object({
  /** the offer line's id (editing) */
  id: z.number().int().nullable(),
  formatId: z.number().int().positive().nullable(),
  /** the chosen format's label (display only) */
  formatLabel: z.string(),
  /** typology id → euros HT per bottle (empty: not offered to that typology) */
  prices: z.record(z.string(), euros),
  /** bottles already ordered (display only: such a line cannot be removed) */
  ordered: z.number().int(),
});

export const campaignFormSchema = z
  .object({
    name: z.string().trim().min(1, M.name).max(120, 'Doit contenir au maximum 120 caractères'),
    vintage: z
      .string()
      .trim()
      .regex(/^\d{4}$/, M.vintage),
    description: z.string().max(2000, 'Doit contenir au maximum 2000 caractères'),
    depositPercent: z
      .number({ error: M.depositPercent })
      .int(M.depositPercent)
      .min(1, M.depositPercent)
      .max(100, M.depositPercent)
      .nullable(),
    deliveryFrom: z.string({ error: M.deliveryDate }).nullable(),
    deliveryTo: z.string({ error: M.deliveryDate }).nullable(),
    lines: z.array(lineSchema).min(1, M.linesEmpty),
  })
  .superRefine((v, ctx) => {
    if (v.depositPercent === null) ctx.addIssue({ code: 'custom', message: M.depositPercent, path: ['depositPercent'] });
    if (!v.deliveryFrom) ctx.addIssue({ code: 'custom', message: M.deliveryDate, path: ['deliveryFrom'] });
    if (!v.deliveryTo) ctx.addIssue({ code: 'custom', message: M.deliveryDate, path: ['deliveryTo'] });
    if (v.deliveryFrom && v.deliveryTo && v.deliveryTo < v.deliveryFrom)
      ctx.addIssue({ code: 'custom', message: M.deliveryPeriod, path: ['deliveryTo'] });
    const seen = new Set<number>();
    v.lines.forEach((l, i) => {
      if (!l.formatId) ctx.addIssue({ code: 'custom', message: M.formatNotFound, path: ['lines', i, 'formatId'] });
      else if (seen.has(l.formatId)) ctx.addIssue({ code: 'custom', message: M.formatTwice, path: ['lines', i, 'formatId'] });
      if (l.formatId) seen.add(l.formatId);
      if (!Object.values(l.prices).some((p) => p !== null && p !== undefined))
        ctx.addIssue({ code: 'custom', message: texts.form.priceNeeded, path: ['lines', i, 'formatId'] });
    });
  });

export type CampaignFormValues = z.input<typeof campaignFormSchema>;
export type CampaignFormLine = CampaignFormValues['lines'][number];

export const emptyCampaignLine = (typologies: string[]): CampaignFormLine => ({
  id: null,
  formatId: null,
  formatLabel: '',
  prices: Object.fromEntries(typologies.map((t) => [t, null])),
  ordered: 0,
});

export function campaignFormValues(typologies: string[], c?: FuturesCampaign): CampaignFormValues {
  if (!c)
    return {
      name: '',
      vintage: String(new Date().getFullYear()),
      description: '',
      depositPercent: 30,
      deliveryFrom: null,
      deliveryTo: null,
      lines: [emptyCampaignLine(typologies)],
    };
  return {
    name: c.name,
    vintage: c.vintage,
    description: c.description ?? '',
    depositPercent: c.depositPercent,
    deliveryFrom: c.deliveryFrom,
    deliveryTo: c.deliveryTo,
    lines: c.lines.map((l) => ({
      id: l.id,
      formatId: l.formatId,
      formatLabel: l.label,
      prices: Object.fromEntries(
        [...new Set([...typologies, ...Object.keys(l.prices)])].map((t) => [t, l.prices[t] != null ? l.prices[t] / 100 : null]),
      ),
      ordered: l.ordered,
    })),
  };
}

/** The wire body (checked by the contract's schema on the api, and here by campaignFormSchema). */
export function toCampaignInput(v: z.output<typeof campaignFormSchema>): FuturesCampaignInput {
  return {
    name: v.name,
    vintage: v.vintage,
    description: v.description.trim() || null,
    depositPercent: v.depositPercent ?? 0,
    deliveryFrom: v.deliveryFrom ?? '',
    deliveryTo: v.deliveryTo ?? '',
    lines: v.lines.map((l) => ({
      ...(l.id ? { id: l.id } : {}),
      formatId: l.formatId ?? 0,
      prices: Object.fromEntries(
        Object.entries(l.prices)
          .filter((e): e is [string, number] => e[1] !== null && e[1] !== undefined)
          .map(([t, p]) => [t, toCents(p)]),
      ),
    })),
  };
}
