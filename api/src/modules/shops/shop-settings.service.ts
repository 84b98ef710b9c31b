// The settings sections infos, integrations and matchGrids: read and saved on the shop row, the jsonb
// parts merged into `shops.settings` (every other key of settings kept).
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Shop } from 'shared-kernel/contracts';
import { SHOP_MODULES } from 'shared-kernel/contracts';
import { productFormats, productVintages, products } from '../catalog';
import { formatLabel } from '../stock';
import type { Db, DbOrTx } from '../../platform/db/client';
import { shops, type ShopRow } from '../../platform/db/tables';
import { HttpError, MESSAGES, notFound } from '../../platform/errors';
import { findShopById } from './shops.repository';
import { toShopDto } from './shops.service';
import {
  EMPTY_INFOS_EXTRA,
  SHOP_SETTINGS_MESSAGES as M,
  shopInfosExtraSchema,
  type MatchGrids,
  type ShopInfos,
  type ShopInfosExtra,
} from 'shared-kernel/contracts';
import { isUniqueViolation } from '../../platform/db/pg-errors';

type Settings = Record<string, unknown>;
const settingsOf = (shop: ShopRow): Settings => (shop.settings ?? {}) as Settings;

async function shopOf(db: DbOrTx, shopId: number): Promise<ShopRow> {
  const shop = await findShopById(db, shopId);
  if (!shop) throw notFound(MESSAGES.shopNotFound);
  return shop;
}

/** Merges `patch` into shops.settings in SQL (a concurrent save of another settings key is kept). */
async function mergeSettings(db: DbOrTx, shopId: number, patch: Settings, columns: Partial<ShopRow> = {}): Promise<ShopRow> {
  const [row] = await db
    .update(shops)
    .set({ ...columns, settings: sql`${shops.settings} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(eq(shops.id, shopId))
    .returning();
  if (!row) throw notFound(MESSAGES.shopNotFound);
  return row;
}

// ---------------------------------------------------------------- infos

/** The stored settings.infos, every missing or unreadable part as empty (never a crash on old data). */
function infosExtraOf(shop: ShopRow): ShopInfosExtra {
  const raw = (settingsOf(shop).infos ?? {}) as Partial<Record<keyof ShopInfosExtra, unknown>>;
  const part = <K extends keyof ShopInfosExtra>(k: K): ShopInfosExtra[K] => {
    const base = EMPTY_INFOS_EXTRA[k];
    const value = typeof base === 'object' && raw[k] && typeof raw[k] === 'object' ? { ...base, ...(raw[k] as object) } : (raw[k] ?? base);
    const parsed = shopInfosExtraSchema.shape[k].safeParse(value);
    return parsed.success ? (parsed.data as ShopInfosExtra[K]) : base;
  };
  return {
    phone: part('phone'),
    address: part('address'),
    description: part('description'),
    socials: part('socials'),
    openingHours: part('openingHours'),
  };
}

export type ShopInfosDto = Omit<ShopInfos, 'contactEmail'> & { contactEmail: string; code: string };

function infosDto(shop: ShopRow): ShopInfosDto {
  return {
    code: shop.code,
    name: shop.name,
    urlShop: shop.urlShop,
    businessType: shop.businessType,
    contactEmail: shop.contactEmail ?? '',
    ...infosExtraOf(shop),
  };
}

export async function getInfos(db: Db, shopId: number): Promise<ShopInfosDto> {
  return infosDto(await shopOf(db, shopId));
}

/** The url name is the shop's public address (/{name}, read case-insensitively, like a public code): unique. */
async function assertUrlShopFree(db: DbOrTx, shopId: number, urlShop: string) {
  const [taken] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(ne(shops.id, shopId), sql`(lower(${shops.urlShop}) = lower(${urlShop}) or upper(${shops.code}) = upper(${urlShop}))`))
    .limit(1);
  if (taken) throw new HttpError(409, M.urlShopTaken, 'urlShop');
}

export async function saveInfos(db: Db, shopId: number, body: ShopInfos): Promise<ShopInfosDto & { message: string; shop: Shop }> {
  await shopOf(db, shopId);
  await assertUrlShopFree(db, shopId, body.urlShop);
  const { name, urlShop, businessType, contactEmail, ...extra } = body;
  let row: ShopRow;
  try {
    row = await mergeSettings(db, shopId, { infos: extra }, { name, urlShop, businessType, contactEmail: contactEmail || null });
  } catch (err) {
    // two shops claiming the same name at once: the unique index decides
    if (isUniqueViolation(err)) throw new HttpError(409, M.urlShopTaken, 'urlShop');
    throw err;
  }
  return { ...infosDto(row), shop: await toShopDto(db, row), message: M.saved };
}

// ---------------------------------------------------------------- integrations

export interface ShopIntegrationsDto {
  modules: Record<(typeof SHOP_MODULES)[number], boolean>;
  importSource: 'default' | 'isagri' | 'vinistoria' | 'baqio';
}

function integrationsDto(shop: ShopRow): ShopIntegrationsDto {
  const integration = (shop.integration ?? {}) as Record<string, { active?: unknown } | undefined>;
  const stored = (settingsOf(shop).integrations ?? {}) as { importSource?: unknown };
  const importSource = ['default', 'isagri', 'vinistoria', 'baqio'].includes(String(stored.importSource))
    ? (stored.importSource as ShopIntegrationsDto['importSource'])
    : 'default';
  return {
    modules: Object.fromEntries(SHOP_MODULES.map((m) => [m, integration[m]?.active === true])) as ShopIntegrationsDto['modules'],
    importSource,
  };
}

export async function getIntegrations(db: Db, shopId: number): Promise<ShopIntegrationsDto> {
  return integrationsDto(await shopOf(db, shopId));
}

/** Saves the switches sent (each module's other keys kept) and the import integration; answers the fresh shop too. */
export async function saveIntegrations(
  db: Db,
  shopId: number,
  body: { modules: Partial<Record<string, boolean>>; importSource: ShopIntegrationsDto['importSource'] },
): Promise<ShopIntegrationsDto & { message: string; shop: Shop }> {
  const row = await db.transaction(async (tx) => {
    const [shop] = await tx.select().from(shops).where(eq(shops.id, shopId)).for('update');
    if (!shop) throw notFound(MESSAGES.shopNotFound);
    const integration = { ...(shop.integration ?? {}) } as ShopRow['integration'];
    for (const [m, active] of Object.entries(body.modules)) {
      if (typeof active === 'boolean') integration[m] = { ...(integration[m] ?? {}), active };
    }
    return mergeSettings(tx, shopId, { integrations: { importSource: body.importSource } }, { integration });
  });
  return { ...integrationsDto(row), shop: await toShopDto(db, row), message: M.saved };
}

// ---------------------------------------------------------------- matchGrids

export type MatchGridsDto = {
  products: Array<MatchGrids['products'][number] & { formatLabel: string | null }>;
  typologies: MatchGrids['typologies'];
  paymentMethods: MatchGrids['paymentMethods'];
};

const EMPTY_GRIDS: MatchGrids = { products: [], typologies: [], paymentMethods: [] };

function storedGrids(shop: ShopRow): MatchGrids {
  const raw = (settingsOf(shop).matchGrids ?? {}) as Partial<Record<keyof MatchGrids, unknown>>;
  const list = <K extends keyof MatchGrids>(k: K): MatchGrids[K] => (Array.isArray(raw[k]) ? (raw[k] as MatchGrids[K]) : EMPTY_GRIDS[k]);
  return { products: list('products'), typologies: list('typologies'), paymentMethods: list('paymentMethods') };
}

/** The labels of the shop's formats among `ids` ('Product – vintage – 75 cl'). */
async function formatLabels(db: DbOrTx, shopId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: productFormats.id,
      productName: products.name,
      vintageName: productVintages.name,
      unity: productFormats.unity,
      unityValue: productFormats.unityValue,
      nameInShop: productFormats.nameInShop,
    })
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId))
    .where(and(eq(productFormats.shopId, shopId), inArray(productFormats.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, formatLabel(r)]));
}

async function gridsDto(db: DbOrTx, shop: ShopRow): Promise<MatchGridsDto> {
  const grids = storedGrids(shop);
  const labels = await formatLabels(
    db,
    shop.id,
    grids.products.map((p) => p.formatId),
  );
  return { ...grids, products: grids.products.map((p) => ({ ...p, formatLabel: labels.get(p.formatId) ?? null })) };
}

export async function getMatchGrids(db: Db, shopId: number): Promise<MatchGridsDto> {
  return gridsDto(db, await shopOf(db, shopId));
}

/** Every format and typology named must be the shop's (400 naming the row's field). */
export async function saveMatchGrids(db: Db, shopId: number, body: MatchGrids): Promise<MatchGridsDto & { message: string }> {
  const shop = await shopOf(db, shopId);
  const labels = await formatLabels(
    db,
    shopId,
    body.products.map((p) => p.formatId),
  );
  const badFormat = body.products.findIndex((p) => !labels.has(p.formatId));
  if (badFormat >= 0) throw new HttpError(400, M.format, `products.${badFormat}.formatId`);
  const typologyIds = new Set(((shop.typologies ?? []) as Array<{ id?: unknown }>).map((t) => String(t.id)));
  const badTypology = body.typologies.findIndex((t) => !typologyIds.has(t.typologyId));
  if (badTypology >= 0) throw new HttpError(400, M.typology, `typologies.${badTypology}.typologyId`);
  const row = await mergeSettings(db, shopId, { matchGrids: body });
  return { ...(await gridsDto(db, row)), message: M.saved };
}
