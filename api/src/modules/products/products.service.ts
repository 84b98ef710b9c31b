import {
  formatShortLabel,
  PRODUCT_ADMIN_MESSAGES as M,
  kcalFromKj,
  kjFromKcal,
  type MediaUpload,
  type Paginated,
  type ProductAdminDetail,
  type ProductAdminFormat,
  type ProductAdminFormatOption,
  type ProductAdminRow,
  type ProductAdminVintage,
  type ProductInput,
  type ProductInputParsed,
} from 'shared-kernel/contracts';
import { eq75, exciseRatesFor } from 'shared-kernel/domain';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopRow } from '../../platform/db/tables';
import { HttpError } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { catalogCacheOf, typologyFor } from '../catalog';
import { processImage, type MediaStore } from './products.media';
import * as repo from './products.repository';
import type { ProductsQuery } from './products.repository';
import { isUniqueViolation } from '../../platform/db/pg-errors';

interface ShopTypology {
  id: string;
  name: string;
  ttc: boolean;
  public: boolean;
}
const typologiesOf = (shop: ShopRow): ShopTypology[] =>
  ((shop.typologies ?? []) as unknown as Array<Partial<ShopTypology> & { id: string; name: string }>).map((t) => ({
    id: t.id,
    name: t.name,
    ttc: t.ttc !== false,
    public: !!t.public,
  }));

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const notFound = () => new HttpError(404, M.notFound);

/** A field path error (`formats.0.gtin`), as ZodForm/applyServerErrors expect. */
const fieldError = (message: string, ...path: Array<string | number>) => new HttpError(400, message, path.join('.'));

/** The nutrition declaration as stored: the energy entered once, the other unit computed (1 kcal = 4.184 kJ). */
function nutritionOf(n: ProductInputParsed['vintages'][number]['nutrition']) {
  if (!n) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(n)) if (v !== null && v !== undefined && v !== '') out[k] = v;
  if (n.energyKcal != null) out.energyKj = kjFromKcal(n.energyKcal);
  else if (n.energyKj != null) out.energyKcal = kcalFromKj(n.energyKj);
  return out;
}

/** Back-office catalogue: the caller's shop products, nested writes in one transaction, visuals. */
export function createProductsService(deps: { db: Db; media: MediaStore }) {
  const { db, media } = deps;

  async function detail(tx: DbOrTx, shopId: number, id: number): Promise<ProductAdminDetail> {
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

  /** Rules that need the database: typologies, box contents, GTINs of the shop. Field paths as the body's. */
  async function check(tx: DbOrTx, shopId: number, productId: number | null, input: ProductInputParsed): Promise<void> {
    const shop = await repo.findShop(tx, shopId);
    const typologies = new Set(typologiesOf(shop).map((t) => t.id));
    input.formats.forEach((f, i) =>
      f.prices.forEach((p, j) => {
        if (!typologies.has(p.typology)) throw fieldError(M.typologyUnknown, 'formats', i, 'prices', j, 'typology');
      }),
    );
    if (input.productType === 'box' && input.boxItems.length) {
      const found = await repo.shopFormats(
        tx,
        shopId,
        input.boxItems.map((b) => b.formatId),
      );
      input.boxItems.forEach((b, i) => {
        const part = found.find((x) => x.formatId === b.formatId);
        if (!part) throw fieldError(M.boxItemUnknown, 'boxItems', i, 'formatId');
        if (part.productType === 'box') throw fieldError(M.boxItemIsBox, 'boxItems', i, 'formatId');
      });
    }
    const gtins = input.formats.map((f) => f.gtin).filter((g): g is string => !!g);
    const taken = await repo.takenGtins(tx, shopId, gtins, productId);
    const at = input.formats.findIndex((f) => f.gtin && taken.has(f.gtin));
    if (at >= 0) throw fieldError(M.gtinTaken, 'formats', at, 'gtin');
  }

  const productValues = (input: ProductInputParsed): repo.ProductValues => ({
    productType: input.productType,
    name: input.name,
    precision: input.precision,
    description: input.description,
    type: input.type,
    color: input.color,
    gamme: input.gamme,
    labels: input.labels,
    vatType: input.vatType,
    status: input.status,
    visuals: input.visuals,
    boxItems: input.productType === 'box' ? input.boxItems : [],
  });

  const vintageValues = (v: ProductInputParsed['vintages'][number], position: number, old?: repo.VintageRow): repo.VintageValues => ({
    name: v.name,
    alcohol: v.alcohol,
    lot: v.lot,
    // the duty rates the excise module and the price engine read (da, css, typeDA): those of the excise code, set when
    // the code is chosen or changed (kept as they were otherwise)
    legal: {
      ...(old?.legal ?? {}),
      ...(v.legal.code && (old?.legal.code !== v.legal.code || old?.legal.da === undefined) ? exciseRatesFor(v.legal.code, v.alcohol) : {}),
      code: v.legal.code ?? undefined,
      dutyType: v.legal.dutyType,
      customTaxName: v.legal.customTaxName,
      customTaxAmountPerHL: v.legal.customTaxAmountPerHL,
      customTaxFamilies: v.legal.customTaxFamilies,
      customTaxVat: v.legal.customTaxVat,
    },
    nutrition: nutritionOf(v.nutrition) as repo.VintageValues['nutrition'],
    position,
  });

  const formatValues = (f: ProductInputParsed['formats'][number], position: number): repo.FormatValues => ({
    unity: f.unity,
    unityValue: f.unityValue,
    // §9: 75 cl equivalent = volume / 0.75 (litres only)
    eq75: f.unity === 'litre' ? eq75(f.unityValue) : null,
    container: f.container,
    formatType: f.formatType,
    nameInShop: f.nameInShop,
    showUnityValue: f.showUnityValue,
    packing: f.packing,
    packingQuantity: f.packingQuantity,
    weight: f.weight,
    gtin: f.gtin,
    minPurchase: f.minPurchase,
    maxPurchase: f.maxPurchase,
    alertThreshold: f.alertThreshold,
    costCents: f.costCents,
    visuals: f.visuals,
    wrapping: f.wrapping,
    position,
  });

  const priceValues = (f: ProductInputParsed['formats'][number]): repo.PriceValues[] =>
    f.prices.map((p) => ({
      typology: p.typology,
      visible: p.visible,
      priceCents: p.priceCents,
      discountPrice: Object.fromEntries(p.tiers.filter((t) => t.priceCents != null).map((t) => [String(t.quantity), t.priceCents!])),
      discountAdd: Object.fromEntries(p.tiers.filter((t) => t.add != null).map((t) => [String(t.quantity), t.add!])),
    }));

  const promotionValues = (p: ProductInputParsed['formats'][number]['promotions'][number]): repo.PromotionValues => ({
    name: p.name,
    type: p.type,
    amount: p.amount,
    activation: p.activation,
    threshold: p.activation === 'always' ? null : p.threshold,
    active: p.active,
    startsAt: p.startsAt ? new Date(p.startsAt) : null,
    endsAt: p.endsAt ? new Date(p.endsAt) : null,
  });

  /**
   * The whole product in one transaction: the product row, then its vintages and formats matched by id (new ones
   * created, missing ones deleted unless an order or a stock movement points at them: those are kept, and a kept
   * format is hidden from every typology), each format's prices (one per typology) and promotions (matched by id).
   */
  async function save(tx: DbOrTx, shopId: number, productId: number | null, input: ProductInputParsed): Promise<number> {
    await check(tx, shopId, productId, input);
    let id: number;
    if (productId === null) {
      id = (await repo.insertProduct(tx, shopId, { ...productValues(input), position: await repo.nextPosition(tx, shopId) })).id;
    } else {
      const row = await repo.updateProduct(tx, shopId, productId, productValues(input));
      if (!row) throw notFound();
      id = row.id;
    }
    const [kids, used] = productId === null ? [null, null] : await Promise.all([repo.loadChildren(tx, id), repo.usedRows(tx, id)]);

    // vintages
    const oldVintages = new Map((kids?.vintages ?? []).map((v) => [v.id, v]));
    input.vintages.forEach((v, i) => {
      if (v.id !== undefined && !oldVintages.has(v.id)) throw fieldError(M.vintageUnknown, 'vintages', i, 'id');
    });
    const keptV = new Set(input.vintages.map((v) => v.id).filter((x): x is number => x !== undefined));
    await repo.deleteVintages(
      tx,
      id,
      [...oldVintages.keys()].filter((v) => !keptV.has(v) && !used?.vintages.has(v)),
    );
    for (const [i, v] of input.vintages.entries())
      if (v.id !== undefined) await repo.updateVintage(tx, id, v.id, vintageValues(v, i, oldVintages.get(v.id)));
    await repo.insertVintages(
      tx,
      shopId,
      id,
      input.vintages.flatMap((v, i) => (v.id === undefined ? [vintageValues(v, i)] : [])),
    );

    // formats
    const oldFormats = new Map((kids?.formats ?? []).map((f) => [f.id, f]));
    input.formats.forEach((f, i) => {
      if (f.id !== undefined && !oldFormats.has(f.id)) throw fieldError(M.formatUnknown, 'formats', i, 'id');
    });
    const keptF = new Set(input.formats.map((f) => f.id).filter((x): x is number => x !== undefined));
    const missing = [...oldFormats.keys()].filter((f) => !keptF.has(f));
    await repo.deleteFormats(
      tx,
      id,
      missing.filter((f) => !used?.formats.has(f)),
    );
    await repo.hideFormats(
      tx,
      missing.filter((f) => used?.formats.has(f)),
    );
    await repo.clearGtins(
      tx,
      id,
      input.formats.filter((f) => f.id !== undefined && oldFormats.get(f.id)!.gtin !== f.gtin).map((f) => f.id!),
    );
    for (const [i, f] of input.formats.entries()) {
      let formatId: number;
      if (f.id !== undefined) {
        formatId = f.id;
        await repo.updateFormat(tx, id, formatId, formatValues(f, i));
      } else formatId = await repo.insertFormat(tx, shopId, id, formatValues(f, i));
      await repo.replacePrices(tx, shopId, formatId, priceValues(f));
      const oldPromos = new Set((kids?.promos ?? []).filter((x) => x.formatId === formatId).map((x) => x.id));
      await repo.syncPromotions(
        tx,
        shopId,
        formatId,
        f.promotions.flatMap((p) => (p.id !== undefined && oldPromos.has(p.id) ? [{ id: p.id, values: promotionValues(p) }] : [])),
        f.promotions.flatMap((p) => (p.id === undefined || !oldPromos.has(p.id) ? [promotionValues(p)] : [])),
      );
    }
    return id;
  }

  async function write(shopId: number, productId: number | null, input: ProductInputParsed): Promise<ProductAdminDetail> {
    try {
      return await db.transaction(async (tx) => detail(tx, shopId, await save(tx, shopId, productId, input)));
    } catch (err) {
      // two saves racing for one GTIN: the unique index decides
      if (isUniqueViolation(err, 'gtin')) throw fieldError(M.gtinTaken, 'formats');
      if (isUniqueViolation(err, 'product_vintages_product_name')) throw fieldError(M.vintageTwice, 'vintages');
      throw err;
    }
  }

  /** The input that recreates `d` (ids dropped: a duplicate; GTINs dropped: one code names one product of the shop). */
  function copyOf(d: ProductAdminDetail): ProductInputParsed {
    return {
      productType: d.productType,
      name: `${d.name}${M.copySuffix}`.slice(0, 200),
      precision: d.precision,
      description: d.description,
      type: d.type,
      color: d.color,
      gamme: d.gamme,
      labels: d.labels,
      vatType: d.vatType,
      status: 'paused',
      visuals: d.visuals,
      boxItems: d.boxItems.map(({ formatId, quantity }) => ({ formatId, quantity })),
      vintages: d.vintages.map((v) => ({
        name: v.name,
        alcohol: v.alcohol,
        lot: v.lot,
        legal: v.legal,
        nutrition: v.nutrition as ProductInputParsed['vintages'][number]['nutrition'],
      })),
      formats: d.formats.map((f) => ({
        unity: f.unity,
        unityValue: f.unityValue,
        container: f.container,
        formatType: f.formatType,
        nameInShop: f.nameInShop,
        showUnityValue: f.showUnityValue,
        packing: f.packing,
        packingQuantity: f.packingQuantity,
        weight: f.weight,
        gtin: null,
        minPurchase: f.minPurchase,
        maxPurchase: f.maxPurchase,
        alertThreshold: f.alertThreshold,
        costCents: f.costCents,
        visuals: f.visuals,
        wrapping: f.wrapping,
        prices: f.prices,
        promotions: f.promotions.map((p) => ({ ...p, id: undefined })),
      })),
    };
  }

  async function listNow(shopId: number, q: ProductsQuery): Promise<Paginated<ProductAdminRow>> {
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

  return {
    async list(shopId: number, q: ProductsQuery): Promise<Paginated<ProductAdminRow>> {
      // read only from catalogue tables (the shop, products, vintages, formats and their stock, prices): kept like the
      // public catalogue's answers until the shop's catalogue changes (catalog.cache.ts)
      const cache = catalogCacheOf(db);
      if (!cache) return listNow(shopId, q);
      return cache.get(`bo-products|${shopId}|${JSON.stringify(q)}`, async () => {
        const value = await listNow(shopId, q);
        return { value, shops: [shopId], bytes: JSON.stringify(value).length * 2 };
      });
    },
    detail: (shopId: number, id: number) => detail(db, shopId, id),
    async create(shopId: number, input: ProductInputParsed) {
      return { ...(await write(shopId, null, input)), message: M.created };
    },
    async update(shopId: number, id: number, input: ProductInputParsed) {
      if (!(await repo.findProduct(db, shopId, id))) throw notFound();
      return { ...(await write(shopId, id, input)), message: M.updated };
    },
    async duplicate(shopId: number, id: number) {
      const d = await detail(db, shopId, id);
      return { ...(await write(shopId, null, copyOf(d))), message: M.duplicated };
    },
    async setStatus(shopId: number, ids: number[], status: ProductInputParsed['status']) {
      const n = await repo.setStatus(db, shopId, ids, status);
      return { success: true as const, message: M.statusChanged(n), updated: n };
    },
    async archive(shopId: number, id: number, archived: boolean) {
      const row = await repo.updateProduct(db, shopId, id, { archivedAt: archived ? new Date() : null });
      if (!row) throw notFound();
      return { ...(await detail(db, shopId, id)), message: archived ? M.archived : M.unarchived };
    },
    /** Only a product nobody ordered (and never moved in stock) is deleted; else 409: archive it. */
    async remove(shopId: number, id: number) {
      return db.transaction(async (tx) => {
        if (!(await repo.findProduct(tx, shopId, id))) throw notFound();
        if ((await repo.usedRows(tx, id)).product) throw new HttpError(409, M.hasOrders);
        await repo.deleteProduct(tx, shopId, id);
        return { success: true as const, message: M.deleted };
      });
    },
    async formatOptions(shopId: number): Promise<ProductAdminFormatOption[]> {
      const rows = await repo.shopFormats(db, shopId, null);
      return rows
        .filter((r) => r.productType !== 'box')
        .map((r) => ({
          formatId: r.formatId,
          productId: r.productId,
          label: `${r.name} – ${r.nameInShop ?? formatShortLabel(r.unity, r.unityValue)}`,
        }));
    },
    async upload(shopId: number, userId: number, bytes: Buffer): Promise<MediaUpload> {
      const img = await processImage(bytes);
      await media.put(img.key, img.bytes, img.contentType);
      const row = await repo.insertMedia(db, {
        shopId,
        key: img.key,
        contentType: img.contentType,
        bytes: img.bytes.length,
        width: img.width,
        height: img.height,
        createdBy: userId,
      });
      return { id: row.id, url: `/v1/media/${img.key}`, width: img.width, height: img.height };
    },
    async media(key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
      const row = await repo.findMedia(db, key);
      if (!row) return null;
      const bytes = await media.get(key);
      return bytes ? { bytes, contentType: row.contentType } : null;
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
export type { ProductInput };
