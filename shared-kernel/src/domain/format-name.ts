// The name a buyer or an owner reads for a product format. The stored values (container 'bottle', unity
// 'litre', 0.75) are codes: when the producer leaves « Nom dans la boutique » empty, the name is built from
// the French (or English) label tables, never from those codes.
import { CONTAINERS, FORMAT_TYPES } from './reference/products';
import { refLabel } from './reference/option';

export interface FormatNameParts {
  nameInShop?: string | null;
  container?: string | null;
  /** the format type (bottle, bib, vrac, packing, custom), used when no container is set */
  formatType?: string | null;
  unity: string;
  unityValue: number | null;
}

/** 'Bouteille (75 cl)' → 'Bouteille', 'Bag-in-box 3 l' → 'Bag-in-box': the size is added from the format itself. */
const bareName = (label: string) => label.replace(/\s*\(.*\)\s*$/, '').replace(/\s+[\d,.]+\s*(cl|l)$/, '');

const CONTAINER_FR = new Map<string, string>(
  Object.values(CONTAINERS).flatMap((list) => list.map((c) => [c.value, bareName(c.label)] as [string, string])),
);
const CONTAINER_EN: Record<string, string> = {
  piccolo: 'Piccolo',
  can33: 'Can',
  beer33: 'Bottle',
  demi: 'Half bottle',
  medium: 'Medium bottle',
  clavelin: 'Clavelin',
  spirit70: 'Bottle',
  bottle: 'Bottle',
  litre: 'Litre',
  magnum: 'Magnum',
  jeroboam: 'Jeroboam',
  rehoboam: 'Rehoboam',
  mathusalem: 'Methuselah',
  salmanazar: 'Salmanazar',
  balthazar: 'Balthazar',
  nabuchodonosor: 'Nebuchadnezzar',
  bib3: 'Bag-in-box',
  bib5: 'Bag-in-box',
  bib10: 'Bag-in-box',
  bib20: 'Bag-in-box',
  keg20: 'Keg',
  keg30: 'Keg',
  barrique: 'Barrel',
  piece: 'Cask',
  demiMuid: 'Demi-muid',
  cuve: 'Vat',
};
const FORMAT_TYPE_EN: Record<string, string> = { bottle: 'Bottle', bib: 'Bag-in-box', vrac: 'Bulk', packing: 'Case', custom: 'Custom' };

/** '75 cl', '1,5 l' (fr) / '1.5 l' (en), '500 g', '6 unités': the size of a format in words a reader knows. */
export function formatSizeLabel(unity: string, unityValue: number | null, lang: 'fr' | 'en' = 'fr'): string {
  if (unityValue == null) return '';
  const n = (x: number) => {
    const s = String(Math.round(x * 1000) / 1000);
    return lang === 'fr' ? s.replace('.', ',') : s;
  };
  switch (unity) {
    case 'litre':
      return unityValue < 1 ? `${n(unityValue * 100)} cl` : `${n(unityValue)} l`;
    case 'kilogramme':
      return `${n(unityValue)} kg`;
    case 'gramme':
      return `${n(unityValue)} g`;
    default:
      if (lang === 'en') return `${n(unityValue)} unit${unityValue > 1 ? 's' : ''}`;
      return `${n(unityValue)} unité${unityValue > 1 ? 's' : ''}`;
  }
}

/** « Nom dans la boutique » when given, else the container (or format type) label and the size: 'Bouteille 75 cl'. */
export function formatDisplayName(f: FormatNameParts, lang: 'fr' | 'en' = 'fr'): string {
  const own = f.nameInShop?.trim();
  if (own) return own;
  const container = f.container ? ((lang === 'en' ? CONTAINER_EN[f.container] : CONTAINER_FR.get(f.container)) ?? null) : null;
  const kind =
    container ??
    (f.formatType && f.formatType !== 'custom'
      ? lang === 'en'
        ? (FORMAT_TYPE_EN[f.formatType] ?? null)
        : FORMAT_TYPES.some((o) => o.value === f.formatType)
          ? refLabel(FORMAT_TYPES, f.formatType as 'bottle')
          : null
      : null);
  const size = formatSizeLabel(f.unity, f.unityValue, lang);
  return [kind, size].filter(Boolean).join(' ') || 'Format';
}
