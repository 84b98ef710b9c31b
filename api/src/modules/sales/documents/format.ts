// Formatting of the document's values for the XML and the PDF. Amounts are integer cents and are turned into decimal
// strings by integer arithmetic only (no float ever touches an amount).
import { formatCents } from 'shared-kernel/domain';

/** Integer cents → '1234.50' (the decimal form of UN/CEFACT amounts); throws on a non-integer amount. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount in cents must be a safe integer, got ${cents}`);
  const abs = Math.abs(cents);
  const euros = Math.trunc(abs / 100);
  const rest = abs - euros * 100;
  return `${cents < 0 ? '-' : ''}${euros}.${String(rest).padStart(2, '0')}`;
}

/** A VAT rate in percent as a decimal string without exponent: 20 → '20', 5.5 → '5.5', 2.1 → '2.1'. */
export function rateToDecimal(rate: number): string {
  if (!Number.isFinite(rate) || rate < 0) throw new RangeError(`VAT rate must be a finite positive number, got ${rate}`);
  // rates have at most 2 decimals in France; toFixed(2) then trimming keeps '5.5' and avoids '5.499999'
  return rate
    .toFixed(2)
    .replace(/\.?0+$/, '')
    .replace(/^$/, '0');
}

/** A VAT rate for a French reader: 20 → '20 %', 5.5 → '5,5 %' (no-break space before %). */
export function rateToFrench(rate: number): string {
  return `${rateToDecimal(rate).replace('.', ',')}\u00a0%`;
}

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day ('YYYY-MM-DD') of a date or an ISO timestamp, in Paris (where French invoices are dated). */
export function calendarDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new RangeError(`invalid date: ${value}`);
  return parisDay.format(d); // en-CA formats as YYYY-MM-DD
}

/** 'YYYYMMDD' (UN/CEFACT date format 102). */
export function toCiiDate(value: string): string {
  return calendarDate(value).replace(/-/g, '');
}

/** 'dd/mm/yyyy' (spec §9 display format). */
export function toFrenchDate(value: string): string {
  const [y, m, d] = calendarDate(value).split('-');
  return `${d}/${m}/${y}`;
}

/** 'FR7630006000011234567890189' → 'FR76 3000 6000 0112 3456 7890 189'. */
export function groupIban(iban: string): string {
  return iban
    .replace(/\s/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * A unit price in millionths of a euro → its decimal form with 2 to 6 decimals, exact: 1_667_500 → '1.6675',
 * 16_670_000 → '16.67' (BT-146 allows up to 6 decimals, BR-FR-DEC-03).
 */
export function microsToDecimal(micros: number): string {
  if (!Number.isSafeInteger(micros)) throw new RangeError(`price in millionths must be a safe integer, got ${micros}`);
  const abs = Math.abs(micros);
  const euros = Math.trunc(abs / 1_000_000);
  const fraction = String(abs - euros * 1_000_000)
    .padStart(6, '0')
    .replace(/0{1,4}$/, '');
  return `${micros < 0 ? '-' : ''}${euros}.${fraction}`;
}

/** The same for a French reader: '1,6675 €', '16,67 €' (the whole euros as formatCents writes them). */
export function microsToFrench(micros: number): string {
  const [, fraction] = microsToDecimal(micros).split('.');
  const wholeCents = Math.trunc(Math.abs(micros) / 1_000_000) * 100;
  return `${micros < 0 ? '-' : ''}${formatCents(wholeCents).replace(/,00(?=\D*$)/, `,${fraction}`)}`;
}
