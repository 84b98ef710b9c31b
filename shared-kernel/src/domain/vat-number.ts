import { checkVAT, countries } from 'jsvat-next';
import { isValidSiren } from './siret';

const clean = (value: string): string => value.replace(/[\s.-]/g, '').toUpperCase();

/**
 * An intra-EU VAT number (and the few others jsvat-next knows: CH, GB, NO…): its country's format and check digits.
 * A French one is « FR » + a key of 2 characters + the SIREN; a numeric key must be (12 + 3 × (SIREN mod 97)) mod 97
 * (CGI annexe IV art. 286 ter; the key computation as the DGFiP publishes it), which jsvat-next checks.
 */
export function isValidVatNumber(value: string): boolean {
  const v = clean(value);
  if (!/^[A-Z]{2}/.test(v)) return false;
  if (v.startsWith('FR')) {
    const siren = v.slice(4);
    if (!/^\d{9}$/.test(siren) || !isValidSiren(siren)) return false;
  }
  return checkVAT(v, countries).isValid;
}

/** The French VAT number of a SIREN: FR + the numeric key + the SIREN. */
export function frenchVatNumber(siren: string): string {
  const s = clean(siren);
  if (!/^\d{9}$/.test(s)) throw new Error('SIREN must be 9 digits');
  const key = (12 + 3 * (Number(s) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${s}`;
}

/** The SIREN a French VAT number is built on, null for another country's. */
export function sirenOfVatNumber(value: string): string | null {
  const v = clean(value);
  return /^FR[0-9A-Z]{2}\d{9}$/.test(v) ? v.slice(4) : null;
}
