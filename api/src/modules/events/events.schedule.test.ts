import { scheduleInputSchema } from './events.schemas';
import { expandSchedule, isAllDay, shopClock, shopDate, shopTime } from './events.schedule';

const parse = (s: unknown) => scheduleInputSchema.parse(s);
const label = (d: Date) => `${shopDate(d)} ${shopClock(d)}`;

it('wall-clock Paris times become the right instants, summer and winter', () => {
  expect(shopTime('2026-01-15', '10:00').toISOString()).toBe('2026-01-15T09:00:00.000Z');
  expect(shopTime('2026-07-15', '10:00').toISOString()).toBe('2026-07-15T08:00:00.000Z');
  // the night of the spring change (29 March 2026, 02:00 → 03:00) and of the autumn one (25 October 2026)
  expect(shopTime('2026-03-29', '10:00').toISOString()).toBe('2026-03-29T08:00:00.000Z');
  expect(shopTime('2026-10-25', '10:00').toISOString()).toBe('2026-10-25T09:00:00.000Z');
  expect(shopTime('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
});

it('recurring: Tue and Sat at 10:00 and 15:00 over 3 weeks minus one exception → the exact slots, 90 minutes each', () => {
  const slots = expandSchedule(
    parse({
      mode: 'recurring',
      from: '2026-06-01', // a Monday
      to: '2026-06-21', // a Sunday, three weeks
      weekdays: [6, 2, 2],
      times: ['15:00', '10:00'],
      exceptions: ['2026-06-13'],
    }),
    90,
  );
  expect(slots.map((s) => label(s.startsAt))).toEqual([
    '2026-06-02 10:00',
    '2026-06-02 15:00',
    '2026-06-06 10:00',
    '2026-06-06 15:00',
    '2026-06-09 10:00',
    '2026-06-09 15:00',
    '2026-06-16 10:00',
    '2026-06-16 15:00',
    '2026-06-20 10:00',
    '2026-06-20 15:00',
  ]);
  expect(slots.every((s) => s.endsAt.getTime() - s.startsAt.getTime() === 90 * 60_000)).toBe(true);
  expect(slots[0].startsAt.toISOString()).toBe('2026-06-02T08:00:00.000Z');
});

it('period mode: one all-day slot per chosen day; one-off: a single slot', () => {
  const days = expandSchedule(parse({ mode: 'period', from: '2026-10-24', to: '2026-10-26', exceptions: [], name: 'Journée' }), null);
  expect(days.map((s) => [label(s.startsAt), label(s.endsAt), s.name])).toEqual([
    ['2026-10-24 00:00', '2026-10-25 00:00', 'Journée'],
    ['2026-10-25 00:00', '2026-10-26 00:00', 'Journée'],
    ['2026-10-26 00:00', '2026-10-27 00:00', 'Journée'],
  ]);
  // 25 October has 25 hours: still a whole day
  expect(days.every((s) => isAllDay(s.startsAt, s.endsAt))).toBe(true);
  const weekends = expandSchedule(parse({ mode: 'period', from: '2026-06-01', to: '2026-06-14', weekdays: [6, 7] }), null);
  expect(weekends.map((s) => shopDate(s.startsAt))).toEqual(['2026-06-06', '2026-06-07', '2026-06-13', '2026-06-14']);
  const one = expandSchedule(parse({ mode: 'oneOff', date: '2026-06-02', time: '18:30' }), 120);
  expect(one.map((s) => [label(s.startsAt), label(s.endsAt)])).toEqual([['2026-06-02 18:30', '2026-06-02 20:30']]);
  expect(isAllDay(one[0].startsAt, one[0].endsAt)).toBe(false);
});

it('a bad schedule is refused with the field named, in French', () => {
  const issue = (s: unknown) => {
    const r = scheduleInputSchema.safeParse(s);
    if (r.success) return null;
    return { field: r.error.issues[0].path.join('.'), message: r.error.issues[0].message };
  };
  expect(issue({ mode: 'weekly' })).toEqual({ field: 'mode', message: expect.stringContaining('Le mode accepte') });
  expect(issue({ mode: 'oneOff', date: '2026-02-30', time: '10:00' })).toEqual({
    field: 'date',
    message: 'Date au format AAAA-MM-JJ attendue',
  });
  expect(issue({ mode: 'oneOff', date: '2026-02-03', time: '25:00' })).toEqual({
    field: 'time',
    message: 'Heure au format HH:MM attendue',
  });
  expect(issue({ mode: 'recurring', from: '2026-06-01', to: '2026-06-21', weekdays: [], times: ['10:00'] })).toEqual({
    field: 'weekdays',
    message: 'Choisissez au moins un jour de la semaine',
  });
  expect(issue({ mode: 'recurring', from: '2026-06-01', to: '2026-06-21', weekdays: [1], times: [] })).toEqual({
    field: 'times',
    message: 'Ajoutez au moins un horaire',
  });
  expect(issue({ mode: 'recurring', from: '2026-06-21', to: '2026-06-01', weekdays: [1], times: ['10:00'] })).toEqual({
    field: 'to',
    message: 'La date de fin doit être le même jour ou après la date de début',
  });
  expect(issue({ mode: 'period', from: '2026-01-01', to: '2027-06-01' })).toEqual({
    field: 'to',
    message: 'La période ne peut pas dépasser 366 jours',
  });
});
