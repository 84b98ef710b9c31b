import { CONTAINERS, DRINK_TYPES, ACCESSORY_TYPES, refLabel, toCents } from 'shared-kernel/domain';
import type { ProductDefaults, TariffTypology } from 'shared-kernel/contracts';
import type { FormatLine } from './tariffs.repository';

/** Pure rules of the tariffs module: labels, the percentage change, typologies and defaults read from the shop row. */

const CONTAINER_LABELS = new Map<string, string>(
  Object.values(CONTAINERS).flatMap((list) => list.map((c) => [c.value, c.label] as [string, string])),
);
const UNIT_SHORT: Record<string, string> = { litre: 'l', kilogramme: 'kg', gramme: 'g', unite: 'u.' };

const frNumber = (n: number) => String(n).replace('.', ',');

/** '75 cl', '1,5 l', '500 g' from the format's unit (litres shown in centilitres below 1 l). */
export function sizeLabel(unity: string, unityValue: number | null): string {
  if (unityValue == null) return '';
  if (unity === 'litre') return unityValue < 1 ? `${Math.round(unityValue * 1000) / 10} cl`.replace('.', ',') : `${frNumber(unityValue)} l`;
  return `${frNumber(unityValue)} ${UNIT_SHORT[unity] ?? unity}`;
}

/** What a producer calls the format: its name in the shop, else container and size. */
export function formatLabel(f: Pick<FormatLine, 'nameInShop' | 'container' | 'unity' | 'unityValue'>): string {
  if (f.nameInShop?.trim()) return f.nameInShop.trim();
  const container = f.container ? (CONTAINER_LABELS.get(f.container)?.replace(/\s*\(.*\)$/, '') ?? f.container) : '';
  return [container, sizeLabel(f.unity, f.unityValue)].filter(Boolean).join(' ') || 'Format';
}

/** The product type's French label ('Vin tranquille'), else the raw value. */
export function typeLabel(type: string | null): string {
  if (!type) return '';
  return refLabel([...DRINK_TYPES, ...ACCESSORY_TYPES], type) || type;
}

/**
 * A price changed by `percent` (+5 = 5 % more), rounded to the nearest cent (half up), in integer arithmetic:
 * the percentage is taken to the hundredth (basis points) so 1 000 × 10 500 / 10 000 never drifts.
 */
export function applyPercent(cents: number, percent: number): number {
  const bp = Math.round(percent * 100);
  const n = cents * (10000 + bp);
  if (n <= 0) return 0;
  return Math.floor((2 * n + 10000) / 20000);
}

/** '12,50', '12.5', '1 234,50 €' → cents; null when it is not an amount ≥ 0 with at most 2 decimals. */
export function parseEuros(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? toCents(raw) : null;
  const v = String(raw)
    .replace(/[\s\u00a0\u202f€]/g, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return null;
  return toCents(Number(v));
}

/** '12,50' (decimal comma, no thousands separator: what a spreadsheet reads back). */
export const centsToPlain = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** The shop's typologies (shops.typologies jsonb) with every §3 field. */
export function typologiesOf(raw: Array<Record<string, unknown>> | null | undefined): TariffTypology[] {
  return (raw ?? []).map((t) => ({
    id: String(t.id ?? t.name ?? ''),
    name: String(t.name ?? t.id ?? ''),
    public: t.public === true,
    ttc: t.ttc !== false,
    globalDiscount: typeof t.globalDiscount === 'number' ? t.globalDiscount : 0,
    allRulesInEq75: t.allRulesInEq75 === true,
  }));
}

/** Typology key from its name: 'Caviste Pro' → 'caviste-pro' (unique among `taken`). */
export function typologyKey(name: string, taken: Set<string>): string {
  const slug =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'typologie';
  let key = slug;
  for (let i = 2; taken.has(key); i++) key = `${slug}-${i}`;
  return key;
}

/** The product defaults of the shop (shops.settings.productDefaults + titleProducts + allRulesInEq75). */
export function productDefaultsOf(settings: Record<string, unknown>, typologies: TariffTypology[]): ProductDefaults {
  const stored = (settings.productDefaults ?? {}) as Partial<ProductDefaults>;
  const ids = new Set(typologies.map((t) => t.id));
  return {
    vatType: stored.vatType ?? 'standard',
    format: { unity: 'litre', value: 75, container: 'bottle', packing: null, packingQuantity: 1, ...(stored.format ?? {}) },
    visibleTypologies: stored.visibleTypologies ? stored.visibleTypologies.filter((id) => ids.has(id)) : typologies.map((t) => t.id),
    titleProducts: typeof settings.titleProducts === 'string' ? settings.titleProducts : 'Nos produits',
    allRulesInEq75: settings.allRulesInEq75 === true,
  };
}
