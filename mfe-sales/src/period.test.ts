import { parisToday, parsePeriod, presetOf, presetPeriod } from './period';

describe('Paris calendar periods', () => {
  it('takes the calendar day in Paris, not in UTC', () => {
    // 23:30 UTC on 31 March is already 1 April in Paris (UTC+2)
    expect(parisToday(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    expect(parisToday(new Date('2026-01-15T10:00:00Z'))).toBe('2026-01-15');
  });

  it('gives the quick choices, across the year boundary', () => {
    const now = new Date('2026-01-10T09:00:00Z');
    expect(presetPeriod('thisMonth', now)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(presetPeriod('lastMonth', now)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('thisYear', now)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetPeriod('lastYear', now)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(presetPeriod('lastMonth', new Date('2024-03-05T09:00:00Z'))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetOf({ from: '2025-12-01', to: '2025-12-31' }, now)).toBe('lastMonth');
    expect(presetOf({ from: '2025-12-02', to: '2025-12-31' }, now)).toBeNull();
  });

  it('reads a period from the URL only when both days are real and in order', () => {
    expect(parsePeriod('2026-02-01', '2026-02-28')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(parsePeriod('2026-02-01', '2026-02-30')).toBeNull();
    expect(parsePeriod('2026-03-01', '2026-02-01')).toBeNull();
    expect(parsePeriod(null, '2026-02-01')).toBeNull();
  });
});
