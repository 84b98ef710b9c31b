import { seasonFor } from './season';

const at = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12, 0, 0);

describe('seasonFor', () => {
  it.each([
    [at(2025, 1, 1), 'winter'],
    [at(2025, 3, 20), 'winter'],
    [at(2025, 3, 21), 'spring'],
    [at(2025, 6, 20), 'spring'],
    [at(2025, 6, 21), 'summer'],
    [at(2025, 9, 20), 'summer'],
    [at(2025, 9, 21), 'autumn'],
    [at(2025, 12, 20), 'autumn'],
    [at(2025, 12, 21), 'winter'],
    [at(2025, 12, 31), 'winter'],
  ])('%s → %s', (date, season) => {
    expect(seasonFor(date)).toBe(season);
  });
  it('boundaries hold at midnight', () => {
    expect(seasonFor(new Date(2024, 2, 21, 0, 0, 0))).toBe('spring');
    expect(seasonFor(new Date(2024, 2, 20, 23, 59, 59))).toBe('winter');
  });
});
