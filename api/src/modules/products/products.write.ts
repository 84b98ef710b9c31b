/**
 * Writing the back-office catalogue: the whole product in one transaction (checked against the database, the product
 * row, then its nested rows: products.formats.ts), a duplicate, status changes, archiving and deletion.
 */
import { PRODUCT_ADMIN_MESSAGES as M, type ProductAdminDetail, type ProductInputParsed } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { HttpError } from '../../platform/errors';
import { saveFormats, saveVintages } from './products.formats';
import { fieldError, notFound, typologiesOf, type ProductsDeps } from './products.model';
import { detail } from './products.read';
import * as repo from './products.repository';

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
  const before = { kids, used };
  await saveVintages(tx, shopId, id, input, before);
  await saveFormats(tx, shopId, id, input, before);
  return id;
}

async function write(
  { db }: Pick<ProductsDeps, 'db'>,
  shopId: number,
  productId: number | null,
  input: ProductInputParsed,
): Promise<ProductAdminDetail> {
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

export async function create(deps: Pick<ProductsDeps, 'db'>, shopId: number, input: ProductInputParsed) {
  return { ...(await write(deps, shopId, null, input)), message: M.created };
}

export async function update(deps: Pick<ProductsDeps, 'db'>, shopId: number, id: number, input: ProductInputParsed) {
  if (!(await repo.findProduct(deps.db, shopId, id))) throw notFound();
  return { ...(await write(deps, shopId, id, input)), message: M.updated };
}

export async function duplicate(deps: Pick<ProductsDeps, 'db'>, shopId: number, id: number) {
  const d = await detail(deps.db, shopId, id);
  return { ...(await write(deps, shopId, null, copyOf(d))), message: M.duplicated };
}

export async function setStatus({ db }: Pick<ProductsDeps, 'db'>, shopId: number, ids: number[], status: ProductInputParsed['status']) {
  const n = await repo.setStatus(db, shopId, ids, status);
  return { success: true as const, message: M.statusChanged(n), updated: n };
}

export async function archive({ db }: Pick<ProductsDeps, 'db'>, shopId: number, id: number, archived: boolean) {
  const row = await repo.updateProduct(db, shopId, id, { archivedAt: archived ? new Date() : null });
  if (!row) throw notFound();
  return { ...(await detail(db, shopId, id)), message: archived ? M.archived : M.unarchived };
}

/** Only a product nobody ordered (and never moved in stock) is deleted; else 409: archive it. */
export async function remove({ db }: Pick<ProductsDeps, 'db'>, shopId: number, id: number) {
  return db.transaction(async (tx) => {
    if (!(await repo.findProduct(tx, shopId, id))) throw notFound();
    if ((await repo.usedRows(tx, id)).product) throw new HttpError(409, M.hasOrders);
    await repo.deleteProduct(tx, shopId, id);
    return { success: true as const, message: M.deleted };
  });
}
