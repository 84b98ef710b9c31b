// Slots are shown in the shop's time (Europe/Paris), whatever the browser's.
const TZ = 'Europe/Paris';
const dayFmt = new Intl.DateTimeFormat('fr-FR', { timeZone: TZ, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortFmt = new Intl.DateTimeFormat('fr-FR', { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFmt = new Intl.DateTimeFormat('fr-FR', { timeZone: TZ, hour: '2-digit', minute: '2-digit' });
const isoFmt = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });

export const slotDay = (iso: string) => isoFmt.format(new Date(iso));
export const dayLabel = (day: string) => {
  const s = dayFmt.format(new Date(`${day}T12:00:00Z`));
  return s.charAt(0).toUpperCase() + s.slice(1);
};
export const slotHours = (s: { start: string; end: string; allDay: boolean }, allDay = 'Journée entière') =>
  s.allDay ? allDay : `${timeFmt.format(new Date(s.start))} – ${timeFmt.format(new Date(s.end))}`;
export const slotLabel = (s: { start: string; end: string; allDay: boolean; name: string | null }, allDay?: string) =>
  `${shortFmt.format(new Date(s.start))} ${slotHours(s, allDay)}${s.name ? ` (${s.name})` : ''}`;
