/**
 * Products as a viewer sees them: their vintages and formats with the price of the viewer's typology and the
 * promotions running now, none of either when the shop reserves its prices to its members and the viewer is not one.
 */
import type { CatalogFormat, CatalogProduct, CatalogPromotion, CatalogVintage } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import type { ShopRow } from '../../platform/db/tables';
import { membershipOf, type Typology, type Viewer } from './catalog.access';
import * as repo from './catalog.repository';

/** When the answer stops being true by itself: the next start or end of a promotion it read (epoch ms). */
export interface Validity {
  until: number;
}

/** The public pages of these shops (whether they reserve their prices to members), by shop id. */
export async function pagesOf(db: Db, shopRows: ShopRow[]): Promise<Map<number, repo.PublicPageRow>> {
  const rows = await repo.findPublicPages(
    db,
    shopRows.map((s) => s.id),
  );
  return new Map(rows.map((r) => [r.shopId, r]));
}

export async function hydrate(
  db: Db,
  rows: repo.ProductRow[],
  shopRows: ShopRow[],
  typologies: Map<number, Typology>,
  viewer: Viewer,
  pages: Map<number, repo.PublicPageRow>,
  validity?: Validity,
): Promise<CatalogProduct[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [vints, fmts] = await repo.findVintagesAndFormats(db, ids);
  const fids = fmts.map((f) => f.id);
  const [prices, promos] = fids.length ? await repo.findPricesAndPromotions(db, fids) : [[], []];
  const now = Date.now();
  if (validity) {
    // a promotion that starts or ends later changes these prices then: the answer is true until the first of those
    for (const x of promos) {
      // active from startsAt, through endsAt
      for (const t of [x.startsAt?.getTime(), x.endsAt ? x.endsAt.getTime() + 1 : undefined])
        if (t !== undefined && t > now && t < validity.until) validity.until = t;
    }
  }
  return rows.map((p) => {
    const typ = typologies.get(p.shopId)!;
    const hidePrices = !!pages.get(p.shopId)?.pricesReservedToMembers && !membershipOf(viewer, p.shopId);
    const vintages: CatalogVintage[] = vints
      .filter((v) => v.productId === p.id)
      .map((v) => ({
        id: v.id,
        name: v.name,
        alcohol: v.alcohol,
        lot: v.lot,
        legal: v.legal ?? {},
        advanced: { alcool: { value: v.alcohol } },
        nutrition: v.nutrition ?? null,
      }));
    const formats: CatalogFormat[] = fmts
      .filter((f) => f.productId === p.id)
      .map((f) => {
        const pr = prices.find((x) => x.formatId === f.id && x.typology === typ.id && x.visible);
        const fp: CatalogPromotion[] = promos
          .filter((x) => x.formatId === f.id && (!x.startsAt || x.startsAt.getTime() <= now) && (!x.endsAt || x.endsAt.getTime() >= now))
          .map((x) => ({ id: x.id, name: x.name, type: x.type, amount: x.amount, activation: x.activation, threshold: x.threshold }));
        return {
          id: f.id,
          unity: f.unity,
          unityValue: f.unityValue,
          eq75: f.eq75,
          container: f.container,
          formatType: f.formatType,
          nameInShop: f.nameInShop,
          showUnityValue: f.showUnityValue,
          packing: f.packing,
          packingQuantity: f.packingQuantity,
          weight: f.weight,
          gtin: f.gtin,
          stock: f.stock,
          minPurchase: f.minPurchase,
          maxPurchase: f.maxPurchase,
          price:
            hidePrices || !pr
              ? null
              : {
                  typology: typ.id,
                  typologyName: typ.name,
                  ttc: typ.ttc !== false,
                  priceCents: pr.priceCents,
                  discountPrice: pr.discountPrice ?? {},
                  discountAdd: pr.discountAdd ?? {},
                },
          promotions: hidePrices ? [] : fp,
        };
      });
    return {
      id: p.id,
      shopId: p.shopId,
      productType: p.productType,
      name: p.name,
      precision: p.precision,
      description: p.description,
      type: p.type,
      color: p.color,
      gamme: p.gamme,
      status: p.status,
      vatType: p.vatType,
      labels: p.labels ?? [],
      visuals: p.visuals ?? [],
      vintages,
      formats,
      ...(p.productType === 'box' ? { builder: p.builder ?? null } : {}),
    };
  });
}
