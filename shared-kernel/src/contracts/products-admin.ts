/** Api contract: the back-office catalogue (products, vintages, formats, prices, promotions, visuals). Shared by the api module and the mfe-stock screens. */
import { z } from 'zod';
import { isValidGtin } from '../domain/gtin';
import { EXCISE_CODES } from '../domain/reference/tax';
import { FORMAT_TYPES, PRODUCT_STATUSES, UNITS } from '../domain/reference/products';
import { MESSAGES } from '../validation/messages';

/** French messages of the back-office catalogue (§5 wording where it exists, §8 'Produit inexistant'). */
export const PRODUCT_ADMIN_MESSAGES = {
  notFound: 'Produit inexistant',
  needed: MESSAGES.needed,
  number: MESSAGES.number,
  gtinInvalid: "Ce code GTIN n'est pas valide",
  gtinTaken: 'Ce code GTIN est déjà utilisé par un autre produit de la boutique',
  gtinTwice: 'Ce code GTIN est déjà utilisé par un autre format de ce produit',
  positive: 'Doit être supérieur à 0',
  notNegative: 'Doit être supérieur ou égal à 0',
  minMax: "Le minimum d'achat doit être inférieur ou égal au maximum d'achat",
  alcohol: "Le degré d'alcool doit être compris entre 0 et 100",
  percent: 'Le pourcentage doit être compris entre 0 et 100',
  threshold: 'Indiquez le seuil de déclenchement de la promotion',
  promoDates: 'La date de fin doit être après la date de début',
  tierQuantity: 'La quantité du palier doit être au moins 2',
  tierTwice: 'Ce palier existe déjà',
  tierEmpty: 'Indiquez un prix ou une quantité offerte pour ce palier',
  vintageTwice: 'Ce millésime existe déjà pour ce produit',
  typologyUnknown: "Cette typologie n'existe pas dans la boutique",
  typologyTwice: 'Cette typologie a déjà un prix pour ce format',
  boxItemUnknown: "Ce format n'existe pas dans la boutique",
  boxItemIsBox: 'Un coffret ne peut pas contenir un autre coffret',
  boxItemTwice: 'Ce format est déjà dans le coffret',
  formatUnknown: "Ce format n'existe pas pour ce produit",
  vintageUnknown: "Ce millésime n'existe pas pour ce produit",
  hasOrders:
    'Ce produit a déjà été commandé ou a des mouvements de stock : il ne peut pas être supprimé. Archivez-le pour le retirer de la boutique.',
  created: 'Le produit a été créé',
  updated: 'Le produit a été enregistré',
  deleted: 'Le produit a été supprimé',
  archived: 'Le produit a été archivé',
  unarchived: 'Le produit a été désarchivé',
  duplicated: 'Le produit a été dupliqué',
  statusChanged: (n: number) => `Statut modifié pour ${n} produit${n > 1 ? 's' : ''}`,
  copySuffix: ' (copie)',
  imageNotImage: 'Seules les images PNG, JPEG ou WebP sont acceptées',
  imageTooBig: "L'image ne doit pas dépasser 8 Mo",
  imageEmpty: 'Aucune image reçue',
  mediaNotFound: 'Image introuvable',
} as const;

/** The largest image accepted by POST /catalogue/media. */
export const MEDIA_MAX_BYTES = 8 * 1024 * 1024;
/** Re-encoded images fit in this square (px). */
export const MEDIA_MAX_SIDE = 2000;

export const PRODUCT_TYPES = ['bottle', 'accessory', 'prestation', 'box'] as const;
export type ProductAdminType = (typeof PRODUCT_TYPES)[number];
export const ADMIN_PRODUCT_STATUSES = PRODUCT_STATUSES.map((s) => s.value) as ['online', 'paused', 'outofstock', 'closed'];
export type AdminProductStatus = (typeof ADMIN_PRODUCT_STATUSES)[number];
export const VAT_KINDS = ['standard', 'medium', 'reduced'] as const;
export const PROMOTION_ACTIVATIONS = ['always', 'minProduct', 'minPrice', 'minProductOrder', 'minPriceOrder'] as const;
export const DUTY_TYPES = ['DA2', 'DSU'] as const;
export const EXCISE_CODE_VALUES = EXCISE_CODES.map((c) => c.value) as [string, ...string[]];

/** 1 kcal = 4.184 kJ (Regulation (EU) 1169/2011, annex XIV): the energy is entered once, the other unit computed. */
export const KJ_PER_KCAL = 4.184;
export const kjFromKcal = (kcal: number): number => Math.round(kcal * KJ_PER_KCAL);
export const kcalFromKj = (kj: number): number => Math.round(kj / KJ_PER_KCAL);

/** The GS1 Digital Link of a GTIN on this platform's public route (`/gs1/01/{gtin}`). */
export const gs1DigitalLink = (origin: string, gtin: string): string => `${origin.replace(/\/$/, '')}/gs1/01/${gtin}`;

/** A GTIN as typed: '' → null, spaces removed. */
export function normalizeGtin(value: string | null | undefined): string | null {
  const v = (value ?? '').replace(/\s/g, '');
  return v ? v : null;
}

/** '75 cl', '150 cl', '1 kg', '6 unités': the short label of a format. */
export function formatShortLabel(unity: string, unityValue: number | null): string {
  if (unityValue == null) return unity;
  const n = (x: number) => String(Math.round(x * 1000) / 1000).replace('.', ',');
  switch (unity) {
    case 'litre':
      return unityValue < 10 ? `${n(Math.round(unityValue * 10000) / 100)} cl` : `${n(unityValue)} l`;
    case 'kilogramme':
      return `${n(unityValue)} kg`;
    case 'gramme':
      return `${n(unityValue)} g`;
    default:
      return `${n(unityValue)} unité${unityValue > 1 ? 's' : ''}`;
  }
}

// ---------------------------------------------------------------- request bodies

const M = PRODUCT_ADMIN_MESSAGES;
const num = () => z.number({ error: M.number }).refine(Number.isFinite, M.number);
/** an integer; left empty it is the §5 'cannot be empty' message, anything else not a number 'Doit être un nombre' */
const int = () => z.number({ error: (iss) => (iss.input == null ? M.needed : M.number) }).int(M.number);
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Doit contenir au maximum ${max} caractères`)
    .nullish()
    .transform((v) => (v ? v : null));
const needed = (max: number) =>
  z.string({ error: M.needed }).trim().min(1, M.needed).max(max, `Doit contenir au maximum ${max} caractères`);
const id = () => int().positive().optional();

export const nutritionInputSchema = z.object({
  energyKcal: num().min(0, M.notNegative).nullable().optional(),
  energyKj: num().min(0, M.notNegative).nullable().optional(),
  fat: num().min(0, M.notNegative).nullable().optional(),
  saturatedFat: num().min(0, M.notNegative).nullable().optional(),
  carbohydrates: num().min(0, M.notNegative).nullable().optional(),
  sugars: num().min(0, M.notNegative).nullable().optional(),
  proteins: num().min(0, M.notNegative).nullable().optional(),
  salt: num().min(0, M.notNegative).nullable().optional(),
  allergens: z.array(z.string().trim().min(1, M.needed).max(100)).max(30).default([]),
  ingredients: z.string().trim().max(2000).nullable().optional(),
  appellation: z.string().trim().max(200).nullable().optional(),
  category: z.string().trim().max(200).nullable().optional(),
  grapeVariety: z.string().trim().max(500).nullable().optional(),
  quality: z.string().trim().max(200).nullable().optional(),
  brand: z.string().trim().max(200).nullable().optional(),
  owner: z.string().trim().max(200).nullable().optional(),
  country: z.string().trim().max(100).nullable().optional(),
});
export type NutritionInput = z.input<typeof nutritionInputSchema>;

export const vintageInputSchema = z.object({
  id: id(),
  name: needed(50),
  alcohol: num().min(0, M.alcohol).max(100, M.alcohol).nullable().default(null),
  lot: text(100),
  legal: z
    .object({
      code: z.enum(EXCISE_CODE_VALUES, { error: 'Code accise inconnu' }).nullable().default(null),
      dutyType: z.enum(DUTY_TYPES).nullable().default(null),
      customTaxName: text(100),
      /** euros per hectolitre */
      customTaxAmountPerHL: num().min(0, M.notNegative).nullable().default(null),
      customTaxFamilies: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
      customTaxVat: z.boolean().default(false),
    })
    .prefault({}),
  nutrition: nutritionInputSchema.nullable().default(null),
});
export type VintageInput = z.input<typeof vintageInputSchema>;

export const tierInputSchema = z
  .object({
    quantity: int().min(2, M.tierQuantity),
    /** unit price from this quantity (cents, HT or TTC like the price) */
    priceCents: int().min(0, M.notNegative).nullable().default(null),
    /** quantity offered from this quantity */
    add: int().min(1, M.positive).nullable().default(null),
  })
  .refine((t) => t.priceCents != null || t.add != null, { message: M.tierEmpty, path: ['priceCents'] });

export const priceInputSchema = z.object({
  typology: needed(60),
  visible: z.boolean().default(true),
  /** cents, HT or TTC as the typology says (`ttc`) */
  priceCents: int().min(0, M.notNegative),
  tiers: z
    .array(tierInputSchema)
    .max(20)
    .default([])
    .superRefine((tiers, ctx) => {
      const seen = new Set<number>();
      tiers.forEach((t, i) => {
        if (seen.has(t.quantity)) ctx.addIssue({ code: 'custom', message: M.tierTwice, path: [i, 'quantity'] });
        seen.add(t.quantity);
      });
    }),
});
export type PriceInput = z.input<typeof priceInputSchema>;

export const promotionInputSchema = z
  .object({
    id: id(),
    name: needed(100),
    type: z.enum(['%', '€']),
    /** percent (×1) or cents */
    amount: int().positive(M.positive),
    activation: z.enum(PROMOTION_ACTIVATIONS),
    /** a quantity (minProduct, minProductOrder) or cents (minPrice, minPriceOrder); null for always */
    threshold: int().positive(M.positive).nullable().default(null),
    active: z.boolean().default(true),
    startsAt: z.iso.datetime({ offset: true, error: MESSAGES.date }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true, error: MESSAGES.date }).nullable().default(null),
  })
  .superRefine((p, ctx) => {
    if (p.type === '%' && p.amount > 100) ctx.addIssue({ code: 'custom', message: M.percent, path: ['amount'] });
    if (p.activation !== 'always' && p.threshold == null) ctx.addIssue({ code: 'custom', message: M.threshold, path: ['threshold'] });
    if (p.startsAt && p.endsAt && Date.parse(p.endsAt) <= Date.parse(p.startsAt))
      ctx.addIssue({ code: 'custom', message: M.promoDates, path: ['endsAt'] });
  });
export type PromotionInput = z.input<typeof promotionInputSchema>;

export const formatInputSchema = z
  .object({
    id: id(),
    unity: z.enum(UNITS.map((u) => u.value) as ['litre', 'kilogramme', 'gramme', 'unite']),
    /** litres (or kg, g, units per `unity`) */
    unityValue: num().positive(M.positive),
    container: text(60),
    formatType: z.enum(FORMAT_TYPES.map((f) => f.value) as ['bottle', 'bib', 'vrac', 'packing', 'custom']),
    nameInShop: text(100),
    showUnityValue: z.boolean().default(true),
    packing: text(100),
    packingQuantity: int().min(1, M.positive).default(1),
    /** kg */
    weight: num().min(0, M.notNegative).nullable().default(null),
    gtin: z
      .string()
      .nullish()
      .transform(normalizeGtin)
      .refine((g) => g === null || (/^\d{13}$/.test(g) && isValidGtin(g)), M.gtinInvalid),
    minPurchase: int().min(1, M.positive).default(1),
    maxPurchase: int().min(1, M.positive).nullable().default(null),
    alertThreshold: int().min(0, M.notNegative).nullable().default(null),
    /** cost per unit, cents HT */
    costCents: int().min(0, M.notNegative).nullable().default(null),
    visuals: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
    wrapping: z
      .object({ available: z.boolean(), priceCents: int().min(0, M.notNegative) })
      .nullable()
      .default(null),
    prices: z
      .array(priceInputSchema)
      .max(20)
      .default([])
      .superRefine((prices, ctx) => {
        const seen = new Set<string>();
        prices.forEach((p, i) => {
          if (seen.has(p.typology)) ctx.addIssue({ code: 'custom', message: M.typologyTwice, path: [i, 'typology'] });
          seen.add(p.typology);
        });
      }),
    promotions: z.array(promotionInputSchema).max(20).default([]),
  })
  // checked even while another field of the format is still wrong (zod skips refinements of a failed object otherwise)
  .refine((f) => f?.maxPurchase == null || f.minPurchase <= f.maxPurchase, {
    message: M.minMax,
    path: ['maxPurchase'],
    when: ({ value }) => {
      const v = value as { minPurchase?: unknown; maxPurchase?: unknown };
      return Number.isInteger(v?.minPurchase ?? 1) && (v?.maxPurchase == null || Number.isInteger(v.maxPurchase));
    },
  });
export type FormatInput = z.input<typeof formatInputSchema>;

export const productInputSchema = z
  .object({
    productType: z.enum(PRODUCT_TYPES, { error: 'Type de produit inconnu' }),
    name: needed(200),
    precision: text(200),
    description: text(5000),
    type: text(60),
    color: text(60),
    gamme: text(100),
    labels: z.array(z.string().trim().min(1).max(60)).max(30).default([]),
    vatType: z.enum(VAT_KINDS).default('standard'),
    status: z.enum(ADMIN_PRODUCT_STATUSES).default('online'),
    visuals: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
    boxItems: z
      .array(z.object({ formatId: int().positive(), quantity: int().min(1, M.positive) }))
      .max(50)
      .default([]),
    vintages: z.array(vintageInputSchema).max(50).default([]),
    formats: z.array(formatInputSchema).max(50).default([]),
  })
  .superRefine((p, ctx) => {
    const names = new Set<string>();
    p.vintages.forEach((v, i) => {
      const k = v.name.toLowerCase();
      if (names.has(k)) ctx.addIssue({ code: 'custom', message: M.vintageTwice, path: ['vintages', i, 'name'] });
      names.add(k);
    });
    const gtins = new Set<string>();
    p.formats.forEach((f, i) => {
      if (!f.gtin) return;
      if (gtins.has(f.gtin)) ctx.addIssue({ code: 'custom', message: M.gtinTwice, path: ['formats', i, 'gtin'] });
      gtins.add(f.gtin);
    });
    const parts = new Set<number>();
    p.boxItems.forEach((b, i) => {
      if (parts.has(b.formatId)) ctx.addIssue({ code: 'custom', message: M.boxItemTwice, path: ['boxItems', i, 'formatId'] });
      parts.add(b.formatId);
    });
  });
/** The body of POST /catalogue/products and PUT /catalogue/products/:id (the whole product, nested). */
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductInputParsed = z.output<typeof productInputSchema>;

export const bulkStatusSchema = z.object({
  ids: z.array(int().positive()).min(1, M.needed).max(500),
  status: z.enum(ADMIN_PRODUCT_STATUSES),
});
export type BulkStatusInput = z.input<typeof bulkStatusSchema>;

// ---------------------------------------------------------------- answers

/** One row of GET /catalogue/products. */
export interface ProductAdminRow {
  id: number;
  name: string;
  productType: ProductAdminType;
  type: string | null;
  color: string | null;
  gamme: string | null;
  status: string;
  labels: string[];
  vintages: string[];
  /** '75 cl', '150 cl'… */
  formats: string[];
  /** price of the first format in the shop's default typology */
  price: { priceCents: number; ttc: boolean; typology: string } | null;
  /** web available stock: sum of the formats' stock */
  stock: number;
  visual: string | null;
  archived: boolean;
  createdAt: string;
}

export interface ProductAdminTier {
  quantity: number;
  priceCents: number | null;
  add: number | null;
}
export interface ProductAdminPrice {
  typology: string;
  visible: boolean;
  priceCents: number;
  tiers: ProductAdminTier[];
}
export interface ProductAdminPromotion {
  id: number;
  name: string;
  type: '%' | '€';
  amount: number;
  activation: (typeof PROMOTION_ACTIVATIONS)[number];
  threshold: number | null;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
}
export interface ProductAdminFormat {
  id: number;
  unity: 'litre' | 'kilogramme' | 'gramme' | 'unite';
  unityValue: number;
  /** computed from the unit value (75 cl equivalent, §9) */
  eq75: number | null;
  container: string | null;
  formatType: 'bottle' | 'bib' | 'vrac' | 'packing' | 'custom';
  nameInShop: string | null;
  showUnityValue: boolean;
  packing: string | null;
  packingQuantity: number;
  weight: number | null;
  gtin: string | null;
  stock: number;
  minPurchase: number;
  maxPurchase: number | null;
  alertThreshold: number | null;
  costCents: number | null;
  visuals: string[];
  wrapping: { available: boolean; priceCents: number } | null;
  prices: ProductAdminPrice[];
  promotions: ProductAdminPromotion[];
  /** sold or moved in stock: kept when left out of an update */
  used: boolean;
}
export interface ProductAdminVintage {
  id: number;
  name: string;
  alcohol: number | null;
  lot: string | null;
  legal: {
    code: string | null;
    dutyType: 'DA2' | 'DSU' | null;
    customTaxName: string | null;
    customTaxAmountPerHL: number | null;
    customTaxFamilies: string[];
    customTaxVat: boolean;
  };
  nutrition: (Omit<NutritionInput, 'allergens'> & { allergens: string[] }) | null;
  used: boolean;
}
/** GET /catalogue/products/:id: the whole editable product. */
export interface ProductAdminDetail {
  id: number;
  productType: ProductAdminType;
  name: string;
  precision: string | null;
  description: string | null;
  type: string | null;
  color: string | null;
  gamme: string | null;
  labels: string[];
  vatType: (typeof VAT_KINDS)[number];
  status: string;
  visuals: string[];
  boxItems: Array<{ formatId: number; quantity: number; label: string }>;
  vintages: ProductAdminVintage[];
  formats: ProductAdminFormat[];
  archived: boolean;
  archivedAt: string | null;
  /** ordered at least once (or moved in stock): archive instead of delete */
  hasOrders: boolean;
  createdAt: string;
  updatedAt: string;
  /** the shop's typologies, for the price grid */
  typologies: Array<{ id: string; name: string; ttc: boolean; public: boolean }>;
}

/** A format another product may hold (box contents picker): GET /catalogue/formats. */
export interface ProductAdminFormatOption {
  formatId: number;
  productId: number;
  label: string;
}

/** POST /catalogue/media answer. */
export interface MediaUpload {
  id: number;
  url: string;
  width: number;
  height: number;
}
