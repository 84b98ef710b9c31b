import { parisMidnight, parisMonthBounds } from './dates';

describe('calendar months in Paris', () => {
  it('midnight in Paris is 23:00 UTC the day before in winter, 22:00 UTC in summer', () => {
    expect(parisMidnight(2026, 0, 1).toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(parisMidnight(2026, 6, 1).toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('the day of the change to summer time (29 March 2026) still starts at 23:00 UTC', () => {
    expect(parisMidnight(2026, 2, 29).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parisMidnight(2026, 3, 1).toISOString()).toBe('2026-03-31T22:00:00.000Z');
  });

  it('gives the previous, current and next month, across a new year', () => {
    const b = parisMonthBounds(new Date('2026-01-15T12:00:00Z'));
    expect(b.previousStart.toISOString()).toBe('2025-11-30T23:00:00.000Z');
    expect(b.currentStart.toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(b.nextStart.toISOString()).toBe('2026-01-31T23:00:00.000Z');
  });

  it('an instant on 31 October 23:30 UTC is already November in Paris', () => {
    const b = parisMonthBounds(new Date('2026-10-31T23:30:00Z'));
    expect(b.currentStart.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(b.previousStart.toISOString()).toBe('2026-09-30T22:00:00.000Z');
  });
});
