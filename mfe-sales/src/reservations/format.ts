// How the reservations desk writes a slot (shop time, whatever the browser's): 'Mardi 4 juin 2030 10:00 – 11:30 (Matin)'.
import { dayLabel, slotDay, slotHours } from './events/format';
import type { SlotInfo } from './reservations.queries';

export function slotText(s: Pick<SlotInfo, 'start' | 'end' | 'allDay' | 'name'>, allDay: string) {
  return `${dayLabel(slotDay(s.start))} ${slotHours(s, allDay)}${s.name ? ` (${s.name})` : ''}`;
}

/** A slot one may still book: to come, with places left. */
export const bookable = (s: Pick<SlotInfo, 'past' | 'placesLeft'>) => !s.past && s.placesLeft > 0;
