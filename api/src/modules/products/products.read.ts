/**
 * Reading the back-office catalogue: a page of the shop's products (kept like the public catalogue's answers), the
 * whole editable product, and the formats a box may hold.
 */
import {
  formatShortLabel,
  type Paginated,
  type ProductAdminDetail,
  type ProductAdminFormat,
  type ProductAdminFormatOption,
  type ProductAdminRow,
  type ProductAdminVintage,
} from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { paginated } from '../../platform/list-query';
import { catalogCacheOf, typologyFor } from '../catalog';
import { iso, notFound, typologiesOf, type ProductsDeps } from './products.model';
import * as repo from './products.repository';
import type { ProductsQuery } from './products.repository';

/** The whole editable product: vintages, formats with their prices per typology and promotions, box items, what is used. */
export async function detail(tx: DbOrTx, shopId: number, id: number): Promise<ProductAdminDetail> {
  const p = await repo.findProduct(tx, shopId, id);
  if (!p) throw notFound();
  const [shop, kids, used, parts] = await Promise.all([
    repo.findShop(tx, shopId),
    repo.loadChildren(tx, id),
    repo.usedRows(tx, id),
    p.boxItems.length
      ? repo.shopFormats(
          tx,
          shopId,
          p.boxItems.map((b) => b.formatId),
        )
      : Promise.resolve([]),
  ]);
  const vintages: ProductAdminVintage[] = kids.vintages.map((v) => ({
    id: v.id,
    name: v.name,
    alcohol: v.alcohol,
    lot: v.lot,
    legal: {
      code: v.legal.code ?? null,
      dutyType: v.legal.dutyType ?? null,
      customTaxName: v.legal.customTaxName ?? null,
      customTaxAmountPerHL: v.legal.customTaxAmountPerHL ?? null,
      customTaxFamilies: v.legal.customTaxFamilies ?? [],
      customTaxVat: v.legal.customTaxVat ?? false,
    },
    nutrition: v.nutrition ? { ...v.nutrition, allergens: v.nutrition.allergens ?? [] } : null,
    used: used.vintages.has(v.id),
  }));
  const formats: ProductAdminFormat[] = kids.formats.map((f) => ({
    id: f.id,
    unity: f.unity as ProductAdminFormat['unity'],
    unityValue: f.unityValue ?? 0,
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
    alertThreshold: f.alertThreshold,
    costCents: f.costCents,
    visuals: f.visuals ?? [],
    wrapping: f.wrapping ?? null,
    prices: kids.prices
      .filter((x) => x.formatId === f.id)
      .map((x) => {
        const qs = [...new Set([...Object.keys(x.discountPrice ?? {}), ...Object.keys(x.discountAdd ?? {})])]
          .map(Number)
          .sort((a, b) => a - b);
        return {
          typology: x.typology,
          visible: x.visible,
          priceCents: x.priceCents,
          tiers: qs.map((q) => ({ quantity: q, priceCents: x.discountPrice?.[q] ?? null, add: x.discountAdd?.[q] ?? null })),
        };
      }),
    promotions: kids.promos
      .filter((x) => x.formatId === f.id)
      .map((x) => ({
        id: x.id,
        name: x.name,
        type: x.type,
        amount: x.amount,
        activation: x.activation,
        threshold: x.threshold,
        active: x.active,
        startsAt: iso(x.startsAt),
        endsAt: iso(x.endsAt),
      })),
    used: used.formats.has(f.id),
  }));
  return {
    id: p.id,
    productType: p.productType,
    name: p.name,
    precision: p.precision,
    description: p.description,
    type: p.type,
    color: p.color,
    gamme: p.gamme,
    labels: p.labels ?? [],
    vatType: p.vatType,
    status: p.status,
    visuals: p.visuals ?? [],
    boxItems: p.boxItems.map((b) => {
      const part = parts.find((x) => x.formatId === b.formatId);
      return {
        ...b,
        label: part ? `${part.name} – ${part.nameInShop ?? formatShortLabel(part.unity, part.unityValue)}` : `#${b.formatId}`,
      };
    }),
    vintages,
    formats,
    archived: p.archivedAt !== null,
    archivedAt: iso(p.archivedAt),
    hasOrders: used.product,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    typologies: typologiesOf(shop),
  };
}

async function listNow({ db }: Pick<ProductsDeps, 'db'>, shopId: number, q: ProductsQuery): Promise<Paginated<ProductAdminRow>> {
  const shop = await repo.findShop(db, shopId);
  // the shop's default typology: the public one (what an anonymous visitor sees), else the first
  const typ = typologyFor(shop, { memberships: [] });
  const { rows, total } = await repo.listProducts(db, shopId, typ.id, q);
  return paginated(
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      productType: r.productType,
      type: r.type,
      color: r.color,
      gamme: r.gamme,
      status: r.status,
      labels: r.labels ?? [],
      vintages: r.vintages ?? [],
      formats: [...new Set((r.formats ?? []).map(([unity, value]) => formatShortLabel(unity, value)))],
      price: r.priceCents === null ? null : { priceCents: r.priceCents, ttc: typ.ttc !== false, typology: typ.id },
      stock: (r.formats ?? []).reduce((s, f) => s + Number(f[2] ?? 0), 0),
      visual: r.visuals?.[0] ?? (r.formats ?? []).find((f) => f[3])?.[3] ?? null,
      archived: r.archivedAt !== null,
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    total,
    q,
  );
}

export async function list(deps: Pick<ProductsDeps, 'db'>, shopId: number, q: ProductsQuery): Promise<Paginated<ProductAdminRow>> {
  // read only from catalogue tables (the shop, products, vintages, formats and their stock, prices): kept like the
  // public catalogue's answers until the shop's catalogue changes (catalog.cache.ts)
  const cache = catalogCacheOf(deps.db);
  if (!cache) return listNow(deps, shopId, q);
  return cache.get(`bo-products|${shopId}|${JSON.stringify(q)}`, async () => {
    const value = await listNow(deps, shopId, q);
    return { value, shops: [shopId], bytes: JSON.stringify(value).length * 2 };
  });
}

/** The formats of the shop a box may hold (not a box's own). */
export async function formatOptions({ db }: Pick<ProductsDeps, 'db'>, shopId: number): Promise<ProductAdminFormatOption[]> {
  const rows = await repo.shopFormats(db, shopId, null);
  return rows
    .filter((r) => r.productType !== 'box')
    .map((r) => ({
      formatId: r.formatId,
      productId: r.productId,
      label: `${r.name} – ${r.nameInShop ?? formatShortLabel(r.unity, r.unityValue)}`,
    }));
}
