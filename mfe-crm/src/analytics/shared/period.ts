import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'shared-kernel/router';
import type { AnalyticsPeriod } from 'shared-kernel/contracts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const F = 'YYYY-MM-DD';

/** The default period: the last 12 months (first day of the month 11 months ago → today). */
export function defaultPeriod(today: Dayjs = dayjs()): AnalyticsPeriod {
  return { from: today.subtract(11, 'month').startOf('month').format(F), to: today.format(F) };
}

/** The presets of the period picker (labels from the texts). */
export function periodPresets(today: Dayjs = dayjs()) {
  return {
    thisMonth: [today.startOf('month'), today] as [Dayjs, Dayjs],
    lastMonth: [today.subtract(1, 'month').startOf('month'), today.subtract(1, 'month').endOf('month')] as [Dayjs, Dayjs],
    thisYear: [today.startOf('year'), today] as [Dayjs, Dayjs],
    last12: [today.subtract(11, 'month').startOf('month'), today] as [Dayjs, Dayjs],
  };
}

const valid = (v: string | null): v is string => v !== null && DAY.test(v) && dayjs(v, F).format(F) === v;

/** The period kept in the URL (?from=&to=); an invalid or reversed value falls back to the default. */
export function usePeriod(): [AnalyticsPeriod, (p: AnalyticsPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const period = valid(from) && valid(to) && from <= to ? { from, to } : defaultPeriod();
  const setPeriod = (p: AnalyticsPeriod) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('from', p.from);
        next.set('to', p.to);
        return next;
      },
      { replace: false },
    );
  return [period, setPeriod];
}

/** 'YYYY-MM' → 'MM/YYYY' (the tables and axes). */
export const monthLabel = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;
