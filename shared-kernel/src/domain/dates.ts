import { format, isValid, parseISO } from 'date-fns';

/** Spec §9 display formats. */
export const DATE_FORMAT = 'dd/LL/yyyy';
export const DATE_TIME_FORMAT = 'dd/LL/yyyy HH:mm';

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(d) ? d : null;
}

/** '21/03/2025' (or '21/03/2025 14:05' with withTime); '' for an invalid/absent date. */
export function formatDate(value: Date | string | number | null | undefined, opts: { withTime?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return d ? format(d, opts.withTime ? DATE_TIME_FORMAT : DATE_FORMAT) : '';
}

export function formatDateTime(value: Date | string | number | null | undefined): string {
  return formatDate(value, { withTime: true });
}

// ------------------------------------------------------------------ calendar months in France
// A French business month runs from midnight on the 1st, Paris time (UTC+1 in winter, UTC+2 in summer), to the next.

const PARIS = 'Europe/Paris';
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: PARIS, timeZoneName: 'longOffset' });
const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: PARIS, year: 'numeric', month: '2-digit' });

/** Paris's offset from UTC at an instant, in minutes (60 or 120). */
function parisOffsetMinutes(at: Date): number {
  const name = offsetFormat.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The instant of midnight, Paris time, on a calendar day (`month0` 0-based; overflowing months roll over the year). */
export function parisMidnight(year: number, month0: number, day: number): Date {
  const utcMidnight = Date.UTC(year, month0, day);
  let t = utcMidnight - parisOffsetMinutes(new Date(utcMidnight)) * 60_000;
  const settled = parisOffsetMinutes(new Date(t)); // the offset in force at that Paris midnight
  t = utcMidnight - settled * 60_000;
  return new Date(t);
}

/** Start of the previous, current and next calendar month in Paris around `now`. */
export function parisMonthBounds(now: Date): { previousStart: Date; currentStart: Date; nextStart: Date } {
  const parts = monthFormat.formatToParts(now);
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month0 = Number(parts.find((p) => p.type === 'month')?.value) - 1;
  return {
    previousStart: parisMidnight(year, month0 - 1, 1),
    currentStart: parisMidnight(year, month0, 1),
    nextStart: parisMidnight(year, month0 + 1, 1),
  };
}
