import { z } from 'zod';
import { ANALYTICS_MESSAGES as M, CUSTOM_DIMENSIONS } from 'shared-kernel/contracts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) =>
  DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const day = (message: string) => z.string({ error: message }).refine(isDay, { error: message });
const MAX_DAYS = 5 * 366;

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  const d = daysBetween(v.from, v.to);
  if (d < 0) ctx.addIssue({ code: 'custom', message: M.range, path: ['to'] });
  else if (d > MAX_DAYS) ctx.addIssue({ code: 'custom', message: M.rangeTooLong, path: ['to'] });
}

/** Default period: the last 12 months (the first day of the month 11 months ago → today), Paris calendar. */
export function defaultPeriod(now = new Date()): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now); // YYYY-MM-DD
  const [y, m] = today.split('-').map(Number);
  const start = new Date(Date.UTC(y, m - 1 - 11, 1));
  return { from: start.toISOString().slice(0, 10), to: today };
}

const periodFields = { from: day(M.from).optional(), to: day(M.to).optional() };

function withDefaults<T extends { from?: string; to?: string }>(v: T): T & { from: string; to: string } {
  const d = defaultPeriod();
  return { ...v, from: v.from ?? (v.to ? `${v.to.slice(0, 4)}-01-01` : d.from), to: v.to ?? d.to };
}

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD (inclusive days, Paris time); default the last 12 months. */
export const periodQuery = z.object(periodFields).transform(withDefaults).superRefine(checkRange);
export type PeriodQuery = z.output<typeof periodQuery>;

const idText = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().positive(message));

const filterText = z.string().trim().max(200).optional();

export const customQuery = z
  .object({
    ...periodFields,
    dimension: z.enum(CUSTOM_DIMENSIONS, { error: M.dimension }).default('product'),
    gamme: filterText.transform((v) => v || undefined),
    typology: filterText.transform((v) => v || undefined),
    agentId: idText(M.agentId).optional(),
  })
  .transform(withDefaults)
  .superRefine(checkRange);
export type CustomQuery = z.output<typeof customQuery>;

export const customDefinitionSchema = z
  .object({
    from: day(M.from),
    to: day(M.to),
    dimension: z.enum(CUSTOM_DIMENSIONS, { error: M.dimension }),
    gamme: z.string().trim().max(200).optional(),
    typology: z.string().trim().max(200).optional(),
    agentId: z.number({ error: M.agentId }).int(M.agentId).positive(M.agentId).optional(),
  })
  .superRefine(checkRange);

export const reportBodySchema = z.object({
  name: z.string({ error: M.reportName }).trim().min(1, M.reportName).max(120, 'Le nom ne peut pas dépasser 120 caractères'),
  definition: customDefinitionSchema,
});

export const budgetQuery = z.object({
  year: z
    .string({ error: M.year })
    .regex(/^\d{4}$/, M.year)
    .transform(Number)
    .pipe(z.number().int().min(2000, M.year).max(2100, M.year))
    .optional(),
});

const cents = z.number({ error: M.amount }).int(M.amount).min(0, M.amount).max(2_000_000_000, M.amount);

export const budgetBodySchema = z.object({
  month: z.string({ error: M.month }).regex(/^(20\d{2}|2100)-(0[1-9]|1[0-2])$/, M.month),
  targetCents: cents.nullable(),
});

export const objectiveBodySchema = z
  .object({
    userId: z.number({ error: M.objectiveUser }).int(M.objectiveUser).positive(M.objectiveUser),
    periodStart: day(M.from),
    periodEnd: day(M.to),
    targetCents: cents,
    label: z.string().trim().max(120, 'Le libellé ne peut pas dépasser 120 caractères').nullish(),
  })
  .superRefine((v, ctx) => {
    if (isDay(v.periodStart) && isDay(v.periodEnd)) checkRange({ from: v.periodStart, to: v.periodEnd }, ctx);
  });
export type ObjectiveInput = z.output<typeof objectiveBodySchema>;

export const commissionsQuery = z.object({
  agentId: idText(M.agentId).optional(),
  month: z
    .string({ error: M.month })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.month)
    .optional(),
  status: z.enum(['due', 'paid'], { error: 'Le filtre status accepte due ou paid' }).optional(),
});
export type CommissionsQuery = z.output<typeof commissionsQuery>;

const rateSchema = z
  .object({
    scope: z.enum(['default', 'typology', 'gamme'], { error: 'La portée du taux accepte default, typology ou gamme' }),
    value: z.string().trim().max(200).nullish(),
    rateBp: z.number({ error: M.rate }).int(M.rate).min(0, M.rate).max(10_000, M.rate),
  })
  .superRefine((v, ctx) => {
    if (v.scope !== 'default' && !v.value) ctx.addIssue({ code: 'custom', message: M.rateValue, path: ['value'] });
  });

export const ratesBodySchema = z.object({
  rates: z.array(rateSchema).max(200),
});

export const anyObject = z.record(z.string(), z.unknown());
export const anyArray = z.array(z.unknown());
