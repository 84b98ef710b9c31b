import type { PublicShop, Shop } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import type { ShopRow } from '../../platform/db/schema';
import { HttpError, MESSAGES, notFound } from '../../platform/errors';
import { findShopById, findShopByRef, findShopOwner, listShops, updateShop, type ShopPatch } from './shops.repository';
import { shopSettingsSchema, type UpdateShopBody } from './shops.schemas';

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

export async function toShopDto(db: Db, shop: ShopRow): Promise<Shop> {
  const owner = await findShopOwner(db, shop.id);
  return {
    id: shop.id,
    code: shop.code,
    name: shop.name,
    urlShop: shop.urlShop,
    businessType: shop.businessType,
    settings: shop.settings as Shop['settings'],
    typologies: shop.typologies as Shop['typologies'],
    integration: shop.integration as Shop['integration'],
    editedShop: shop.editedShop ?? null,
    contactEmail: shop.contactEmail ?? null,
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

/** Applies a validated partial update; settings/editedShop/integration are merged into the stored values. */
export async function updateShopFields(db: Db, shopId: number, body: UpdateShopBody): Promise<Shop & { message?: string }> {
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
    patch.editedShop = body.editedShop === null ? null : { ...(shop.editedShop ?? {}), ...body.editedShop };
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
  const dto = await toShopDto(db, updated);
  const silent = body.noMessage === true || body.message === false;
  return silent ? dto : { ...dto, message: MESSAGES.updated };
}

