// Money and dates in the page's language. French keeps shared-kernel's formats ('1 234,50 €',
// spec §9 'dd/LL/yyyy HH:mm'); English writes euros the en-GB way ('€1,234.50') and the same
// numeric dates (spec §9 fixes the pattern), with English words where a pattern has some (weekday).
import { format, isValid, parseISO } from 'date-fns';
import { enGB, fr } from 'date-fns/locale';
import { DATE_FORMAT, DATE_TIME_FORMAT, formatCentsIn } from 'shared-kernel/domain';

export type Lang = 'fr' | 'en';

/** Integer cents as euros in the language: fr '1 234,50 €', en '€1,234.50' (shared-kernel formatCentsIn). */
export const money = (cents: number, lang: Lang): string => formatCentsIn(cents, lang);

/** Euros typed by the buyer (payment shares): fr '12,50', en '12.50'. */
export function eurosInput(cents: number, lang: Lang): string {
  const v = (cents / 100).toFixed(2);
  return lang === 'en' ? v : v.replace('.', ',');
}

const LOCALES = { fr, en: enGB } as const;

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(d) ? d : null;
}

/** A date-fns pattern in the language's locale; '' for an absent or invalid date. */
export function dateWith(value: Date | string | number | null | undefined, pattern: string, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return d ? format(d, pattern, { locale: LOCALES[lang] }) : '';
}

/** '21/03/2025' (spec §9). */
export const dateText = (value: Date | string | number | null | undefined, lang: Lang): string => dateWith(value, DATE_FORMAT, lang);
/** '21/03/2025 14:05' (spec §9). */
export const dateTimeText = (value: Date | string | number | null | undefined, lang: Lang): string =>
  dateWith(value, DATE_TIME_FORMAT, lang);
/** 'sam. 04/05/2030 10:00' / 'Sat 04/05/2030 10:00': a reservation slot, with its weekday. */
export const slotDateTimeText = (value: Date | string | number | null | undefined, lang: Lang): string =>
  dateWith(value, `EEE ${DATE_TIME_FORMAT}`, lang);

const regionNames: Partial<Record<Lang, Intl.DisplayNames | null>> = {};

/** The name of an ISO country code in the language ('DE' → 'Allemagne' / 'Germany'); null when unknown. */
export function countryName(code: string, lang: Lang): string | null {
  if (!(lang in regionNames)) {
    try {
      regionNames[lang] = new Intl.DisplayNames([lang === 'en' ? 'en-GB' : 'fr-FR'], { type: 'region' });
    } catch {
      regionNames[lang] = null;
    }
  }
  try {
    const name = regionNames[lang]?.of(code.toUpperCase());
    return name && name !== code.toUpperCase() ? name : null;
  } catch {
    return null;
  }
}
