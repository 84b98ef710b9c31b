// The billing settings form: the contract's rules (shared-kernel/contracts/sales.ts billingSettingsSchema, so the §5
// and SALES_MESSAGES texts show unchanged), with the share capital in euros (cents on the wire) and the mail checked.
import { z } from 'zod';
import { SALES_MESSAGES, bankAccountSchema, billingSettingsSchema, type BillingSettings } from 'shared-kernel/contracts';
import { fromCents, toCents } from 'shared-kernel/domain';
import { emailSchema, MESSAGES } from 'shared-kernel/validation';

export const MAX_BANKS = 5;

export const billingFormSchema = billingSettingsSchema.extend({
  /** euros in the form */
  capital: z.number({ error: MESSAGES.number }).min(0, MESSAGES.number).nullable(),
  email: z
    .string()
    .trim()
    .max(200)
    .refine((v) => !v || emailSchema.safeParse(v).success, MESSAGES.email)
    .transform((v) => v || null),
  banks: z.array(bankAccountSchema).max(MAX_BANKS),
  /** picked in any order in the form, sent in increasing order */
  reminderDays: z
    .array(z.number().int().min(1).max(365))
    .max(5, SALES_MESSAGES.reminderDays)
    .transform((d) => [...new Set(d)].sort((a, b) => a - b)),
});
export type BillingFormValues = z.input<typeof billingFormSchema>;
export type BillingFormOutput = z.output<typeof billingFormSchema>;

const shape = billingSettingsSchema.shape;
/** The contract's defaults (prefixes F / AV / D, 30 days, the legal late-payment penalty, overpayments accepted, VAT on receipts). */
export const BILLING_DEFAULTS = {
  invoicePrefix: shape.invoicePrefix.parse(undefined),
  creditPrefix: shape.creditPrefix.parse(undefined),
  quotePrefix: shape.quotePrefix.parse(undefined),
  defaultPaymentDelay: shape.defaultPaymentDelay.parse(undefined),
  latePenalty: shape.latePenalty.parse(undefined),
  allowOverpayment: shape.allowOverpayment.parse(undefined),
  vatOnDebits: shape.vatOnDebits.parse(undefined),
  reminderDays: shape.reminderDays.parse(undefined),
  country: 'FR',
};

/** 'FR7630006000011234567890189' → 'FR76 3000 6000 0112 3456 7890 189' (easier to read back). */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/** The form's values from the saved settings, or an empty form with the shop's name when nothing is saved yet. */
export function toFormValues(s: Partial<BillingSettings> | null, shopName: string): BillingFormValues {
  const a = s?.address;
  return {
    companyName: s?.companyName || shopName,
    legalForm: s?.legalForm ?? '',
    capital: s?.capital === null || s?.capital === undefined ? null : fromCents(s.capital),
    siret: s?.siret ?? '',
    rcs: s?.rcs ?? '',
    vatNumber: s?.vatNumber ?? '',
    exciseNumber: s?.exciseNumber ?? '',
    address: {
      street: a?.street ?? '',
      street2: a?.street2 ?? '',
      zipcode: a?.zipcode ?? '',
      city: a?.city ?? '',
      country: a?.country || BILLING_DEFAULTS.country,
    },
    email: s?.email ?? '',
    phone: s?.phone ?? '',
    invoicePrefix: s?.invoicePrefix || BILLING_DEFAULTS.invoicePrefix,
    creditPrefix: s?.creditPrefix || BILLING_DEFAULTS.creditPrefix,
    quotePrefix: s?.quotePrefix || BILLING_DEFAULTS.quotePrefix,
    defaultPaymentDelay: s?.defaultPaymentDelay || BILLING_DEFAULTS.defaultPaymentDelay,
    banks: (s?.banks ?? []).map((b) => ({ label: b.label, iban: formatIban(b.iban), bic: b.bic, isDefault: !!b.isDefault })),
    latePenalty: s?.latePenalty ?? BILLING_DEFAULTS.latePenalty,
    legalMentions: s?.legalMentions ?? '',
    allowOverpayment: s?.allowOverpayment ?? BILLING_DEFAULTS.allowOverpayment,
    vatOnDebits: s?.vatOnDebits ?? BILLING_DEFAULTS.vatOnDebits,
    reminderDays: s?.reminderDays ?? BILLING_DEFAULTS.reminderDays,
  };
}

/** The PUT body: capital in cents, IBAN / BIC / SIRET / VAT normalised by the schema, exactly one default account. */
export function toBody(v: BillingFormOutput): BillingSettings {
  const firstDefault = v.banks.findIndex((b) => b.isDefault);
  const defaultIndex = firstDefault === -1 ? 0 : firstDefault;
  return {
    ...v,
    capital: v.capital === null ? null : toCents(v.capital),
    banks: v.banks.map((b, i) => ({ ...b, isDefault: i === defaultIndex })),
  };
}
