import { fiscalYearStarting, fiscalYearOfDay, monthEnd, monthsOf } from './fiscal-days';

describe('fiscal year (spec §9: starts at logStartMonth 0-based / logStartDay, ends the day before the next start)', () => {
  it('defaults to the calendar year', () => {
    expect(fiscalYearStarting(2026)).toEqual({ year: 2026, from: '2026-01-01', to: '2026-12-31' });
    expect(fiscalYearOfDay('2026-07-14')).toEqual({ year: 2026, from: '2026-01-01', to: '2026-12-31' });
  });
  it('a year starting 1 September ends on 31 August; a day belongs to the year it falls in', () => {
    expect(fiscalYearStarting(2025, 8, 1)).toEqual({ year: 2025, from: '2025-09-01', to: '2026-08-31' });
    expect(fiscalYearOfDay('2026-08-31', 8, 1).year).toBe(2025);
    expect(fiscalYearOfDay('2026-09-01', 8, 1).year).toBe(2026);
    expect(monthsOf(fiscalYearStarting(2025, 8, 1))).toEqual([
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
    ]);
  });
  it('a mid-month start touches 13 months; 29 February is kept in leap years only', () => {
    expect(fiscalYearStarting(2026, 3, 15)).toEqual({ year: 2026, from: '2026-04-15', to: '2027-04-14' });
    expect(monthsOf(fiscalYearStarting(2026, 3, 15))).toHaveLength(13);
    expect(fiscalYearStarting(2028, 1, 29)).toEqual({ year: 2028, from: '2028-02-29', to: '2029-02-27' });
    expect(monthEnd('2028-02')).toBe('2028-02-29');
    expect(monthEnd('2026-12')).toBe('2026-12-31');
  });
});
