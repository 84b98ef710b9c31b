/**
 * A shop's public page (`GET /shops/by-name/:name`): its identity, infos, tabs and what the viewer is to it (member,
 * typology, price grid); a suspended shop shows only why. An anonymous visitor's comes from the answer cache.
 */
import type { PublicShopPage, ShopTab } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import type { ShopRow } from '../../platform/db/tables';
import { MESSAGES, notFound } from '../../platform/errors';
import { jsonAnswer, type JsonAnswer } from '../../platform/json-answer';
import { assertShopOpen } from '../../platform/routes';
import { answerKey, membershipOf, typologyFor, type Viewer } from './catalog.access';
import { catalogCacheOf, type CacheFill } from './catalog.cache';
import { priceGridState } from './catalog.price-grid';
import * as repo from './catalog.repository';
import { publicInfosOf, savedDescription } from './catalog.shop-infos';

/** The shop page answer; an anonymous visitor's comes from the answer cache (signed-in ones carry their own state). */
export async function shopPageAnswer(db: Db, viewer: Viewer, ref: string, url?: string): Promise<JsonAnswer> {
  const fill = async (): Promise<CacheFill<JsonAnswer>> => {
    const page = await getShopPage(db, viewer, ref);
    const answer = jsonAnswer(page);
    return { value: answer, shops: [page.id], bytes: answer.body.length + 256 };
  };
  const cache = viewer.user || viewer.memberships.length ? null : catalogCacheOf(db);
  return cache
    ? cache.get(
        answerKey(viewer, url, () => `shop|${ref.trim().toLowerCase()}`),
        fill,
      )
    : (await fill()).value;
}

export async function getShopPage(db: Db, viewer: Viewer, ref: string): Promise<PublicShopPage> {
  const shop = await repo.findShopRef(db, ref);
  if (!shop) throw notFound(MESSAGES.shopNotFound);
  if (shop.suspendedAt) return suspendedPage(shop);
  // closed for everyone, its staff included: the owner sees what their visitors see
  assertShopOpen(shop);
  const [[page], tabRows] = await repo.findPageAndTabs(db, shop.id);
  const node = (t: repo.ShopTabRow): ShopTab => ({
    id: t.id,
    name: t.name,
    order: t.order,
    exists: t.exists,
    content: t.content,
    children: tabRows.filter((c) => c.parentId === t.id).map(node),
  });
  const m = membershipOf(viewer, shop.id);
  const typ = typologyFor(shop, viewer);
  const priceGrid = await priceGridState(db, viewer, shop);
  return {
    id: shop.id,
    code: shop.code,
    name: shop.name,
    urlShop: shop.urlShop,
    businessType: shop.businessType,
    editedShop: shop.editedShop ?? null,
    // Settings › Informations is the source; the older page description (seed) while the owner has written none
    description: savedDescription(shop.settings) || page?.description || null,
    infos: publicInfosOf(shop.settings),
    legalNotice: page?.legalNotice ?? null,
    headerStyle: page?.headerStyle ?? {},
    pricesReservedToMembers: page?.pricesReservedToMembers ?? false,
    titleProducts: typeof shop.settings?.titleProducts === 'string' ? shop.settings.titleProducts : null,
    tabs: tabRows.filter((t) => t.parentId == null).map(node),
    viewer: { member: !!m, kind: m?.kind ?? null, typology: typ.id, typologyName: typ.name, ttc: typ.ttc !== false, priceGrid },
  };
}

/** A suspended shop's page: its name and look, no tab, nothing to sell; the page says why. */
function suspendedPage(shop: ShopRow): PublicShopPage {
  return {
    id: shop.id,
    code: shop.code,
    name: shop.name,
    urlShop: shop.urlShop,
    businessType: shop.businessType,
    editedShop: shop.editedShop ?? null,
    description: null,
    legalNotice: null,
    headerStyle: {},
    pricesReservedToMembers: false,
    titleProducts: null,
    tabs: [],
    suspended: true,
    viewer: { member: false, kind: null, typology: '', typologyName: '', ttc: true },
  };
}
