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

/**
 * Splits `total` cents over `weights` in proportion, the parts adding up to `total` exactly (largest remainder). Ties
 * of remainder go to the largest weight, then to the first: the cent left over lands on the biggest line, the one where
 * it weighs least. Weights count by their size (a refund line weighs like a sale); the parts carry the sign of `total`.
 */
export function splitCentsBy(total: Cents, weights: readonly number[]): Cents[] {
  const sizes = weights.map((w) => (Number.isFinite(w) ? Math.abs(w) : 0));
  const sum = sizes.reduce((a, b) => a + b, 0);
  if (!total || sum <= 0) return weights.map(() => 0);
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  // integer weights (cents) divide exactly, so equal remainders compare equal; others fall back to floats
  const exact = sizes.every(Number.isInteger) && Number.isInteger(abs) && Number.isSafeInteger(sum);
  const shares = sizes.map((w) => {
    if (!exact) return { part: Math.floor((abs * w) / sum), rest: (abs * w) / sum - Math.floor((abs * w) / sum) };
    const n = BigInt(abs) * BigInt(w);
    return { part: Number(n / BigInt(sum)), rest: Number(n % BigInt(sum)) };
  });
  let left = abs - shares.reduce((a, s) => a + s.part, 0);
  const order = sizes.map((_, i) => i).sort((a, b) => shares[b].rest - shares[a].rest || sizes[b] - sizes[a] || a - b);
  for (const i of order) {
    if (left <= 0) break;
    shares[i].part++;
    left--;
  }
  return shares.map((s) => s.part * sign);
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
