/**
 * The fiscal year (spec §9) on calendar days (the api's view; domain/fiscal-year.ts is the same rule on local Dates): it starts on logStartDay of logStartMonth (0-based), default 1 January, and ends the day
 * before the next start. Dates are calendar days 'YYYY-MM-DD' (no time zone: the caller gives Paris' day).
 */
export interface FiscalYearBounds {
  /** the calendar year the fiscal year starts in */
  year: number;
  from: string;
  to: string;
}

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** The start day of the fiscal year starting in `year` (a day past the month's end is its last day). */
function startOf(year: number, month: number, day: number): string {
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return iso(year, month, Math.min(day, last));
}

/** The fiscal year starting in calendar year `year`. */
export function fiscalYearStarting(year: number, month = 0, day = 1): FiscalYearBounds {
  const from = startOf(year, month, day);
  const next = startOf(year + 1, month, day);
  const end = new Date(`${next}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - 1);
  return { year, from, to: end.toISOString().slice(0, 10) };
}

/** The fiscal year a day belongs to. */
export function fiscalYearOfDay(date: string, month = 0, day = 1): FiscalYearBounds {
  const y = Number(date.slice(0, 4));
  return date >= startOf(y, month, day) ? fiscalYearStarting(y, month, day) : fiscalYearStarting(y - 1, month, day);
}

/** The calendar months ('YYYY-MM') a fiscal year touches, in order. */
export function monthsOf(fy: FiscalYearBounds): string[] {
  const out: string[] = [];
  let y = Number(fy.from.slice(0, 4));
  let m = Number(fy.from.slice(5, 7));
  const last = fy.to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= last) return out;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/** The last day of a month 'YYYY-MM'. */
export const monthEnd = (month: string) => iso(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0);
