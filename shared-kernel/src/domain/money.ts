/** Money helpers: amounts are stored and summed as integer cents (DESIGN §3), displayed in euros. */

export type Cents = number;

/** Spec §9: numbers rounded to 2 decimals (half away from zero, robust to binary floats like 1.005). */
export function round2(value: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Number((Math.abs(value) * 100).toPrecision(15)))) / 100;
}

/** Euros → integer cents (rounded). */
export function toCents(euros: number): Cents {
  if (!Number.isFinite(euros)) throw new RangeError('amount must be a finite number');
  const sign = euros < 0 ? -1 : 1;
  return sign * Math.round(Number((Math.abs(euros) * 100).toPrecision(15)));
}

/** Integer cents → euros. */
export function fromCents(cents: Cents): number {
  return cents / 100;
}

/** Sum of cents (integers stay exact). */
export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((a, b) => a + b, 0);
}

/** cents × rate, rounded to the cent (e.g. a percentage discount). */
export function multiplyCents(cents: Cents, factor: number): Cents {
  return toCents(fromCents(cents) * factor);
}

/** Split cents into n parts that add up exactly (the first parts take the remainder). */
export function allocateCents(cents: Cents, parts: number): Cents[] {
  if (!Number.isInteger(parts) || parts <= 0) throw new RangeError('parts must be a positive integer');
  const base = Math.trunc(cents / parts);
  let rest = cents - base * parts;
  return Array.from({ length: parts }, () => {
    const step = rest > 0 ? 1 : rest < 0 ? -1 : 0;
    rest -= step;
    return base + step;
  });
}

const euroFormat = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '1 234,50 €' (fr-FR; the group separator is a narrow no-break space). */
export function formatEuros(euros: number): string {
  return euroFormat.format(round2(euros));
}

/** formatEuros from cents. */
export function formatCents(cents: Cents): string {
  return formatEuros(fromCents(cents));
}

const euroFormatEn = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents as euros in the page's language: fr '1 234,50 €' (formatCents), en '€1,234.50'. */
export function formatCentsIn(cents: Cents, lang: 'fr' | 'en'): string {
  return lang === 'en' ? euroFormatEn.format(round2(fromCents(cents))) : formatCents(cents);
}
