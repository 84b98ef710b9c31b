// The form of the settings section `accounting`: the contract's rules (shared-kernel/contracts/accounting.ts), so the
// French messages are the api's. Only the start day is looser in the form: an emptied number field holds null, which
// gets a French message instead of zod's type error.
import { format, getDaysInMonth } from 'date-fns';
import { fiscalYear } from 'shared-kernel/domain';
import { z } from 'zod';
import {
  accountingSettingsSchema,
  DEFAULT_ACCOUNTING_SETTINGS,
  type AccountingSettings,
  type AccountingSettingsInput,
} from 'shared-kernel/contracts';

/** Spec §9 date display. */
const DAY_FORMAT = 'dd/MM/yyyy';

export const START_DAY_MESSAGE = 'Le jour de début est un nombre de 1 à 31';

export const accountingFormSchema = accountingSettingsSchema.safeExtend({
  logStartDay: z.number({ error: START_DAY_MESSAGE }).int(START_DAY_MESSAGE).min(1, START_DAY_MESSAGE).max(31, START_DAY_MESSAGE),
});
export type AccountingFormValues = z.input<typeof accountingFormSchema>;
export type AccountingFormOutput = z.output<typeof accountingFormSchema>;

/** The saved settings as form values. */
export const toFormValues = (s: AccountingSettings): AccountingFormValues => ({
  logStartMonth: s.logStartMonth,
  logStartDay: s.logStartDay,
  journals: {
    VT: { ...s.journals.VT },
    BQ: { ...s.journals.BQ },
    CA: { ...s.journals.CA },
    OD: { ...s.journals.OD },
    // settings saved before the purchase and opening journals existed: their defaults
    HA: { ...(s.journals.HA ?? DEFAULT_ACCOUNTING_SETTINGS.journals.HA) },
    AN: { ...(s.journals.AN ?? DEFAULT_ACCOUNTING_SETTINGS.journals.AN) },
  },
  exportLayout: s.exportLayout,
  exportFormat: s.exportFormat,
  clientPrefix: s.clientPrefix,
  counterSalesClient: s.counterSalesClient,
});

/** The PUT body: the schema's output (texts trimmed, codes and account upper case). */
export const toBody = (v: AccountingFormOutput): AccountingSettingsInput => ({
  logStartMonth: v.logStartMonth,
  logStartDay: v.logStartDay,
  journals: v.journals,
  exportLayout: v.exportLayout,
  exportFormat: v.exportFormat,
  clientPrefix: v.clientPrefix,
  counterSalesClient: v.counterSalesClient,
});

/** The day exists in that month (29 February included, as the contract). */
export function dayExists(month: number, day: number): boolean {
  return (
    Number.isInteger(month) &&
    month >= 0 &&
    month <= 11 &&
    Number.isInteger(day) &&
    day >= 1 &&
    day <= getDaysInMonth(new Date(2000, month, 1))
  );
}

/**
 * The fiscal year `today` falls in, for a start on `day` of `month` (0-based), as dd/MM/yyyy: it ends the day before
 * the next start (spec §9, shared-kernel/domain fiscalYear). Null while the start is not a real day.
 */
export function currentFiscalYear(
  month: number | null | undefined,
  day: number | null | undefined,
  today: Date = new Date(),
): { from: string; to: string } | null {
  if (month == null || day == null || !dayExists(month, day)) return null;
  const { start, end } = fiscalYear(today, { logStartMonth: month, logStartDay: day });
  return { from: format(start, DAY_FORMAT), to: format(end, DAY_FORMAT) };
}
