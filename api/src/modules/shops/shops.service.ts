import type { HeaderStyle, PublicShop, Shop, ShopCustomization, ShopTab } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import type { ShopRow } from '../../platform/db/tables';
import { HttpError, MESSAGES, notFound } from '../../platform/errors';
import { findShopById, findShopByRef, findShopOwner, listShops, updateShop, type ShopPatch } from './shops.repository';
import { DATA_URL, SHOP_EDITOR_MESSAGES, STORED_IMAGE, shopSettingsSchema, type UpdateShopBody } from './shops.schemas';
import { deleteImages, readAllTabs, readHeaderStyle, readImage, replaceTabs, saveHeaderStyle, saveImage } from './shop-page.repository';

export function toPublicShop(shop: ShopRow): PublicShop {
  return {
    id: shop.id,
    code: shop.code,
    name: shop.name,
    urlShop: shop.urlShop,
    businessType: shop.businessType,
    editedShop: shop.editedShop ?? null,
  };
}

/** The settings every member's session gets: without the import grids and the payment keys (their own endpoints). */
function withoutPrivate(settings: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!settings || !('matchGrids' in settings || 'paymentKeys' in settings)) return settings;
  const { matchGrids: _grids, paymentKeys: _keys, ...rest } = settings;
  return rest;
}

export async function toShopDto(db: Db, shop: ShopRow): Promise<Shop> {
  const owner = await findShopOwner(db, shop.id);
  return {
    id: shop.id,
    code: shop.code,
    name: shop.name,
    urlShop: shop.urlShop,
    businessType: shop.businessType,
    // the correspondence grids of the imports have their own endpoint (GET /v1/shops/me/settings/match-grids)
    settings: withoutPrivate(shop.settings) as Shop['settings'],
    typologies: shop.typologies as Shop['typologies'],
    integration: shop.integration as Shop['integration'],
    editedShop: shop.editedShop ?? null,
    contactEmail: shop.contactEmail ?? null,
    ...(shop.suspendedAt ? { suspended: true } : {}),
    ...(owner ? { owner: { id: owner.id, username: owner.username, email: owner.email, phone: owner.phone ?? null } } : {}),
  };
}

export async function getShopDto(db: Db, shopId: number): Promise<Shop> {
  const shop = await findShopById(db, shopId);
  if (!shop) throw notFound(MESSAGES.shopNotFound);
  return toShopDto(db, shop);
}

export async function getPublicShop(db: Db, ref: string): Promise<PublicShop> {
  const shop = await findShopByRef(db, ref);
  if (!shop) throw notFound(MESSAGES.shopNotFound);
  return toPublicShop(shop);
}

export async function listPublicShops(db: Db, q: { search?: string; limit: number; offset: number }): Promise<PublicShop[]> {
  return (await listShops(db, { ...q, search: q.search || undefined })).map(toPublicShop);
}

/** GET /v1/shops/me/page: what the shop editor edits. */
export async function getShopCustomization(db: Db, shopId: number): Promise<ShopCustomization> {
  const shop = await findShopById(db, shopId);
  if (!shop) throw notFound(MESSAGES.shopNotFound);
  const [headerStyle, tabs] = await Promise.all([readHeaderStyle(db, shopId), readAllTabs(db, shopId)]);
  return { editedShop: shop.editedShop ?? null, headerStyle, tabs };
}

/** An uploaded image of a shop, decoded (GET /v1/shops/{id}/images/{kind}). */
export async function getShopImage(db: Db, ref: string, kind: string): Promise<{ type: string; bytes: Buffer; version: string }> {
  if (kind !== 'banner' && kind !== 'logo') throw notFound('Image introuvable');
  const shop = await findShopByRef(db, ref);
  if (!shop) throw notFound(MESSAGES.shopNotFound);
  const row = await readImage(db, shop.id, kind);
  const m = row ? DATA_URL.exec(row.dataUrl) : null;
  if (!row || !m) throw notFound('Image introuvable');
  return { type: `image/${m[1]}`, bytes: Buffer.from(m[2], 'base64'), version: row.version };
}

/** banner/logo: an uploaded data URL is stored apart and replaced by the path that serves it; clearing deletes it. */
async function resolveImages(
  db: Db,
  shopId: number,
  edited: NonNullable<UpdateShopBody['editedShop']>,
): Promise<Record<string, string | null | undefined>> {
  const out: Record<string, string | null | undefined> = { ...edited };
  const cleared: Array<'banner' | 'logo'> = [];
  for (const kind of ['banner', 'logo'] as const) {
    const v = edited[kind];
    if (v === undefined) continue;
    if (v === null || (!v.startsWith('data:') && !v.startsWith('/v1/'))) {
      cleared.push(kind);
      continue;
    }
    if (v.startsWith('/v1/')) {
      const m = STORED_IMAGE.exec(v);
      if (!m || m[1] !== kind || !v.startsWith(`/v1/shops/${shopId}/`))
        throw new HttpError(400, SHOP_EDITOR_MESSAGES[kind], `editedShop.${kind}`);
      continue;
    }
    out[kind] = await saveImage(db, shopId, kind, v);
  }
  await deleteImages(db, shopId, cleared);
  return out;
}

/** Applies a validated partial update; settings/editedShop/integration are merged into the stored values. */
export async function updateShopFields(
  db: Db,
  shopId: number,
  body: UpdateShopBody,
): Promise<Shop & { message?: string; headerStyle?: HeaderStyle; tabs?: ShopTab[] }> {
  const shop = await findShopById(db, shopId);
  if (!shop) throw notFound(MESSAGES.shopNotFound);
  const patch: ShopPatch = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.contactEmail !== undefined) patch.contactEmail = body.contactEmail;
  if (body.settings !== undefined) {
    const merged = { ...shop.settings, ...body.settings };
    const parsed = shopSettingsSchema.safeParse(merged);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new HttpError(400, issue?.message ?? 'Requête invalide', ['settings', ...(issue?.path ?? []).map(String)].join('.'));
    }
    patch.settings = { ...shop.settings, ...parsed.data };
  }
  if (body.editedShop !== undefined) {
    if (body.editedShop === null) await deleteImages(db, shopId, ['banner', 'logo']);
    patch.editedShop =
      body.editedShop === null ? null : { ...(shop.editedShop ?? {}), ...(await resolveImages(db, shopId, body.editedShop)) };
  }
  const extra: { headerStyle?: HeaderStyle; tabs?: ShopTab[] } = {};
  if (body.headerStyle !== undefined) extra.headerStyle = await saveHeaderStyle(db, shopId, body.headerStyle);
  if (body.tabs !== undefined) {
    await replaceTabs(db, shopId, body.tabs);
    extra.tabs = await readAllTabs(db, shopId);
  }
  if (body.integration !== undefined) {
    const next = { ...shop.integration };
    for (const [mod, value] of Object.entries(body.integration)) {
      if (value) next[mod] = { ...(next[mod] ?? {}), ...value };
    }
    patch.integration = next;
  }
  const updated = Object.keys(patch).length ? await updateShop(db, shopId, patch) : shop;
  if (!updated) throw notFound(MESSAGES.shopNotFound);
  const dto = { ...(await toShopDto(db, updated)), ...extra };
  const silent = body.noMessage === true || body.message === false;
  return silent ? dto : { ...dto, message: MESSAGES.updated };
}

/** The shops service (one object over the functions above, bound to the database). */
export function createShopsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    getShop: (shopId: number) => getShopDto(db, shopId),
    getPublicShop: (ref: string) => getPublicShop(db, ref),
    listPublicShops: (q: { search?: string; limit: number; offset: number }) => listPublicShops(db, q),
    getCustomization: (shopId: number) => getShopCustomization(db, shopId),
    getImage: (ref: string, kind: string) => getShopImage(db, ref, kind),
    update: (shopId: number, body: UpdateShopBody) => updateShopFields(db, shopId, body),
  };
}
