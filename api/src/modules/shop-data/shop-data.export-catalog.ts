// products.csv, clients.csv, stock.csv of the shop export: the default import format, imported again as they are
// (into this shop or another one: products, then clients, then stock).
import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { formatPrices, productFormats, products, productVintages } from '../catalog';
import { crmClients, type ClientAddress } from '../clients';
import { stockLevels, warehouses } from '../stock';
import { defaultHeaders } from './shop-data.columns';
import { PAGE, euros, num, pages, type Cell, type ZipOut } from './shop-data.export-zip';
import { yes } from './shop-data.values';

export async function productsCsv(db: Db, shopId: number, typologies: string[], zip: ZipOut) {
  const header = [...defaultHeaders('products', ['priceTypology', 'price']), ...typologies.map((t) => `Prix ${t}`)];
  await zip.csv('products.csv', header, (write) =>
    pages(
      (after) =>
        db
          .select()
          .from(products)
          .where(and(eq(products.shopId, shopId), gt(products.id, after)))
          .orderBy(asc(products.id))
          .limit(PAGE),
      async (ps) => {
        const ids = ps.map((p) => p.id);
        const vintages = await db
          .select()
          .from(productVintages)
          .where(inArray(productVintages.productId, ids))
          .orderBy(asc(productVintages.position), asc(productVintages.id));
        const formats = await db
          .select()
          .from(productFormats)
          .where(inArray(productFormats.productId, ids))
          .orderBy(asc(productFormats.position), asc(productFormats.id));
        const prices = formats.length
          ? await db
              .select({ formatId: formatPrices.formatId, typology: formatPrices.typology, priceCents: formatPrices.priceCents })
              .from(formatPrices)
              .where(
                inArray(
                  formatPrices.formatId,
                  formats.map((f) => f.id),
                ),
              )
          : [];
        const rows: Cell[][] = [];
        for (const p of ps) {
          const vs = vintages.filter((v) => v.productId === p.id);
          const fs = formats.filter((f) => f.productId === p.id);
          for (let i = 0; i < Math.max(1, vs.length, fs.length); i++) {
            const v = vs[i];
            const f = fs[i];
            const priceOf = (t: string) => (f ? prices.find((x) => x.formatId === f.id && x.typology === t)?.priceCents : undefined);
            rows.push([
              `P${p.id}`,
              p.name,
              p.productType,
              p.precision,
              p.description,
              p.type,
              p.color,
              p.gamme,
              (p.labels ?? []).join(' | '),
              p.vatType,
              p.status,
              yes(p.archivedAt !== null),
              v?.name,
              num(v?.alcohol),
              v?.lot,
              v?.legal?.code === 'NULL' ? '' : v?.legal?.code,
              v?.legal?.dutyType,
              f ? `F${f.id}` : '',
              f?.unity,
              num(f?.unityValue),
              f?.formatType,
              f?.container,
              f?.nameInShop,
              f?.packing,
              f?.packingQuantity,
              num(f?.weight),
              f?.gtin,
              f?.minPurchase,
              f?.maxPurchase,
              f?.alertThreshold,
              euros(f?.costCents),
              ...typologies.map((t) => euros(priceOf(t))),
            ]);
          }
        }
        await write(rows);
      },
    ),
  );
}
export async function clientsCsv(db: Db, shopId: number, zip: ZipOut) {
  await zip.csv('clients.csv', defaultHeaders('clients'), (write) =>
    pages(
      (after) =>
        db
          .select()
          .from(crmClients)
          .where(and(eq(crmClients.shopId, shopId), ne(crmClients.status, 'erased'), gt(crmClients.id, after)))
          .orderBy(asc(crmClients.id))
          .limit(PAGE),
      async (cs) => {
        const pick = (list: ClientAddress[], kind: 'delivery' | 'billing') =>
          list.find((a) => a.kind === kind && a.isDefault) ?? list.find((a) => a.kind === kind);
        await write(
          cs.map((c) => {
            const d = pick(c.addresses ?? [], 'delivery');
            const b = pick(c.addresses ?? [], 'billing');
            return [
              c.code,
              c.kind,
              c.civility,
              c.firstname,
              c.lastname,
              c.company,
              c.siret,
              c.vatNumber,
              c.email,
              c.phone,
              c.mobile,
              c.typology,
              d?.street,
              d?.street2,
              d?.zipcode,
              d?.city,
              d?.country,
              b?.street,
              b?.street2,
              b?.zipcode,
              b?.city,
              b?.country,
              (c.tags ?? []).join(' | '),
              c.notes,
              yes(c.marketingConsent),
              c.status,
            ];
          }),
        );
      },
    ),
  );
}
export async function stockCsv(db: Db, shopId: number, zip: ZipOut) {
  await zip.csv('stock.csv', defaultHeaders('stock'), (write) =>
    pages(
      (after) =>
        db
          .select({
            id: stockLevels.id,
            formatId: stockLevels.formatId,
            gtin: productFormats.gtin,
            product: products.name,
            unity: productFormats.unity,
            unityValue: productFormats.unityValue,
            nameInShop: productFormats.nameInShop,
            warehouse: warehouses.name,
            feedsWebShop: warehouses.feedsWebShop,
            onHand: stockLevels.onHand,
          })
          .from(stockLevels)
          .innerJoin(productFormats, eq(productFormats.id, stockLevels.formatId))
          .innerJoin(products, eq(products.id, productFormats.productId))
          .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
          .where(and(eq(stockLevels.shopId, shopId), gt(stockLevels.id, after)))
          .orderBy(asc(stockLevels.id))
          .limit(PAGE),
      (ls) =>
        write(
          ls.map((l) => [
            `F${l.formatId}`,
            l.gtin,
            l.product,
            l.unity,
            num(l.unityValue),
            l.nameInShop,
            l.warehouse,
            yes(l.feedsWebShop),
            l.onHand,
          ]),
        ),
    ),
  );
}
