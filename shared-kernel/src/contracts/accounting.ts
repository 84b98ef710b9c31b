/**
 * Api contract of the pre-accounting (issue 15), shared by api/src/modules/accounting and mfe-accounting.
 *
 * Endpoints (under /v1, owner or iam of the caller's shop):
 * - GET /accounting/codes → AccountingCodes (the shop's chart of accounts: its own numbers over the French defaults of
 *   domain/accounting/chart.ts)                                                 accessAccounting | editAccountingCodes
 * - PUT /accounting/codes body AccountingCodesInput → AccountingCodes + message                   editAccountingCodes
 *   (every number checked: a PCG class digit first, three digits; 400 naming the field, e.g. `products.shipping`)
 */
import { z } from 'zod';
import { accountProblem, DEFAULT_CHART, type ChartOfAccounts } from '../domain/accounting/chart';
import { ACCOUNTING_PRODUCT_TYPES } from '../domain/reference/tax';

export const ACCOUNTING_MESSAGES = {
  codesSaved: 'Codes comptables enregistrés',
  vatRate: 'Taux de TVA au format 20, 10, 5_5…',
} as const;

/** An account number of the chart (accountProblem's rules, French messages). */
export const accountNumberSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .superRefine((v, ctx) => {
    const problem = accountProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const PRODUCT_TYPES = ACCOUNTING_PRODUCT_TYPES.map((t) => t.value) as [string, ...string[]];
export const PAYMENT_ACCOUNT_METHODS = Object.keys(DEFAULT_CHART.payments) as Array<keyof ChartOfAccounts['payments']>;

export const accountingCodesSchema = z.object({
  products: z.object(Object.fromEntries(PRODUCT_TYPES.map((t) => [t, accountNumberSchema])) as Record<string, typeof accountNumberSchema>),
  vat: z.record(z.string().regex(/^\d{1,2}(_\d{1,2})?$/, ACCOUNTING_MESSAGES.vatRate), accountNumberSchema),
  duties: accountNumberSchema,
  deposits: accountNumberSchema,
  payments: z.object(
    Object.fromEntries(PAYMENT_ACCOUNT_METHODS.map((m) => [m, accountNumberSchema])) as Record<string, typeof accountNumberSchema>,
  ),
  clients: z.object({
    mode: z.enum(['auxiliary', 'collective']),
    collective: accountNumberSchema,
    /** the digits an auxiliary client account starts with (411 + the client's code) */
    prefix: z
      .string()
      .trim()
      .regex(/^[1-8]\d{2}\d*$/, 'Un préfixe de compte client commence par trois chiffres (411…)'),
  }),
  counterSalesClient: accountNumberSchema,
  other: z.object({
    tax: accountNumberSchema,
    minusGap: accountNumberSchema,
    plusGap: accountNumberSchema,
    profit: accountNumberSchema,
    loss: accountNumberSchema,
    escompte: accountNumberSchema,
  }),
});
export type AccountingCodesInput = z.input<typeof accountingCodesSchema>;
export type AccountingCodes = ChartOfAccounts;
