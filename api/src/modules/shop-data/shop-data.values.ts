// Cell values of the import files: French and English words, decimal commas, units. A parser answers the
// value or throws a CellError (its message is French; the caller names the row and the column).
import { normaliseHeader as norm } from './shop-data.columns';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';

export class CellError extends Error {}

/** '12,50', '12.50', '1 234,5 €', '13,5 %', '13.5°' → number (NaN when it is not one). */
export function decimalOf(raw: string): number {
  let s = raw.replace(/[\s\u00a0\u202f€%°]/g, '');
  if (s.includes(',') && s.includes('.'))
    s = s.lastIndexOf(',') > s.lastIndexOf('.') ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  else s = s.replace(',', '.');
  return /^-?\d+(\.\d+)?$|^-?\.\d+$/.test(s) ? Number(s) : Number.NaN;
}

export function decimal(raw: string, min = 0): number {
  const n = decimalOf(raw);
  if (!Number.isFinite(n)) throw new CellError(M.number);
  if (n < min) throw new CellError(M.notNegative);
  return n;
}

export function integer(raw: string, min = 0): number {
  const n = decimalOf(raw);
  if (!Number.isFinite(n)) throw new CellError(M.integer);
  if (!Number.isInteger(n)) throw new CellError(M.integer);
  if (n < min) throw new CellError(M.notNegative);
  if (Math.abs(n) > 2_000_000_000) throw new CellError(M.integer);
  return n;
}

/** Euros → cents ('12,50' → 1250). */
export const cents = (raw: string): number => Math.round(decimal(raw) * 100);

export function yesNo(raw: string): boolean {
  const w = norm(raw);
  if (['oui', 'o', 'yes', 'y', 'true', 'vrai', '1', 'x'].includes(w)) return true;
  if (['non', 'n', 'no', 'false', 'faux', '0'].includes(w)) return false;
  throw new CellError(M.yesNo);
}

/** A word of a closed list, French or English, accents and case ignored. */
export function word<T extends string>(raw: string, words: Record<string, T>, message: string): T {
  const hit = words[norm(raw)];
  if (!hit) throw new CellError(message);
  return hit;
}

export const PRODUCT_TYPE_WORDS = {
  bottle: 'bottle',
  bouteille: 'bottle',
  vin: 'bottle',
  wine: 'bottle',
  boisson: 'bottle',
  accessory: 'accessory',
  accessoire: 'accessory',
  prestation: 'prestation',
  service: 'prestation',
  box: 'box',
  coffret: 'box',
  coffretcadeau: 'box',
} as const;

export const VAT_WORDS = {
  standard: 'standard',
  normal: 'standard',
  normale: 'standard',
  '20': 'standard',
  medium: 'medium',
  intermediaire: 'medium',
  '10': 'medium',
  reduced: 'reduced',
  reduit: 'reduced',
  reduite: 'reduced',
  '55': 'reduced',
} as const;

export const STATUS_WORDS = {
  online: 'online',
  enligne: 'online',
  actif: 'online',
  active: 'online',
  paused: 'paused',
  pause: 'paused',
  enpause: 'paused',
  inactif: 'paused',
  outofstock: 'outofstock',
  rupture: 'outofstock',
  rupturedestock: 'outofstock',
  epuise: 'outofstock',
  closed: 'closed',
  ferme: 'closed',
  // hidden from the public catalogue (a product being prepared)
  empty: 'empty',
  masque: 'empty',
  brouillon: 'empty',
} as const;

export const UNITY_WORDS = {
  litre: 'litre',
  litres: 'litre',
  l: 'litre',
  cl: 'litre',
  ml: 'litre',
  liter: 'litre',
  kilogramme: 'kilogramme',
  kilogrammes: 'kilogramme',
  kg: 'kilogramme',
  gramme: 'gramme',
  grammes: 'gramme',
  g: 'gramme',
  unite: 'unite',
  unites: 'unite',
  u: 'unite',
  piece: 'unite',
  pieces: 'unite',
  unit: 'unite',
} as const;

export const FORMAT_TYPE_WORDS = {
  bottle: 'bottle',
  bouteille: 'bottle',
  bib: 'bib',
  baginbox: 'bib',
  vrac: 'vrac',
  bulk: 'vrac',
  packing: 'packing',
  colis: 'packing',
  carton: 'packing',
  caisse: 'packing',
  custom: 'custom',
  personnalise: 'custom',
  autre: 'custom',
} as const;

export const DUTY_WORDS = { da2: 'DA2', dsu: 'DSU' } as const;

export const CLIENT_KIND_WORDS = {
  private: 'private',
  particulier: 'private',
  prive: 'private',
  individual: 'private',
  professional: 'professional',
  professionnel: 'professional',
  pro: 'professional',
  entreprise: 'professional',
  business: 'professional',
  b2b: 'professional',
  prospect: 'prospect',
  lead: 'prospect',
} as const;

export const CLIENT_STATUS_WORDS = {
  active: 'active',
  actif: 'active',
  archived: 'archived',
  archive: 'archived',
} as const;

export const CIVILITY_WORDS: Record<string, string> = {
  mr: 'mr',
  m: 'mr',
  monsieur: 'mr',
  mrs: 'mrs',
  mme: 'mrs',
  madame: 'mrs',
  ms: 'mrs',
  mrmrs: 'mrmrs',
  mmeetm: 'mrmrs',
  metmme: 'mrmrs',
  monsieuretmadame: 'mrmrs',
  company: 'company',
  societe: 'company',
  other: 'other',
  autre: 'other',
};

/**
 * A volume as litres: '75 cl' → 0.75, '1,5 L' → 1.5, '750ml' → 0.75; without a unit, `fallback` says what the number
 * is in (the column's header or the integration's habit).
 */
export function litres(raw: string, fallback: 'l' | 'cl' | 'ml'): number {
  const m = /^\s*([\d\s.,]+)\s*(cl|ml|l|litres?)?\s*$/i.exec(raw);
  if (!m) throw new CellError(M.number);
  const n = decimal(m[1]);
  const unit = (m[2]?.toLowerCase().startsWith('l') ? 'l' : m[2]?.toLowerCase()) ?? fallback;
  const value = unit === 'cl' ? n / 100 : unit === 'ml' ? n / 1000 : n;
  return Math.round(value * 100000) / 100000;
}

/** 'bio | AOC, vegan' → ['bio', 'AOC', 'vegan'] (unique, in order). */
export const listOf = (raw: string): string[] => [
  ...new Set(
    raw
      .split(/[|;,]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** Euros for a CSV cell, decimal comma: 1250 → '12,50'. */
export const euros = (c: number | null | undefined): string => (c == null ? '' : (c / 100).toFixed(2).replace('.', ','));
/** A number for a CSV cell, decimal comma, no trailing zeros: 0.75 → '0,75'. */
export const num = (n: number | null | undefined): string => (n == null ? '' : String(Math.round(n * 100000) / 100000).replace('.', ','));
export const yes = (b: boolean | null | undefined): string => (b ? 'oui' : 'non');
