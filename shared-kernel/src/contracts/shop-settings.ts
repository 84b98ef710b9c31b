// The settings sections of /dashboard/settings that the api's shops module answers: infos, integrations,
// matchGrids; shared with mfe-auth's forms (src/settings/infos, matchGrids), which say what the api would. What has no column of `shops` is kept in `shops.settings` (jsonb) under `infos`, `integrations` and
// `matchGrids`, every text bounded. French messages: spec §5 where it has one (MESSAGES of shared-kernel/validation).
import { z } from 'zod';
import { SHOP_MODULES } from '../domain/access';
import { INTEGRATION_NAMES, PAYMENT_METHODS, type PaymentMethod } from '../domain/reference/payments';
import { BUSINESS_TYPES } from '../domain/reference/products';
import { MESSAGES as V } from '../validation/messages';
import { isMobileNumber, MOBILE_COUNTRIES } from '../validation/rules';

export const SHOP_SETTINGS_MESSAGES = {
  name: 'Le nom de la boutique doit contenir entre 1 et 120 caractères',
  urlShopLength: 'Le nom d’url doit contenir entre 2 et 60 caractères',
  urlShopLetter: 'Le nom d’url doit contenir au moins une lettre',
  urlShopTaken: 'Ce nom d’url est déjà utilisé par une autre boutique',
  urlShopReserved: 'Ce nom d’url est réservé, choisissez-en un autre',
  businessType: 'Le type d’activité doit être vin, champagne, bière, spiritueux, cidre ou autre',
  text: (max: number) => `Doit contenir au maximum ${max} caractères`,
  country: 'Le pays doit être un code à deux lettres (ex. : FR)',
  importSource: 'L’intégration doit être Par défaut, Isagri, Vinistoria ou Baqio',
  module: 'Module inconnu',
  code: 'Le code doit contenir entre 1 et 50 caractères',
  codeTwice: 'Ce code figure déjà dans la grille',
  format: 'Choisissez un format de vos produits',
  typology: 'Choisissez une typologie de la boutique',
  paymentMethod: 'Choisissez un moyen de paiement de la liste',
  rows: (max: number) => `Une grille contient au maximum ${max} lignes`,
  saved: 'Paramètres enregistrés',
} as const;
const M = SHOP_SETTINGS_MESSAGES;

/** First segments of the app's own routes (spec §2): a shop named so would hide them (/{name} is the shop page). */
export const RESERVED_URL_NAMES = new Set([
  'admin',
  'api',
  'auth',
  'cart',
  'dashboard',
  'disable-tracking-notif',
  'get-api-key',
  'gs1',
  'help',
  'iframes',
  'roi-simulator',
  'shops',
  'tickets',
  'v1',
  'validate3ds',
]);

/** A trimmed text of at most `max` characters. */
export const boundedText = (max: number) =>
  z
    .string({ error: M.text(max) })
    .trim()
    .max(max, M.text(max));
/** An optional http(s) address with a host name (the social links). */
export const optionalUrl = z
  .string({ error: V.url })
  .trim()
  .max(300, M.text(300))
  .refine((v) => {
    if (v === '') return true;
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.');
    } catch {
      return false;
    }
  }, V.url);

export const OPENING_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const SOCIAL_NETWORKS = ['website', 'facebook', 'instagram', 'linkedin', 'x', 'youtube', 'tiktok'] as const;

/** settings.infos: what the shop page and the documents say about the shop besides its columns. */
export const shopInfosExtraSchema = z.object({
  phone: z
    .string({ error: V.telephone })
    .trim()
    .max(30, V.telephone)
    .refine((v) => v === '' || isMobileNumber(v, MOBILE_COUNTRIES), V.telephone),
  address: z.object({
    street: boundedText(200),
    complement: boundedText(200),
    zipcode: z
      .string({ error: V.postal })
      .trim()
      .refine((v) => v === '' || /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(v), V.postal),
    city: boundedText(100),
    country: z
      .string({ error: M.country })
      .trim()
      .refine((v) => v === '' || /^[A-Za-z]{2}$/.test(v), M.country)
      .transform((v) => v.toUpperCase()),
  }),
  // §5 description: longer than 10 and at most 5000 characters (empty: none)
  description: z
    .string({ error: V.description })
    .refine((v) => v.trim() === '' || (v.trim().length > 10 && v.length <= 5000), V.description)
    .transform((v) => v.trim()),
  socials: z.object(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, optionalUrl])) as Record<(typeof SOCIAL_NETWORKS)[number], typeof optionalUrl>,
  ),
  openingHours: z.object(
    Object.fromEntries(OPENING_DAYS.map((d) => [d, boundedText(100)])) as Record<
      (typeof OPENING_DAYS)[number],
      ReturnType<typeof boundedText>
    >,
  ),
});
export type ShopInfosExtra = z.output<typeof shopInfosExtraSchema>;

const businessTypes = BUSINESS_TYPES.map((b) => b.value) as [string, ...string[]];

/** PUT /v1/shops/me/settings/infos. */
export const shopInfosSchema = shopInfosExtraSchema.extend({
  name: z.string({ error: M.name }).trim().min(1, V.needed).max(120, M.name),
  // §5 link rule: letters, digits, underscore, percent, hyphen only
  urlShop: z
    .string({ error: V.link })
    .trim()
    .min(1, V.needed)
    .regex(/^[A-Za-z0-9_%-]+$/, V.link)
    .min(2, M.urlShopLength)
    .max(60, M.urlShopLength)
    .refine((v) => /[A-Za-z]/.test(v), M.urlShopLetter)
    .refine((v) => !RESERVED_URL_NAMES.has(v.toLowerCase()), M.urlShopReserved),
  businessType: z.enum(businessTypes as ['wine', 'champaign', 'beer', 'spirit', 'cider', 'other'], { error: M.businessType }),
  contactEmail: z.union(
    [
      z.literal(''),
      z
        .string()
        .trim()
        .max(254, V.email)
        .pipe(z.email({ error: V.email })),
    ],
    { error: V.email },
  ),
});
export type ShopInfosInput = z.input<typeof shopInfosSchema>;
export type ShopInfos = z.output<typeof shopInfosSchema>;

export const EMPTY_INFOS_EXTRA: ShopInfosExtra = {
  phone: '',
  address: { street: '', complement: '', zipcode: '', city: '', country: '' },
  description: '',
  socials: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, ''])) as ShopInfosExtra['socials'],
  openingHours: Object.fromEntries(OPENING_DAYS.map((d) => [d, ''])) as ShopInfosExtra['openingHours'],
};

// ---------------------------------------------------------------- integrations

const importSources = INTEGRATION_NAMES.map((i) => i.value) as unknown as ['default', 'isagri', 'vinistoria', 'baqio'];

/** PUT /v1/shops/me/settings/integrations: §1 module switches (those sent) and the §3 integration of the imports. */
export const shopIntegrationsSchema = z.object({
  modules: z.partialRecord(z.enum(SHOP_MODULES, { error: M.module }), z.boolean({ error: 'Doit être vrai ou faux' })),
  importSource: z.enum(importSources, { error: M.importSource }),
});
export type ShopIntegrationsInput = z.input<typeof shopIntegrationsSchema>;

// ---------------------------------------------------------------- matchGrids

export const MATCH_GRID_MAX_ROWS = 500;
const code = z.string({ error: M.code }).trim().min(1, M.code).max(50, M.code);
const label = boundedText(120).default('');
const positiveId = (message: string) => z.number({ error: message }).int(message).positive(message).max(2147483647, message);
const paymentMethods = PAYMENT_METHODS.map((p) => p.value) as unknown as [PaymentMethod, ...PaymentMethod[]];

/** A producer's code read once in a grid (case-insensitive). */
const uniqueCodes = <T extends { code: string }>(rows: T[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const k = r.code.toLowerCase();
    if (seen.has(k)) ctx.addIssue({ code: 'custom', message: M.codeTwice, path: [i, 'code'] });
    seen.add(k);
  });
};
/** A grid of rows: at most MATCH_GRID_MAX_ROWS, each code once. */
export const matchGrid = <S extends z.ZodObject<{ code: typeof code }>>(row: S) =>
  z
    .array(row, { error: M.rows(MATCH_GRID_MAX_ROWS) })
    .max(MATCH_GRID_MAX_ROWS, M.rows(MATCH_GRID_MAX_ROWS))
    .superRefine((rows, ctx) => uniqueCodes(rows as Array<{ code: string }>, ctx));

/** One row of each grid: a producer's code (and a label) ↔ this shop's format, typology or payment method. */
export const matchGridRows = {
  products: z.object({ code, label, formatId: positiveId(M.format) }),
  typologies: z.object({ code, label, typologyId: z.string({ error: M.typology }).trim().min(1, M.typology).max(100, M.typology) }),
  paymentMethods: z.object({ code, label, method: z.enum(paymentMethods, { error: M.paymentMethod }) }),
};

/** settings.matchGrids: a producer's codes (in imported files) ↔ this shop's formats, typologies, payment methods. */
export const matchGridsSchema = z.object({
  products: matchGrid(matchGridRows.products),
  typologies: matchGrid(matchGridRows.typologies),
  paymentMethods: matchGrid(matchGridRows.paymentMethods),
});
export type MatchGrids = z.output<typeof matchGridsSchema>;
