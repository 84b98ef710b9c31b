import { z } from 'zod';
import {
  ACCOUNTING_RULE_MESSAGES,
  EXPORT_FORMATS,
  EXPORT_LAYOUTS,
  FEC_ENCODINGS,
  JOURNAL_KINDS,
  PERIOD_MESSAGES,
} from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';

const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Le paramètre ${name} est une date AAAA-MM-JJ`)
    .optional();
const journal = z
  .enum(JOURNAL_KINDS, { error: `Le paramètre journal accepte ${JOURNAL_KINDS.slice(0, -1).join(', ')} ou ${JOURNAL_KINDS.at(-1)}` })
  .optional();
const clientId = z.coerce
  .number({ error: 'Le paramètre clientId doit être un identifiant de client' })
  .int('Le paramètre clientId doit être un identifiant de client')
  .positive('Le paramètre clientId doit être un identifiant de client')
  .optional();

/** GET /v1/accounting/entries */
export const listEntriesQuery = listQuery({
  sort: ['date', 'num'],
  defaultSort: '-date',
  filters: {
    from: day('from').describe('dated on or after'),
    to: day('to').describe('dated on or before'),
    journal,
    account: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z]{1,20}$/, 'Le paramètre account est un numéro de compte (chiffres et lettres)')
      .optional()
      .describe('entries with a line on an account starting with these characters'),
    clientId: clientId.describe("a client's entries"),
    lettered: z
      .enum(['true', 'false'], { error: 'Le paramètre lettered vaut true ou false' })
      .optional()
      .describe('true: lettered entries only; false: not lettered (client entries)'),
  },
});
export type EntriesListQuery = z.output<typeof listEntriesQuery>;

export const balancesQuery = z.object({ from: day('from'), to: day('to'), journal, clientId });

const year = z.coerce
  .number({ error: 'Le paramètre year est une année AAAA' })
  .int('Le paramètre year est une année AAAA')
  .min(2000, 'Le paramètre year est une année AAAA')
  .max(2100, 'Le paramètre year est une année AAAA');
export const yearQuery = z.object({ year });
export const optionalYearQuery = z.object({ year: year.optional() });
/** GET /v1/accounting/fec: the year, and the file's encoding (ISO 8859-15 by default, A47 A-1 LPF; any case accepted) */
export const fecQuery = z.object({
  year,
  encoding: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(FEC_ENCODINGS, { error: ACCOUNTING_RULE_MESSAGES.encoding }),
    )
    .optional(),
});

const required = (name: string, label: string) =>
  z
    .string({ error: `Indiquez ${label} (AAAA-MM-JJ)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Indiquez ${label} (AAAA-MM-JJ)`)
    .describe(name);
export const periodQuery = z
  .object({ from: required('from', 'le début de la période'), to: required('to', 'la fin de la période') })
  .refine((q) => q.from <= q.to, { message: 'La fin de la période précède son début', path: ['to'] });
export const exportQuery = z
  .object({
    from: required('from', 'le début de la période'),
    to: required('to', 'la fin de la période'),
    format: z.enum(EXPORT_FORMATS, { error: 'Le format accepte csv ou xlsx' }).optional(),
    layout: z.enum(EXPORT_LAYOUTS, { error: `La présentation accepte ${EXPORT_LAYOUTS.join(', ')}` }).optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'La fin de la période précède son début', path: ['to'] });

export const monthParams = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, PERIOD_MESSAGES.month),
});
