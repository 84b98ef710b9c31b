// Calendar periods of the sales screens (ventilation, zip export of the PDFs): Paris calendar days 'YYYY-MM-DD' (the
// api reads issue dates and payment dates as Paris days), and the quick choices this month, last month, this year,
// last year.

export interface Period {
  from: string;
  to: string;
}

export const PERIOD_PRESETS = ['thisMonth', 'lastMonth', 'thisYear', 'lastYear'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  thisMonth: 'Ce mois-ci',
  lastMonth: 'Le mois dernier',
  thisYear: 'Cette année',
  lastYear: "L'année dernière",
};

const parisDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });
const pad = (n: number) => String(n).padStart(2, '0');

/** Today in Paris as year, month (1-12) and day. */
function parisParts(now: Date): { y: number; m: number; d: number } {
  const parts = parisDay.formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: get('year'), m: get('month'), d: get('day') };
}

/** Today's Paris calendar day, 'YYYY-MM-DD'. */
export function parisToday(now: Date = new Date()): string {
  const { y, m, d } = parisParts(now);
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** The whole calendar month `m` (1-12; 0 = December of the year before) of year `y`. */
function monthPeriod(y: number, m: number): Period {
  const date = new Date(Date.UTC(y, m - 1, 1));
  const yy = date.getUTCFullYear();
  const mm = date.getUTCMonth() + 1;
  const last = new Date(Date.UTC(yy, mm, 0)).getUTCDate();
  return { from: `${yy}-${pad(mm)}-01`, to: `${yy}-${pad(mm)}-${pad(last)}` };
}

/** The period of a quick choice, around `now` (Paris). */
export function presetPeriod(preset: PeriodPreset, now: Date = new Date()): Period {
  const { y, m } = parisParts(now);
  switch (preset) {
    case 'thisMonth':
      return monthPeriod(y, m);
    case 'lastMonth':
      return monthPeriod(y, m - 1);
    case 'thisYear':
      return { from: `${y}-01-01`, to: `${y}-12-31` };
    case 'lastYear':
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
  }
}

/** The quick choice a period is, if any. */
export function presetOf(period: Period, now: Date = new Date()): PeriodPreset | null {
  return (
    PERIOD_PRESETS.find((p) => {
      const q = presetPeriod(p, now);
      return q.from === period.from && q.to === period.to;
    }) ?? null
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day 'YYYY-MM-DD'. */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `from`/`to` read from a URL: both real days in order, else null (the screen falls back to its default). */
export function parsePeriod(from: string | null | undefined, to: string | null | undefined): Period | null {
  return isDay(from) && isDay(to) && from <= to ? { from, to } : null;
}
