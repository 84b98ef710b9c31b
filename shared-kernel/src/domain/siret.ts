import { luhnValid } from './luhn';

/** SIREN of La Poste: its establishments' SIRETs do not follow Luhn (digit sum divisible by 5 instead). */
export const LA_POSTE_SIREN = '356000000';

const clean = (value: string): string => value.replace(/[\s.-]/g, '');

/** SIREN: 9 digits passing Luhn. */
export function isValidSiren(value: string): boolean {
  const v = clean(value);
  return /^\d{9}$/.test(v) && luhnValid(v);
}

/** SIRET: 14 digits = SIREN + NIC (5); Luhn over the 14 digits, except La Poste (digit sum divisible by 5). */
export function isValidSiret(value: string): boolean {
  const v = clean(value);
  if (!/^\d{14}$/.test(v)) return false;
  if (v.startsWith(LA_POSTE_SIREN)) {
    if (v === '35600000000048') return true; // La Poste head office, Luhn-valid
    const sum = [...v].reduce((s, c) => s + Number(c), 0);
    return sum % 5 === 0;
  }
  return luhnValid(v);
}

/** First 9 digits of a SIRET. */
export function sirenFromSiret(siret: string): string {
  const v = clean(siret);
  if (!/^\d{14}$/.test(v)) throw new Error('SIRET must be 14 digits');
  return v.slice(0, 9);
}

/** Last 5 digits of a SIRET. */
export function nicFromSiret(siret: string): string {
  const v = clean(siret);
  if (!/^\d{14}$/.test(v)) throw new Error('SIRET must be 14 digits');
  return v.slice(9);
}

/** SIRET from SIREN (9 digits) and NIC (up to 5 digits, left-padded with zeros). */
export function siretFromParts(siren: string, nic: string): string {
  const s = clean(siren);
  const n = clean(nic);
  if (!/^\d{9}$/.test(s)) throw new Error('SIREN must be 9 digits');
  if (!/^\d{1,5}$/.test(n)) throw new Error('NIC must be 1 to 5 digits');
  return s + n.padStart(5, '0');
}

/** Split a SIRET into its parts. */
export function splitSiret(siret: string): { siren: string; nic: string } {
  return { siren: sirenFromSiret(siret), nic: nicFromSiret(siret) };
}
