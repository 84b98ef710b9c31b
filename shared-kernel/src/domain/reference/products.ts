import type { RefOption } from './option';

export const BUSINESS_TYPES = [
  { value: 'wine', label: 'Vin' },
  { value: 'champaign', label: 'Champagne' },
  { value: 'beer', label: 'Bière' },
  { value: 'spirit', label: 'Spiritueux' },
  { value: 'cider', label: 'Cidre' },
  { value: 'other', label: 'Autre' },
] as const satisfies readonly RefOption[];
export type BusinessType = (typeof BUSINESS_TYPES)[number]['value'];

export const PRODUCT_KINDS = [
  { value: 'bottle', label: 'Boisson' },
  { value: 'accessory', label: 'Accessoire' },
  { value: 'prestation', label: 'Prestation' },
  { value: 'box', label: 'Coffret' },
] as const satisfies readonly RefOption[];

/** Drink product types. */
export const DRINK_TYPES = [
  { value: 'stillWine', label: 'Vin tranquille' },
  { value: 'sparklingWine', label: 'Vin effervescent' },
  { value: 'champagne', label: 'Champagne' },
  { value: 'cremant', label: 'Crémant' },
  { value: 'petNat', label: 'Pétillant naturel' },
  { value: 'vdn', label: 'Vin doux naturel' },
  { value: 'liqueurWine', label: 'Vin de liqueur' },
  { value: 'aromatisedWine', label: 'Vin aromatisé' },
  { value: 'pineau', label: 'Pineau des Charentes' },
  { value: 'floc', label: 'Floc de Gascogne' },
  { value: 'cider', label: 'Cidre' },
  { value: 'perry', label: 'Poiré' },
  { value: 'pommeau', label: 'Pommeau' },
  { value: 'beer', label: 'Bière' },
  { value: 'mead', label: 'Hydromel' },
  { value: 'cognac', label: 'Cognac' },
  { value: 'armagnac', label: 'Armagnac' },
  { value: 'calvados', label: 'Calvados' },
  { value: 'brandy', label: 'Eau-de-vie' },
  { value: 'marc', label: 'Marc' },
  { value: 'whisky', label: 'Whisky' },
  { value: 'rum', label: 'Rhum' },
  { value: 'gin', label: 'Gin' },
  { value: 'vodka', label: 'Vodka' },
  { value: 'liqueur', label: 'Liqueur' },
  { value: 'cream', label: 'Crème de fruits' },
  { value: 'aperitif', label: 'Apéritif' },
  { value: 'grapeJuice', label: 'Jus de raisin' },
  { value: 'juice', label: 'Jus de fruits' },
  { value: 'alcoholFree', label: 'Boisson sans alcool' },
] as const satisfies readonly RefOption[];

export const ACCESSORY_TYPES = [
  { value: 'glass', label: 'Verre' },
  { value: 'corkscrew', label: 'Tire-bouchon' },
  { value: 'decanter', label: 'Carafe' },
  { value: 'giftBox', label: 'Coffret' },
  { value: 'woodenCase', label: 'Caisse bois' },
  { value: 'case', label: 'Étui' },
  { value: 'bag', label: 'Sac' },
  { value: 'iceBucket', label: 'Seau à glace' },
  { value: 'stopper', label: 'Bouchon' },
  { value: 'book', label: 'Livre' },
  { value: 'grocery', label: 'Épicerie' },
  { value: 'textile', label: 'Textile' },
  { value: 'other', label: 'Autre' },
] as const satisfies readonly RefOption[];

/** The 11 labelled bottle colours. */
export const COLORS = [
  { value: 'red', label: 'Rouge' },
  { value: 'white', label: 'Blanc' },
  { value: 'rose', label: 'Rosé' },
  { value: 'grey', label: 'Gris' },
  { value: 'orange', label: 'Orange' },
  { value: 'yellow', label: 'Jaune' },
  { value: 'clairet', label: 'Clairet' },
  { value: 'golden', label: 'Doré' },
  { value: 'amber', label: 'Ambré' },
  { value: 'tawny', label: 'Tuilé' },
  { value: 'brown', label: 'Brune' },
] as const satisfies readonly RefOption[];

/** Sweetness / style qualities. */
export const QUALITIES = [
  { value: 'brutNature', label: 'Brut nature' },
  { value: 'extraBrut', label: 'Extra-brut' },
  { value: 'brut', label: 'Brut' },
  { value: 'extraDry', label: 'Extra-dry' },
  { value: 'dry', label: 'Sec' },
  { value: 'halfDry', label: 'Demi-sec' },
  { value: 'sweet', label: 'Moelleux' },
  { value: 'liquorous', label: 'Liquoreux' },
  { value: 'doux', label: 'Doux' },
] as const satisfies readonly RefOption[];

export const LABELS = [
  { value: 'AOC', label: 'AOC' },
  { value: 'AOP', label: 'AOP' },
  { value: 'IGP', label: 'IGP' },
  { value: 'AB', label: 'Agriculture biologique (AB)' },
  { value: 'demeter', label: 'Demeter' },
  { value: 'biodynamie', label: 'Biodynamie' },
  { value: 'label-rouge', label: 'Label Rouge' },
  { value: 'STG', label: 'Spécialité traditionnelle garantie (STG)' },
  { value: 'naturel', label: 'Vin naturel' },
  { value: 'HVE', label: 'Haute valeur environnementale (HVE)' },
  { value: 'terraVitis', label: 'Terra Vitis' },
  { value: 'vegan', label: 'Vegan' },
  { value: 'others', label: 'Autres' },
] as const satisfies readonly RefOption[];

export interface ContainerOption extends RefOption {
  /** Volume in litres. */
  readonly litres: number;
}

/** Containers by family (volumes in litres). */
export const CONTAINERS = {
  bottle: [
    { value: 'piccolo', label: 'Piccolo (20 cl)', litres: 0.2 },
    { value: 'can33', label: 'Canette (33 cl)', litres: 0.33 },
    { value: 'beer33', label: 'Bouteille (33 cl)', litres: 0.33 },
    { value: 'demi', label: 'Demi-bouteille (37,5 cl)', litres: 0.375 },
    { value: 'medium', label: 'Médium (50 cl)', litres: 0.5 },
    { value: 'clavelin', label: 'Clavelin (62 cl)', litres: 0.62 },
    { value: 'spirit70', label: 'Bouteille (70 cl)', litres: 0.7 },
    { value: 'bottle', label: 'Bouteille (75 cl)', litres: 0.75 },
    { value: 'litre', label: 'Litre (1 l)', litres: 1 },
    { value: 'magnum', label: 'Magnum (1,5 l)', litres: 1.5 },
    { value: 'jeroboam', label: 'Jéroboam (3 l)', litres: 3 },
    { value: 'rehoboam', label: 'Réhoboam (4,5 l)', litres: 4.5 },
    { value: 'mathusalem', label: 'Mathusalem (6 l)', litres: 6 },
    { value: 'salmanazar', label: 'Salmanazar (9 l)', litres: 9 },
    { value: 'balthazar', label: 'Balthazar (12 l)', litres: 12 },
    { value: 'nabuchodonosor', label: 'Nabuchodonosor (15 l)', litres: 15 },
  ],
  bib: [
    { value: 'bib3', label: 'Bag-in-box 3 l', litres: 3 },
    { value: 'bib5', label: 'Bag-in-box 5 l', litres: 5 },
    { value: 'bib10', label: 'Bag-in-box 10 l', litres: 10 },
    { value: 'bib20', label: 'Bag-in-box 20 l', litres: 20 },
  ],
  vrac: [
    { value: 'keg20', label: 'Fût (20 l)', litres: 20 },
    { value: 'keg30', label: 'Fût (30 l)', litres: 30 },
    { value: 'barrique', label: 'Barrique (225 l)', litres: 225 },
    { value: 'piece', label: 'Pièce (228 l)', litres: 228 },
    { value: 'demiMuid', label: 'Demi-muid (600 l)', litres: 600 },
    { value: 'cuve', label: 'Cuve (hl au choix)', litres: 100 },
  ],
} as const satisfies Record<'bottle' | 'bib' | 'vrac', readonly ContainerOption[]>;

export const UNITS = [
  { value: 'litre', label: 'Litre' },
  { value: 'kilogramme', label: 'Kilogramme' },
  { value: 'gramme', label: 'Gramme' },
  { value: 'unite', label: 'Unité' },
] as const satisfies readonly RefOption[];

export const PRODUCT_STATUSES = [
  { value: 'online', label: 'En ligne' },
  { value: 'paused', label: 'En pause' },
  { value: 'outofstock', label: 'Rupture de stock' },
  { value: 'closed', label: 'Fermé' },
] as const satisfies readonly RefOption[];
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]['value'];

export const WINE_CATEGORIES = [1, 2, 3, 4, 5].map((n) => ({ value: n, label: `Catégorie ${n}` })) as readonly RefOption<number>[];

/** EU wine-growing zones (Regulation 1308/2013, annex VII appendix I). */
export const GROWING_ZONES = [
  { value: 1, label: 'A' },
  { value: 2, label: 'B' },
  { value: 3, label: 'C I' },
  { value: 4, label: 'C II' },
  { value: 5, label: 'C III (a)' },
  { value: 6, label: 'C III (b)' },
] as const satisfies readonly RefOption<number>[];

export const FORMAT_TYPES = [
  { value: 'bottle', label: 'Bouteille' },
  { value: 'bib', label: 'Bag-in-box' },
  { value: 'vrac', label: 'Vrac' },
  { value: 'packing', label: 'Colisage' },
  { value: 'custom', label: 'Personnalisé' },
] as const satisfies readonly RefOption[];

/** Spec §9 labels for a product without vintage. */
export const NON_VINTAGE_LABELS = ['NV', 'Non millésimé', 'Nouveau millésime'] as const;
