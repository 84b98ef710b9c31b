/** Api contract: the tariff grid, its import/export, typologies and product defaults. Shared by the api module and the mfe-stock screens. */
import { z } from 'zod';
import { MESSAGES } from '../validation/messages';

/** French messages of the tariffs endpoints (400 names the field, 404/409 explain). */
export const TARIFF_MESSAGES = {
  typologyName: MESSAGES.needed,
  typologyNameTaken: 'Une typologie porte déjà ce nom',
  typologyNotFound: 'Typologie introuvable',
  typologyUnknown: "Cette typologie n'existe pas dans la boutique",
  typologyInUse: (members: number, prices: number) =>
    `Cette typologie est utilisée par ${members} compte${members > 1 ? 's' : ''} client et ${prices} prix : attribuez-leur une autre typologie avant de la supprimer`,
  typologyLastPublic: 'La boutique doit garder une typologie publique',
  globalDiscount: 'La remise doit être comprise entre 0 et 100',
  typologyCreated: 'La typologie a été créée',
  typologyUpdated: 'La typologie a été mise à jour',
  typologyDeleted: 'La typologie a été supprimée',
  defaultsSaved: 'Les réglages des produits ont été enregistrés',
  formatUnknown: 'Format introuvable',
  priceInvalid: 'Le prix doit être un montant positif',
  pricesSaved: (n: number) => `${n} prix enregistré${n > 1 ? 's' : ''}`,
  percent: 'Le pourcentage doit être compris entre -90 et 500',
  noSelection: 'Choisissez au moins un format ou un filtre',
  noTypology: 'Choisissez au moins une typologie',
  fileMissing: 'Choisissez un fichier CSV ou XLSX',
  fileTooBig: 'Le fichier est trop volumineux (700 Ko au maximum)',
  fileUnreadable: "Le fichier n'a pas pu être lu (CSV séparé par des points-virgules ou XLSX attendu)",
  fileNoIdColumn: 'La colonne « Id format » est introuvable dans la première ligne',
  fileNoPriceColumn: 'Aucune colonne de prix (une typologie de la boutique) dans la première ligne',
  importHasErrors: 'Le fichier contient des erreurs : corrigez-les avant de l’importer',
  importNothing: 'Aucun prix à modifier',
  importApplied: (n: number) => `${n} prix importé${n > 1 ? 's' : ''}`,
  lineFormatId: (v: string) => `Id format inconnu : « ${v} »`,
  lineBadNumber: (col: string, v: string) => `${col} : « ${v} » n'est pas un montant valide`,
  lineUnknownTypology: (col: string) => `Typologie inconnue : « ${col} »`,
} as const;

/** The CSV/XLSX column holding the format id (first column of an export). */
export const TARIFF_ID_COLUMN = 'Id format';
/** The first columns of an export, before one price column per typology (`<typology name> (HT|TTC)`). */
export const TARIFF_FIXED_COLUMNS = [TARIFF_ID_COLUMN, 'Produit', 'Millésime', 'Format', 'Gamme', 'Type'] as const;

// ------------------------------------------------------------------ typologies (settings ?link=typos)

/** A client typology of §3 (shops.typologies): `id` is the key prices (format_prices.typology) and clients refer to. */
export const tariffTypologySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    public: z.boolean(),
    ttc: z.boolean(),
    globalDiscount: z.number(),
    allRulesInEq75: z.boolean(),
  })
  .meta({ id: 'TariffTypology' });
export type TariffTypology = z.infer<typeof tariffTypologySchema>;

export const tariffTypologyInputSchema = z
  .object({
    name: z
      .string({ error: TARIFF_MESSAGES.typologyName })
      .trim()
      .min(1, TARIFF_MESSAGES.typologyName)
      .max(60, 'Le nom ne doit pas dépasser 60 caractères'),
    public: z.boolean({ error: 'Le champ public doit valoir true ou false' }),
    ttc: z.boolean({ error: 'Le champ ttc doit valoir true ou false' }),
    globalDiscount: z
      .number({ error: TARIFF_MESSAGES.globalDiscount })
      .min(0, TARIFF_MESSAGES.globalDiscount)
      .max(100, TARIFF_MESSAGES.globalDiscount),
    allRulesInEq75: z.boolean({ error: 'Le champ allRulesInEq75 doit valoir true ou false' }),
  })
  .strict();
export type TariffTypologyInput = z.infer<typeof tariffTypologyInputSchema>;

/** GET /v1/tariffs/typologies: every typology with how many clients and prices use it. */
export const tariffTypologyUsageSchema = tariffTypologySchema.extend({ clients: z.number().int(), prices: z.number().int() });
export type TariffTypologyUsage = z.infer<typeof tariffTypologyUsageSchema>;

// ------------------------------------------------------------------ product defaults (settings ?link=products)

export const PRODUCT_VAT_TYPES = ['standard', 'medium', 'reduced'] as const;

/** What a new product gets (shops.settings.productDefaults) plus two §3 Shop.settings (titleProducts, allRulesInEq75). */
export const productDefaultsSchema = z
  .object({
    vatType: z.enum(PRODUCT_VAT_TYPES, { error: 'Le type de TVA vaut standard, medium ou reduced' }),
    format: z
      .object({
        unity: z.enum(['litre', 'kilogramme', 'gramme', 'unite'], { error: "L'unité vaut litre, kilogramme, gramme ou unite" }),
        /** centilitres for litres (75), else units of `unity`: integers, no float drift */
        value: z.number({ error: MESSAGES.number }).int(MESSAGES.number).min(1, MESSAGES.number).max(1000000, MESSAGES.number),
        container: z.string().trim().max(60).nullable(),
        packing: z.string().trim().max(60).nullable(),
        packingQuantity: z.number({ error: MESSAGES.number }).int(MESSAGES.number).min(1, MESSAGES.number).max(10000, MESSAGES.number),
      })
      .strict(),
    /** typology ids whose price is visible on a new format */
    visibleTypologies: z.array(z.string().max(100)).max(50),
    titleProducts: z.string().trim().max(100, 'Le titre ne doit pas dépasser 100 caractères'),
    allRulesInEq75: z.boolean(),
  })
  .strict()
  .meta({ id: 'ProductDefaults' });
export type ProductDefaults = z.infer<typeof productDefaultsSchema>;

// ------------------------------------------------------------------ the grid (/dashboard/tarifs)

export const tariffCellSchema = z.object({ priceCents: z.number().int(), visible: z.boolean() });
export type TariffCell = z.infer<typeof tariffCellSchema>;

/** One format of the shop and its price per typology id (null: no price for that typology). */
export const tariffRowSchema = z
  .object({
    formatId: z.number().int(),
    productId: z.number().int(),
    productName: z.string(),
    productType: z.string(),
    type: z.string().nullable(),
    gamme: z.string().nullable(),
    vintage: z.string().nullable(),
    formatLabel: z.string(),
    prices: z.record(z.string(), tariffCellSchema.nullable()),
  })
  .meta({ id: 'TariffRow' });
export type TariffRow = z.infer<typeof tariffRowSchema>;

export const tariffGridSchema = z
  .object({
    items: z.array(tariffRowSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    typologies: z.array(tariffTypologySchema),
    /** the values the filters offer */
    facets: z.object({ gammes: z.array(z.string()), types: z.array(z.string()), productTypes: z.array(z.string()) }),
  })
  .meta({ id: 'TariffGrid' });
export type TariffGrid = z.infer<typeof tariffGridSchema>;

export const tariffPriceInputSchema = z.object({
  formatId: z.number({ error: TARIFF_MESSAGES.formatUnknown }).int().positive(TARIFF_MESSAGES.formatUnknown),
  typology: z.string({ error: TARIFF_MESSAGES.typologyUnknown }).min(1, TARIFF_MESSAGES.typologyUnknown).max(100),
  priceCents: z
    .number({ error: TARIFF_MESSAGES.priceInvalid })
    .int(TARIFF_MESSAGES.priceInvalid)
    .min(0, TARIFF_MESSAGES.priceInvalid)
    .max(100_000_000, TARIFF_MESSAGES.priceInvalid),
  visible: z.boolean().optional(),
});
export type TariffPriceInput = z.infer<typeof tariffPriceInputSchema>;
export const tariffPricesBodySchema = z
  .object({ prices: z.array(tariffPriceInputSchema).min(1, TARIFF_MESSAGES.importNothing).max(5000) })
  .strict();
export type TariffPricesBody = z.infer<typeof tariffPricesBodySchema>;

/** The rows a grid filter selects (the same filters as GET /tariffs/grid). */
export const tariffFilterSchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    gamme: z.string().max(200).optional(),
    productType: z.string().max(50).optional(),
    type: z.string().max(100).optional(),
  })
  .strict();
export type TariffFilter = z.infer<typeof tariffFilterSchema>;

export const tariffIncreaseBodySchema = z
  .object({
    /** the selected rows; absent = every row of `filter` */
    formatIds: z.array(z.number().int().positive()).max(5000).optional(),
    filter: tariffFilterSchema.optional(),
    typologies: z.array(z.string().min(1).max(100)).min(1, TARIFF_MESSAGES.noTypology).max(50),
    /** +5 = 5 % more, -10 = 10 % less; up to 2 decimals */
    percent: z.number({ error: TARIFF_MESSAGES.percent }).min(-90, TARIFF_MESSAGES.percent).max(500, TARIFF_MESSAGES.percent),
    /** true: answer the changes without saving them */
    preview: z.boolean().optional(),
  })
  .strict();
export type TariffIncreaseBody = z.infer<typeof tariffIncreaseBodySchema>;

/** One cell that changes: old → new (old null = a new price). */
export const tariffChangeSchema = z.object({
  formatId: z.number().int(),
  typology: z.string(),
  productName: z.string(),
  vintage: z.string().nullable(),
  formatLabel: z.string(),
  oldCents: z.number().int().nullable(),
  newCents: z.number().int(),
  /** import: the file line (1 = header) */
  line: z.number().int().optional(),
});
export type TariffChange = z.infer<typeof tariffChangeSchema>;

export const tariffChangesSchema = z
  .object({ changes: z.array(tariffChangeSchema), applied: z.boolean(), message: z.string().optional() })
  .meta({ id: 'TariffChanges' });
export type TariffChanges = z.infer<typeof tariffChangesSchema>;

/** POST /tariffs/import/preview and /apply: the file, base64 (CSV `;` with UTF-8 BOM, or XLSX, as exported). */
export const tariffImportBodySchema = z
  .object({
    filename: z.string({ error: TARIFF_MESSAGES.fileMissing }).min(1, TARIFF_MESSAGES.fileMissing).max(255),
    content: z.string({ error: TARIFF_MESSAGES.fileMissing }).min(1, TARIFF_MESSAGES.fileMissing),
  })
  .strict();
export type TariffImportBody = z.infer<typeof tariffImportBodySchema>;

export const tariffImportErrorSchema = z.object({ line: z.number().int(), message: z.string(), column: z.string().optional() });
export type TariffImportError = z.infer<typeof tariffImportErrorSchema>;
export const tariffImportResultSchema = z
  .object({
    changes: z.array(tariffChangeSchema),
    errors: z.array(tariffImportErrorSchema),
    /** data lines read */
    lines: z.number().int(),
    applied: z.boolean(),
    message: z.string().optional(),
  })
  .meta({ id: 'TariffImportResult' });
export type TariffImportResult = z.infer<typeof tariffImportResultSchema>;
