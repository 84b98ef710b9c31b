import { addDays, addYears, endOfDay } from 'date-fns';

export interface FiscalSettings {
  /** 0-based month (0 = January). */
  logStartMonth?: number | null;
  /** Day of month, default 1. */
  logStartDay?: number | null;
}

/** The start date of a fiscal year beginning in `year` (the day is clamped to the month length). */
function startIn(year: number, month: number, day: number): Date {
  const last = new Date(year, month + 1, 0).getDate();
  return new Date(year, month, Math.min(day, last));
}

/**
 * Spec §9: the fiscal year starts at logStartMonth/logStartDay (default 1 January) and
 * ends the day before the next start. Returns local-time start (00:00) and end (23:59:59.999).
 */
export function fiscalYear(date: Date, settings: FiscalSettings = {}): { start: Date; end: Date } {
  const month = settings.logStartMonth ?? 0;
  const day = settings.logStartDay ?? 1;
  if (month < 0 || month > 11 || day < 1 || day > 31) throw new RangeError('invalid fiscal year start');
  let start = startIn(date.getFullYear(), month, day);
  if (start.getTime() > date.getTime()) start = startIn(date.getFullYear() - 1, month, day);
  const nextStart = startIn(addYears(start, 1).getFullYear(), month, day);
  return { start, end: endOfDay(addDays(nextStart, -1)) };
}
