// The form of the settings section `infos`: the rules of PUT /v1/shops/me/settings/infos (shopInfosSchema of
// shared-kernel/contracts, the api's own), so the form says what the api would. Opening hours are one text a day on the wire ('9h00-12h00, 14h00-18h00', 'Fermé', free text):
// the form edits them as closed / open with time ranges / free text, and writes the text back.
import { z } from 'zod';
import { OPENING_DAYS, RESERVED_URL_NAMES, SHOP_SETTINGS_MESSAGES, SOCIAL_NETWORKS, shopInfosSchema } from 'shared-kernel/contracts';
import type { BusinessType } from 'shared-kernel/domain';
import { MESSAGES as V } from 'shared-kernel/validation';

export { OPENING_DAYS, RESERVED_URL_NAMES, SOCIAL_NETWORKS };

/** The api's messages (shared-kernel/contracts shop-settings) and the form's own about the opening hours. */
export const INFOS_MESSAGES = {
  ...SHOP_SETTINGS_MESSAGES,
  // the form's own (the api reads the hours as text)
  hour: 'Indiquez une heure (HH:MM)',
  hourOrder: 'La fermeture doit suivre l’ouverture',
  hourOverlap: 'Les plages horaires ne doivent pas se chevaucher',
  hoursNone: 'Ajoutez au moins une plage horaire',
} as const;
const M = INFOS_MESSAGES;

export type OpeningDay = (typeof OPENING_DAYS)[number];
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const MAX_RANGES = 3;
export const LINK_PATTERN = /^[A-Za-z0-9_%-]+$/;

/** GET /v1/shops/me/settings/infos (and the PUT body, without `code`). */
export interface ShopInfos {
  code: string;
  name: string;
  urlShop: string;
  businessType: BusinessType;
  contactEmail: string;
  phone: string;
  address: { street: string; complement: string; zipcode: string; city: string; country: string };
  description: string;
  socials: Record<SocialNetwork, string>;
  openingHours: Record<OpeningDay, string>;
}
export type ShopInfosBody = Omit<ShopInfos, 'code'>;

// ---------------------------------------------------------------- opening hours: text ↔ form

export type HoursMode = 'unset' | 'closed' | 'open' | 'custom';
export interface TimeRange {
  from: string;
  to: string;
}
export interface DayHours {
  mode: HoursMode;
  ranges: TimeRange[];
  text: string;
}

export const CLOSED_TEXT = 'Fermé';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** '9', '9h', '9h30', '09:30' → '09:30' (null when it is not an hour of the day). */
function readTime(hours: string, mins: string | undefined): string | null {
  const h = Number(hours);
  const m = mins === undefined || mins === '' ? 0 : Number(mins);
  if (!Number.isInteger(h) || h > 23 || m > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
const RANGE = /^(\d{1,2})(?:\s*[h:]\s*(\d{2})?)?\s*(?:-|–|—|à)\s*(\d{1,2})(?:\s*[h:]\s*(\d{2})?)?$/i;

/** A day's stored text as the form edits it: '' none, 'Fermé', time ranges, else the text itself. */
export function parseDayHours(text: string): DayHours {
  const value = text.trim();
  if (!value) return { mode: 'unset', ranges: [], text: '' };
  if (/^ferm[ée]e?$/i.test(value)) return { mode: 'closed', ranges: [], text: '' };
  const parts = value.split(/\s*(?:,|;|\/|\bet\b)\s*/i).filter(Boolean);
  const ranges: TimeRange[] = [];
  for (const part of parts) {
    const m = RANGE.exec(part);
    const from = m && readTime(m[1], m[2]);
    const to = m && readTime(m[3], m[4]);
    if (!from || !to || minutes(to) <= minutes(from)) return { mode: 'custom', ranges: [], text: value };
    ranges.push({ from, to });
  }
  const ordered = ranges.every((r, i) => i === 0 || minutes(r.from) >= minutes(ranges[i - 1].to));
  if (!ranges.length || ranges.length > MAX_RANGES || !ordered) return { mode: 'custom', ranges: [], text: value };
  return { mode: 'open', ranges, text: '' };
}

/** '09:00' → '9h00'. */
const spoken = (t: string) => `${Number(t.slice(0, 2))}h${t.slice(3, 5)}`;

/** The text stored for a day ('9h00-12h00, 14h00-18h00', 'Fermé', the free text, or '' when not given). */
export function formatDayHours(day: DayHours): string {
  switch (day.mode) {
    case 'closed':
      return CLOSED_TEXT;
    case 'open':
      return day.ranges.map((r) => `${spoken(r.from)}-${spoken(r.to)}`).join(', ');
    case 'custom':
      return day.text.trim();
    default:
      return '';
  }
}

export const newRange = (previous?: TimeRange): TimeRange =>
  previous && minutes(previous.to) <= 13 * 60 ? { from: '14:00', to: '18:00' } : { from: '09:00', to: '12:00' };

const dayHoursSchema = z
  .object({
    mode: z.enum(['unset', 'closed', 'open', 'custom']),
    ranges: z.array(z.object({ from: z.string(), to: z.string() })),
    text: z.string(),
  })
  .superRefine((day, ctx) => {
    if (day.mode === 'custom') {
      if (!day.text.trim()) ctx.addIssue({ code: 'custom', message: V.needed, path: ['text'] });
      else if (day.text.trim().length > 100) ctx.addIssue({ code: 'custom', message: M.text(100), path: ['text'] });
      return;
    }
    if (day.mode !== 'open') return;
    if (!day.ranges.length) ctx.addIssue({ code: 'custom', message: M.hoursNone, path: ['mode'] });
    day.ranges.forEach((r, i) => {
      const fromOk = TIME.test(r.from);
      const toOk = TIME.test(r.to);
      if (!fromOk) ctx.addIssue({ code: 'custom', message: M.hour, path: ['ranges', i, 'from'] });
      if (!toOk) ctx.addIssue({ code: 'custom', message: M.hour, path: ['ranges', i, 'to'] });
      if (fromOk && toOk && minutes(r.to) <= minutes(r.from))
        ctx.addIssue({ code: 'custom', message: M.hourOrder, path: ['ranges', i, 'to'] });
      const before = day.ranges[i - 1];
      if (i > 0 && fromOk && TIME.test(before.to) && minutes(r.from) < minutes(before.to))
        ctx.addIssue({ code: 'custom', message: M.hourOverlap, path: ['ranges', i, 'from'] });
    });
  });

// ---------------------------------------------------------------- the form

/**
 * The api's schema (shopInfosSchema), but for the country (an emptied select holds null) and the opening hours
 * (edited as closed / open with ranges / free text, written back as the api's text by `toBody`).
 */
export const infosFormSchema = shopInfosSchema.extend({
  address: shopInfosSchema.shape.address.extend({
    country: z
      .string({ error: M.country })
      .nullable()
      .transform((v) => (v ?? '').trim().toUpperCase())
      .refine((v) => v === '' || /^[A-Z]{2}$/.test(v), M.country),
  }),
  openingHours: z.object(Object.fromEntries(OPENING_DAYS.map((d) => [d, dayHoursSchema])) as Record<OpeningDay, typeof dayHoursSchema>),
});
export type InfosFormValues = z.input<typeof infosFormSchema>;
export type InfosFormOutput = z.output<typeof infosFormSchema>;

/** The saved information as form values. */
export function toFormValues(s: ShopInfos): InfosFormValues {
  return {
    name: s.name,
    urlShop: s.urlShop,
    businessType: s.businessType,
    contactEmail: s.contactEmail ?? '',
    phone: s.phone,
    address: { ...s.address },
    description: s.description,
    socials: { ...s.socials },
    openingHours: Object.fromEntries(OPENING_DAYS.map((d) => [d, parseDayHours(s.openingHours[d] ?? '')])) as Record<OpeningDay, DayHours>,
  };
}

/** The PUT body: the schema's output, each day's hours as text. */
export function toBody(v: InfosFormOutput): ShopInfosBody {
  return {
    name: v.name,
    urlShop: v.urlShop,
    businessType: v.businessType,
    contactEmail: v.contactEmail,
    phone: v.phone,
    address: v.address,
    description: v.description,
    socials: v.socials,
    openingHours: Object.fromEntries(OPENING_DAYS.map((d) => [d, formatDayHours(v.openingHours[d])])) as Record<OpeningDay, string>,
  };
}

/** Where the api's error on a day's hours ('openingHours.monday') shows: under the day's text or its select. */
export function hoursErrorPath(field: string, values: InfosFormValues): string | null {
  const m = /^openingHours\.(\w+)$/.exec(field);
  if (!m || !(OPENING_DAYS as readonly string[]).includes(m[1])) return null;
  const day = m[1] as OpeningDay;
  return values.openingHours[day].mode === 'custom' ? `openingHours.${day}.text` : `openingHours.${day}.mode`;
}
