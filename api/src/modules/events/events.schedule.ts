// Slot generation from a schedule, pure: dates and times are the shop's wall clock (Europe/Paris), the slots
// are instants. Three modes:
// - oneOff: one date at one time;
// - recurring: weekdays × times over a date range, minus exception dates;
// - period: a day without hours (one slot per day of the range, weekdays and exceptions as for recurring), from
//   00:00 to 00:00 the next day.
import type { ScheduleInput } from './events.schemas';

export const SHOP_TIME_ZONE = 'Europe/Paris';

export interface PlannedSlot {
  startsAt: Date;
  endsAt: Date;
  name: string | null;
}

const DAY_MS = 86_400_000;

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Offset of Europe/Paris from UTC at this instant, in ms (3 600 000 in winter, 7 200 000 in summer). */
function offsetAt(ms: number): number {
  const p = Object.fromEntries(PARTS.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant of a wall-clock 'YYYY-MM-DD' + 'HH:MM' in Europe/Paris (a time skipped by the spring change moves on). */
export function shopTime(date: string, time = '00:00'): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let utc = wall - offsetAt(wall);
  utc = wall - offsetAt(utc);
  return new Date(utc);
}

/** 'YYYY-MM-DD' of an instant in Europe/Paris. */
export function shopDate(at: Date): string {
  const p = Object.fromEntries(PARTS.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}

/** 'HH:MM' of an instant in Europe/Paris. */
export function shopClock(at: Date): string {
  const p = Object.fromEntries(PARTS.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.hour}:${p.minute}`;
}

/** A slot made by the period mode: from midnight to the next midnight, shop time. */
export function isAllDay(startsAt: Date, endsAt: Date): boolean {
  return shopClock(startsAt) === '00:00' && shopClock(endsAt) === '00:00' && nextDay(shopDate(startsAt)) === shopDate(endsAt);
}

/** The calendar dates from `from` to `to` included ('YYYY-MM-DD'), with their ISO weekday (1 = Monday … 7 = Sunday). */
export function datesBetween(from: string, to: string): Array<{ date: string; weekday: number }> {
  const out: Array<{ date: string; weekday: number }> = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += DAY_MS) {
    const d = new Date(t);
    out.push({ date: d.toISOString().slice(0, 10), weekday: d.getUTCDay() === 0 ? 7 : d.getUTCDay() });
  }
  return out;
}

export const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Every slot a schedule describes, soonest first (past ones included: the caller drops them). */
export function expandSchedule(schedule: ScheduleInput, durationMinutes: number | null): PlannedSlot[] {
  const name = schedule.name ?? null;
  const timed = (date: string, time: string): PlannedSlot => {
    const startsAt = shopTime(date, time);
    return { startsAt, endsAt: new Date(startsAt.getTime() + (durationMinutes ?? 0) * 60_000), name };
  };
  if (schedule.mode === 'oneOff') return [timed(schedule.date, schedule.time)];
  const except = new Set(schedule.exceptions ?? []);
  const days = datesBetween(schedule.from, schedule.to).filter(
    (d) => !except.has(d.date) && (!schedule.weekdays?.length || schedule.weekdays.includes(d.weekday)),
  );
  if (schedule.mode === 'period') {
    return days.map((d) => ({ startsAt: shopTime(d.date), endsAt: shopTime(nextDay(d.date)), name }));
  }
  const times = [...new Set(schedule.times)].sort();
  return days.flatMap((d) => times.map((t) => timed(d.date, t)));
}
