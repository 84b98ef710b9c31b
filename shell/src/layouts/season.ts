/** Spec §2: the auth side banner shows a season image by date. */
export type Season = 'spring' | 'summer' | 'autumn' | 'winter';

/**
 * Season of a date (local calendar): spring from 21 March, summer from 21 June,
 * autumn from 21 September, winter from 21 December (until 20 March).
 */
export function seasonFor(date: Date): Season {
  const m = date.getMonth(); // 0-based
  const d = date.getDate();
  const from = (month: number) => m > month || (m === month && d >= 21);
  if (from(11)) return 'winter';
  if (from(8)) return 'autumn';
  if (from(5)) return 'summer';
  if (from(2)) return 'spring';
  return 'winter';
}

export const SEASON_LABELS: Record<Season, string> = {
  spring: 'Printemps',
  summer: 'Été',
  autumn: 'Automne',
  winter: 'Hiver',
};
