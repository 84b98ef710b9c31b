import { isValid as isValidDate, parse, parseISO } from 'date-fns';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';
import { luhnValid } from '../domain/luhn';
import { isValidSiret } from '../domain/siret';
import { isValidVatNumber } from '../domain/vat-number';
import { MESSAGES as M } from './messages';

/**
 * Spec §5 validators as zod schemas. String schemas trim nothing except where stated;
 * form values arrive as strings (numbers are accepted where a number makes sense).
 */

const numeric = z.union([z.string(), z.number()]);
/** '12,5' → 12.5, '12' → 12; NaN for anything else. */
export function parseDecimal(value: string | number): number {
  if (typeof value === 'number') return value;
  const v = value.trim().replace(/\s/g, '');
  return /^-?\d+([.,]\d+)?$/.test(v) ? Number(v.replace(',', '.')) : Number.NaN;
}

export const neededSchema = z.string({ error: M.needed }).refine((v) => v.trim().length > 0, M.needed);

export const emailSchema = z
  .string({ error: M.email })
  .trim()
  .pipe(z.email({ error: M.email }));
export const emailOptionalSchema = z.union([z.string().trim().length(0), emailSchema], { error: M.email });

export const counterSchema = z.string({ error: M.counter }).min(1, M.counter).max(50, M.counter);

export const urlSchema = z
  .string({ error: M.url })
  .trim()
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: M.url }));

export const numberSchema = numeric.refine((v) => (typeof v === 'number' ? Number.isInteger(v) : /^-?\d+$/.test(v.trim())), {
  error: M.number,
});
export const numberFloatSchema = numeric.refine((v) => Number.isFinite(parseDecimal(v)), { error: M.number });

export const mongoidSchema = numeric.refine(
  (v) => (typeof v === 'number' ? Number.isInteger(v) && v > 0 : /^\d+$/.test(v) && Number(v) > 0),
  { error: M.mongoid },
);

export const linkSchema = z.string({ error: M.link }).regex(/^[A-Za-z0-9_%-]+$/, M.link);

export const stringSchema = z.string({ error: M.string }).refine((v) => v.trim().length > 1 && /\p{L}/u.test(v), M.string);

/** Letters (accents included), spaces, and the hyphen/apostrophe of compound French names; under 50 characters. */
export const usernameSchema = z
  .string({ error: M.username })
  .refine((v) => v.trim().length > 0 && v.length < 50 && /^[\p{L}\p{M} '’-]+$/u.test(v), M.username);

export const MOBILE_COUNTRIES: readonly CountryCode[] = ['FR', 'BE', 'DE', 'LU', 'CH', 'NL', 'ES', 'IT', 'GB'];
export const MOBILE_COUNTRIES_REQUIRED: readonly CountryCode[] = [...MOBILE_COUNTRIES, 'US'];

/** A valid mobile number of one of `countries` (national numbers are read as French). */
export function isMobileNumber(value: string, countries: readonly CountryCode[] = MOBILE_COUNTRIES_REQUIRED): boolean {
  const phone = parsePhoneNumberFromString(value.trim(), 'FR');
  if (!phone || !phone.isValid() || !phone.country || !countries.includes(phone.country)) return false;
  const type = phone.getType();
  // North American numbers do not tell mobile from fixed line.
  return type === 'MOBILE' || (type === 'FIXED_LINE_OR_MOBILE' && phone.country === 'US');
}
/** E.164 form of a phone number ('+33612345678') or null. */
export function toE164(value: string): string | null {
  const phone = parsePhoneNumberFromString(value.trim(), 'FR');
  return phone?.isValid() ? phone.number : null;
}

export const telephoneSchema = z.string({ error: M.telephone }).refine((v) => isMobileNumber(v, MOBILE_COUNTRIES_REQUIRED), M.telephone);
export const telephoneOptionalSchema = z
  .string({ error: M.telephone })
  .refine((v) => v.trim() === '' || isMobileNumber(v, MOBILE_COUNTRIES), M.telephone);

/** Date object, ISO string or dd/MM/yyyy string. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return isValidDate(value) ? value : null;
  if (typeof value !== 'string' || !value.trim()) return null;
  const v = value.trim();
  const d = /^\d{2}\/\d{2}\/\d{4}$/.test(v) ? parse(v, 'dd/MM/yyyy', new Date(2000, 0, 1)) : parseISO(v);
  return isValidDate(d) ? d : null;
}
export const dateSchema = z.union([z.string(), z.date()], { error: M.date }).refine((v) => toDate(v) !== null, M.date);

export const postalSchema = z
  .string({ error: M.postal })
  .refine((v) => v.trim() === '' || /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(v.trim()), M.postal);

export const passwordSchema = z
  .string({ error: M.password })
  .refine((v) => v.length >= 5 && v.length <= 128 && /\p{Lu}/u.test(v) && /\p{Ll}/u.test(v), M.password);

export const descriptionSchema = z.string({ error: M.description }).refine((v) => v.trim().length > 10 && v.length <= 5000, M.description);

export const tvaSchema = numeric.refine(
  (v) => {
    const n = parseDecimal(v);
    return n > 0 && n < 100;
  },
  { error: M.tva },
);
export const feeSchema = numeric.refine(
  (v) => {
    const n = parseDecimal(v);
    return n >= 0 && n < 25;
  },
  { error: M.fee },
);

export const promocodeSchema = z.string({ error: M.promocode }).refine((v) => v.trim().length > 0 && v.length <= 15, M.promocode);

/** An intra-EU VAT number: its country's format and check key (domain/vat-number.ts). */
export const vatNumberSchema = z.string({ error: M.vatNumber }).refine((v) => isValidVatNumber(v), M.vatNumber);

export const cardNumberSchema = z.string({ error: M.cardNumber }).refine((v) => {
  const d = v.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(d) && luhnValid(d);
}, M.cardNumber);

/** MM/YY, valid through the last day of that month. */
export function isCardExpirationValid(value: string, now: Date = new Date()): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}
export const cardExpirationSchema = z.string({ error: M.cardExpiration }).refine((v) => isCardExpirationValid(v), M.cardExpiration);

export const cvvSchema = z.string({ error: M.cvv }).regex(/^\d{3}$/, M.cvv);

export const siretSchema = z.string({ error: M.siret }).refine((v) => isValidSiret(v), M.siret);

export const termsSchema = z.literal(true, { error: M.terms });
export const adultSchema = z.literal(true, { error: M.adult });

export const emailRecipientsSchema = z
  .array(z.string(), { error: M.recipientsEmpty })
  .min(1, M.recipientsEmpty)
  .refine((list) => list.every((a) => emailSchema.safeParse(a).success), M.recipientInvalid);

/** Typed-keyword confirmation: equal once spaces are removed and case ignored. */
export function matchesKeyword(typed: string | null | undefined, keyword: string): boolean {
  const norm = (s: string) => s.replace(/\s+/g, '').toLocaleLowerCase('fr');
  return typeof typed === 'string' && norm(keyword).length > 0 && norm(typed) === norm(keyword);
}
export const keywordSchema = (keyword: string) => z.string({ error: M.keyword }).refine((v) => matchesKeyword(v, keyword), M.keyword);
