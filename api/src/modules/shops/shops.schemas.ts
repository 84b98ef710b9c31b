import { z } from 'zod';
import { intQueryParam } from '../../platform/list-query';
import { shopIntegrationSchema, shopModuleSchema, shopSchema } from 'shared-kernel/contracts';
import { MESSAGES } from '../../platform/errors';

/** Public view of a shop (GET /v1/shops/{id}, GET /v1/shops). */
export const publicShopSchema = shopSchema.pick({ id: true, code: true, name: true, urlShop: true, businessType: true, editedShop: true });

export const shopSettingsSchema = shopSchema.shape.settings;

export const SHOP_EDITOR_MESSAGES = {
  color: 'La couleur doit être une couleur hexadécimale (ex. : #7b1e3a)',
  banner: 'La bannière doit être une adresse https:// ou une image PNG, JPEG ou WebP',
  logo: 'Le logo doit être une adresse https:// ou une image PNG, JPEG ou WebP',
  bannerSize: 'La bannière ne doit pas dépasser 1 Mo',
  logoSize: 'Le logo ne doit pas dépasser 1 Mo',
  headerColor: "La couleur de l'en-tête doit être une couleur hexadécimale (ex. : #7b1e3a)",
  font: 'La police ne doit pas dépasser 100 caractères',
  elevation: "L'élévation doit être un nombre entier entre 0 et 24",
  logoPlacement: 'La position du logo doit être start, center ou left',
  justifyContent: "L'alignement des onglets doit être start, center, end ou space-between",
  bool: 'Doit être vrai ou faux',
  tabName: "Le nom de l'onglet doit contenir entre 1 et 50 caractères",
  tabDepth: 'Un sous-onglet ne peut pas avoir de sous-onglets (deux niveaux au maximum)',
  tabText: "Le texte de l'onglet doit contenir entre 1 et 10 000 caractères",
  tabContent: "Le contenu de l'onglet doit être products ou text",
  tabFilter: "Le filtre de l'onglet n'est pas valide",
  tabCount: 'Une boutique ne peut pas avoir plus de 50 onglets',
  tabsList: 'Les onglets doivent être une liste',
  titleProducts: 'Le titre de la liste des produits ne doit pas dépasser 120 caractères',
  vatRate: 'Le taux de TVA doit être un nombre entre 0 et 100',
} as const;
const M = SHOP_EDITOR_MESSAGES;

/** Maximum decoded size of an uploaded image. */
export const IMAGE_MAX_BYTES = 1024 * 1024;
const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const DATA_URL = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/]+={0,2})$/;
/** An image already stored by this api (GET /v1/shops/{id}/images/{kind}). */
export const STORED_IMAGE = /^\/v1\/shops\/\d{1,9}\/images\/(banner|logo)(\?v=[\w-]{1,40})?$/;

function decodedSize(b64: string): number {
  return Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
}

/** Magic bytes of the declared type: a renamed file is refused. */
export function imageMatchesType(type: string, b64: string): boolean {
  const head = Buffer.from(b64.slice(0, 24), 'base64');
  if (type === 'png') return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (type === 'jpeg') return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  return head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP';
}

const imageField = (bad: string, tooBig: string) =>
  z
    .string({ error: bad })
    .trim()
    .max(2_000_000, tooBig)
    .superRefine((v, ctx) => {
      if (v === '') return;
      if (STORED_IMAGE.test(v)) return;
      const m = DATA_URL.exec(v);
      if (m) {
        if (decodedSize(m[2]) > IMAGE_MAX_BYTES) ctx.addIssue({ code: 'custom', message: tooBig });
        else if (!imageMatchesType(m[1], m[2])) ctx.addIssue({ code: 'custom', message: bad });
        return;
      }
      let url: URL | null = null;
      try {
        url = new URL(v);
      } catch {
        url = null;
      }
      if (!url || url.protocol !== 'https:' || !url.hostname.includes('.') || v.length > 2000)
        ctx.addIssue({ code: 'custom', message: bad });
    })
    .transform((v) => (v === '' ? null : v));

const editedShopSchema = z.object({
  color: z.string({ error: M.color }).trim().regex(HEX, M.color).nullable().optional(),
  banner: imageField(M.banner, M.bannerSize).nullable().optional(),
  logo: imageField(M.logo, M.logoSize).nullable().optional(),
});

const bool = z.boolean({ error: M.bool });
/** Spec §3 Header style. */
export const headerStyleSchema = z
  .object({
    shadow: bool,
    elevation: z.number({ error: M.elevation }).int(M.elevation).min(0, M.elevation).max(24, M.elevation),
    color: z.string({ error: M.headerColor }).regex(HEX, M.headerColor),
    dark: bool,
    border: bool,
    font: z.string({ error: M.font }).max(100, M.font),
    logoPlacement: z.enum(['start', 'center', 'left'], { error: M.logoPlacement }),
    justifyContent: z.enum(['start', 'center', 'end', 'space-between'], { error: M.justifyContent }),
    underline: bool,
    isUppercase: bool,
    hideLogo: bool,
    logoShadow: bool,
  })
  .partial()
  .strip();

const filterValues = z.array(z.string({ error: M.tabFilter }).max(100, M.tabFilter), { error: M.tabFilter }).max(50, M.tabFilter);
const tabContentSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('products'),
      filter: z
        .strictObject(
          {
            gamme: filterValues,
            type: filterValues,
            color: filterValues,
            vintage: filterValues,
            productType: z.array(z.enum(['bottle', 'accessory', 'box'], { error: M.tabFilter })).max(3, M.tabFilter),
          },
          { error: M.tabFilter },
        )
        .partial()
        .optional(),
    }),
    z.object({ kind: z.literal('text'), text: z.string({ error: M.tabText }).trim().min(1, M.tabText).max(10_000, M.tabText) }),
  ],
  { error: M.tabContent },
);

const tabBase = {
  id: z.number().int().positive().optional(),
  name: z.string({ error: M.tabName }).trim().min(1, M.tabName).max(50, M.tabName),
  exists: bool.default(true),
  content: tabContentSchema,
};
const childTabSchema = z.object({
  ...tabBase,
  children: z.array(z.unknown()).max(0, M.tabDepth).optional(),
});
export const tabInputSchema = z.object({
  ...tabBase,
  children: z.array(childTabSchema, { error: M.tabsList }).max(50, M.tabCount).default([]),
});
export const tabsSchema = z
  .array(tabInputSchema, { error: M.tabsList })
  .max(50, M.tabCount)
  .refine((tabs) => tabs.reduce((n, t) => n + 1 + t.children.length, 0) <= 50, { message: M.tabCount });
export type TabInput = z.infer<typeof tabInputSchema>;

/** PUT /v1/shops/me body: partial; unknown keys are ignored; `noMessage` suppresses the confirmation message. */
export const updateShopSchema = z
  .object({
    name: z.string().trim().min(1, MESSAGES.emptyField).max(120),
    contactEmail: z.union([z.literal('').transform(() => null), z.email('Le mail est incorrect').max(254)]).nullable(),
    // every free text bounded; unknown keys dropped (an anonymous visitor downloads what is stored here)
    settings: shopSettingsSchema
      .extend({
        titleProducts: z.string({ error: M.titleProducts }).trim().max(120, M.titleProducts),
        vatRate: z.object({
          standard: z.number({ error: M.vatRate }).min(0, M.vatRate).max(100, M.vatRate),
          medium: z.number({ error: M.vatRate }).min(0, M.vatRate).max(100, M.vatRate),
          reduced: z.number({ error: M.vatRate }).min(0, M.vatRate).max(100, M.vatRate),
        }),
      })
      .partial(),
    editedShop: editedShopSchema.nullable(),
    headerStyle: headerStyleSchema,
    tabs: tabsSchema,
    // module switches only: any other key of a module is dropped
    integration: z.partialRecord(shopModuleSchema, z.object({ active: z.boolean() })),
    noMessage: z.boolean(),
    message: z.boolean(),
  })
  .partial();
export type UpdateShopBody = z.infer<typeof updateShopSchema>;

export const listShopsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: intQueryParam('limit', 1, 100, 50),
  offset: intQueryParam('offset', 0, 100000, 0),
});

export const shopUpdateResponseSchema = shopSchema.extend({ message: z.string().optional() });
export { shopIntegrationSchema };
