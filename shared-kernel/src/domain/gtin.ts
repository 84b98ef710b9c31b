/** GTIN-8/12/13/14 (EAN/UPC) check digits (GS1 mod 10, weights 3/1 from the right). */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** Check digit for the digits before it (7, 11, 12 or 13 digits). */
export function gtinCheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new Error('GTIN body must be digits');
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Body + computed check digit. */
export function withGtinCheckDigit(body: string): string {
  return body + gtinCheckDigit(body);
}

export function isValidGtin(value: string): boolean {
  const v = value.replace(/\s/g, '');
  if (!/^\d+$/.test(v) || !(GTIN_LENGTHS as readonly number[]).includes(v.length)) return false;
  return gtinCheckDigit(v.slice(0, -1)) === Number(v[v.length - 1]);
}

/** Left-pad a GTIN to 14 digits (GS1 Digital Link /01/{gtin14}). */
export function toGtin14(value: string): string {
  const v = value.replace(/\s/g, '');
  if (!/^\d{1,14}$/.test(v)) throw new Error('GTIN must have at most 14 digits');
  return v.padStart(14, '0');
}
