// The export of a whole shop: one zip written page by page to a file (never the whole shop in memory):
//   products.csv, clients.csv, stock.csv — the default import format: imported again as they are (into this shop or
//     another one: products, then clients, then stock);
//   orders.csv (one row per order line), invoices.csv and factures/<number>.pdf (the Factur-X PDF of each issued
//     document, made by the sales module), stock_movements.csv, accounting_entries.csv (one row per entry line).
// CSV: ';', UTF-8 with BOM, decimal commas, amounts in euros.
// Not in the files (so not imported back): product visuals, nutrition, promotions, price tiers and hidden prices, box
// contents; a client's contacts, custom fields and addresses beyond the main delivery and billing ones; a warehouse's
// address and duty status.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import { CSV_BOM, csvFixed, csvLines, type CsvFixed } from 'shared-kernel/domain';
import type { Db } from '../../platform/db/client';
import { shops, users } from '../../platform/db/tables';
import type { Logger } from '../../platform/logger';
import { accountingEntries, accountingEntryLines, createAccountingService } from '../accounting';
import { formatPrices, productFormats, products, productVintages } from '../catalog';
import { crmClients, type ClientAddress } from '../clients';
import { orderLines, orders, type OrdersService } from '../orders';
import { createInvoiceFiles, createSalesService, invoices } from '../sales';
import { formatLabel, stockLevels, stockMovements, warehouses } from '../stock';
import { defaultHeaders } from './shop-data.columns';
import { importContext } from './shop-data.context';
import { yes } from './shop-data.values';

const PAGE = 500;
// A text starting like a formula is protected by the CSV writer ("'=…", "'-…"); amounts and quantities are written as
// numbers, so a negative one is not taken for a formula.
type Cell = string | number | CsvFixed | null | undefined;
/** Euros, decimal comma, 2 decimals: 1250 → 12,50. */
const euros = (c: number | null | undefined): Cell => (c == null ? null : csvFixed(c / 100, 2));
/** A decimal number, no trailing zeros: 0.75 → 0,75. */
const num = (n: number | null | undefined): Cell => (n == null ? null : Math.round(n * 100000) / 100000);
const date = (d: Date | string | null | undefined) => (d == null ? '' : d instanceof Date ? d.toISOString() : String(d));
const enc = new TextEncoder();

/** The zip being written to `file` (a temporary name, renamed once complete). */
function zipWriter(file: string) {
  const out = fs.createWriteStream(file);
  let failed: Error | null = null;
  const closed = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', (err) => {
      failed = err;
      reject(err);
    });
  });
  closed.catch(() => undefined);
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failed = err;
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  /** waits while the file is behind (the zip's chunks are written synchronously by fflate) */
  const drained = () => (out.writableNeedDrain ? new Promise<void>((r) => out.once('drain', () => r())) : Promise.resolve());
  const check = () => {
    if (failed) throw failed;
  };
  return {
    async csv(name: string, header: string[], fill: (write: (rows: Cell[][]) => Promise<void>) => Promise<void>) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(enc.encode(CSV_BOM + csvLines([header])));
      await fill(async (rows) => {
        check();
        if (rows.length) entry.push(enc.encode(csvLines(rows)));
        await drained();
      });
      entry.push(new Uint8Array(0), true);
      await drained();
    },
    async binary(name: string, bytes: Buffer) {
      check();
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), true);
      await drained();
    },
    async end() {
      zip.end();
      await closed;
      check();
    },
    abort() {
      out.destroy();
    },
  };
}

/** Pages of `load(afterId)` until empty (keyset on id). */
async function pages<T extends { id: number }>(load: (afterId: number) => Promise<T[]>, each: (rows: T[]) => Promise<void>) {
  let after = 0;
  for (;;) {
    const rows = await load(after);
    if (!rows.length) return;
    await each(rows);
    after = rows[rows.length - 1].id;
    if (rows.length < PAGE) return;
  }
}

const orderUnavailable = new Proxy({} as OrdersService, {
  get() {
    throw new Error('the export reads invoices only: no order is changed');
  },
});

export interface ExportDeps {
  db: Db;
  logger?: Logger;
}

/** Writes the shop's zip at `file` (atomically: a temporary file renamed once complete). */
export async function writeShopExport(deps: ExportDeps, shopId: number, file: string): Promise<void> {
  const { db } = deps;
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new Error(`shop ${shopId} not found`);
  const ctx = importContext(shop, null);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  const zip = zipWriter(tmp);
  try {
    await productsCsv(
      db,
      shopId,
      ctx.typologies.map((t) => t.id),
      zip,
    );
    await clientsCsv(db, shopId, zip);
    await stockCsv(db, shopId, zip);
    await ordersCsv(db, shopId, zip, ctx.paymentCodeOf);
    await invoicesCsv(deps, shopId, zip);
    await movementsCsv(db, shopId, zip);
    await accountingCsv(deps, shop, zip);
    await zip.end();
    await fs.promises.rename(tmp, file);
  } catch (err) {
    zip.abort();
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
}

type ZipOut = ReturnType<typeof zipWriter>;

async function productsCsv(db: Db, shopId: number, typologies: string[], zip: ZipOut) {
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

async function clientsCsv(db: Db, shopId: number, zip: ZipOut) {
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

async function stockCsv(db: Db, shopId: number, zip: ZipOut) {
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

const ORDER_HEADERS = [
  'Numéro',
  'Date',
  'Type',
  'Origine',
  'Statut',
  'Paiement',
  'Livraison',
  'Moyen de paiement',
  'Client',
  'Email',
  'Id fiche client',
  'Total HT',
  'TVA',
  'Total TTC',
  'Ligne',
  'Libellé',
  'Détails',
  'Quantité',
  'Offert',
  'Prix unitaire HT',
  'Remise HT',
  'Taux de TVA',
  'Total ligne HT',
  'Total ligne TTC',
  'Id format',
];

/** orders.csv: one row per order line; the payment method in the producer's own code when the payments grid names it. */
async function ordersCsv(db: Db, shopId: number, zip: ZipOut, paymentCodeOf: (method: string | null) => string | null) {
  await zip.csv('orders.csv', ORDER_HEADERS, (write) =>
    pages(
      (after) =>
        db
          .select()
          .from(orders)
          .where(and(eq(orders.shopId, shopId), gt(orders.id, after)))
          .orderBy(asc(orders.id))
          .limit(PAGE),
      async (os) => {
        const lines = await db
          .select()
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              os.map((o) => o.id),
            ),
          )
          .orderBy(asc(orderLines.orderId), asc(orderLines.position), asc(orderLines.id));
        const rows: Cell[][] = [];
        for (const o of os) {
          const head: Cell[] = [
            o.number,
            date(o.createdAt),
            o.subType,
            o.source,
            o.status,
            o.paymentStatus,
            o.deliveryStatus,
            paymentCodeOf(o.paymentMethod),
            o.buyerName,
            o.buyerEmail,
            o.clientId,
            euros(o.totalHT),
            euros(o.tva),
            euros(o.totalTTC),
          ];
          const ls = lines.filter((l) => l.orderId === o.id);
          if (!ls.length) rows.push(head);
          ls.forEach((l, i) =>
            rows.push([
              ...head,
              i + 1,
              l.label,
              l.details,
              l.quantity,
              l.addQuantity,
              euros(l.unitPriceHT),
              euros(l.discountHT),
              num(l.vatRate),
              euros(l.totalHT),
              euros(l.totalTTC),
              l.formatId,
            ]),
          );
        }
        await write(rows);
      },
    ),
  );
}

const INVOICE_HEADERS = [
  'Numéro',
  'Type',
  'Date',
  'Date de vente',
  'Échéance',
  'Client',
  'Id fiche client',
  'Commande',
  'Document lié',
  'Total HT',
  'TVA',
  'Total TTC',
  'Montant dû',
  'Payé',
  'Avoir utilisé',
  'Statut du paiement',
  'Fichier',
];

const safeName = (s: string) => s.replace(/[^\w.-]+/g, '_');

async function invoicesCsv(deps: ExportDeps, shopId: number, zip: ZipOut) {
  const { db } = deps;
  const sales = createSalesService({ db, orders: orderUnavailable });
  const files = createInvoiceFiles(db, () => sales, deps.logger);
  const pdfs: Array<{ id: number; number: string }> = [];
  await zip.csv('invoices.csv', INVOICE_HEADERS, (write) =>
    pages(
      (after) =>
        db
          .select({
            id: invoices.id,
            number: invoices.number,
            kind: invoices.kind,
            issueDate: invoices.issueDate,
            saleDate: invoices.saleDate,
            dueDate: invoices.dueDate,
            clientName: invoices.clientName,
            clientId: invoices.clientId,
            orderNumber: orders.number,
            relatedInvoiceId: invoices.relatedInvoiceId,
            totalHT: invoices.totalHT,
            totalVAT: invoices.totalVAT,
            totalTTC: invoices.totalTTC,
            amountDue: invoices.amountDue,
            paid: invoices.paid,
            credited: invoices.credited,
            paymentStatus: invoices.paymentStatus,
          })
          .from(invoices)
          .leftJoin(orders, eq(orders.id, invoices.orderId))
          .where(and(eq(invoices.shopId, shopId), gt(invoices.id, after)))
          .orderBy(asc(invoices.id))
          .limit(PAGE),
      async (is) => {
        const numbers = new Map(is.map((i) => [i.id, i.number]));
        const related = is.filter((i) => i.relatedInvoiceId && !numbers.has(i.relatedInvoiceId)).map((i) => i.relatedInvoiceId!);
        if (related.length)
          for (const r of await db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(inArray(invoices.id, related)))
            numbers.set(r.id, r.number);
        pdfs.push(...is.map((i) => ({ id: i.id, number: i.number })));
        await write(
          is.map((i) => [
            i.number,
            i.kind,
            i.issueDate,
            i.saleDate,
            i.dueDate,
            i.clientName,
            i.clientId,
            i.orderNumber,
            i.relatedInvoiceId ? numbers.get(i.relatedInvoiceId) : '',
            euros(i.totalHT),
            euros(i.totalVAT),
            euros(i.totalTTC),
            euros(i.amountDue),
            euros(i.paid),
            euros(i.credited),
            i.paymentStatus,
            `factures/${safeName(i.number)}.pdf`,
          ]),
        );
      },
    ),
  );
  // the PDFs (kept as issued; one missing is made now, like its first download)
  for (const d of pdfs) {
    try {
      const { pdf } = await files.ensure(shopId, d.id);
      await zip.binary(`factures/${safeName(d.number)}.pdf`, pdf);
    } catch (err) {
      deps.logger?.warn({ err, invoiceId: d.id }, 'shop export: invoice PDF could not be made');
    }
  }
}

const MOVEMENT_HEADERS = [
  'Date',
  'Entrepôt',
  'Produit',
  'Format',
  'Type',
  'Quantité',
  'Motif',
  'Document',
  'Id document',
  'Coût unitaire HT',
  'Utilisateur',
  'Id format',
];

async function movementsCsv(db: Db, shopId: number, zip: ZipOut) {
  await zip.csv('stock_movements.csv', MOVEMENT_HEADERS, (write) =>
    pages(
      (after) =>
        db
          .select({
            id: stockMovements.id,
            occurredAt: stockMovements.occurredAt,
            warehouse: warehouses.name,
            productName: products.name,
            vintageName: productVintages.name,
            unity: productFormats.unity,
            unityValue: productFormats.unityValue,
            nameInShop: productFormats.nameInShop,
            kind: stockMovements.kind,
            quantity: stockMovements.quantity,
            reason: stockMovements.reason,
            documentType: stockMovements.documentType,
            documentId: stockMovements.documentId,
            unitCostCents: stockMovements.unitCostCents,
            user: users.username,
            formatId: stockMovements.formatId,
          })
          .from(stockMovements)
          .innerJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
          .innerJoin(productFormats, eq(productFormats.id, stockMovements.formatId))
          .innerJoin(products, eq(products.id, stockMovements.productId))
          .leftJoin(productVintages, eq(productVintages.id, stockMovements.vintageId))
          .leftJoin(users, eq(users.id, stockMovements.userId))
          .where(and(eq(stockMovements.shopId, shopId), gt(stockMovements.id, after)))
          .orderBy(asc(stockMovements.id))
          .limit(PAGE),
      (ms) =>
        write(
          ms.map((m) => [
            date(m.occurredAt),
            m.warehouse,
            m.productName,
            formatLabel({
              productName: '',
              vintageName: m.vintageName,
              unity: m.unity,
              unityValue: m.unityValue,
              nameInShop: m.nameInShop,
            }).replace(/^ – /, ''),
            m.kind,
            m.quantity,
            m.reason,
            m.documentType,
            m.documentId,
            euros(m.unitCostCents),
            m.user,
            m.formatId,
          ]),
        ),
    ),
  );
}

const ENTRY_HEADERS = [
  'Journal',
  'Exercice',
  'N° écriture',
  'Date',
  'Pièce',
  'Date de pièce',
  'Libellé de l’écriture',
  'Compte',
  'Compte auxiliaire',
  'Libellé auxiliaire',
  'Libellé de la ligne',
  'Débit',
  'Crédit',
  'Lettrage',
  'Date de lettrage',
  'Date de validation',
];

async function accountingCsv(deps: ExportDeps, shop: typeof shops.$inferSelect, zip: ZipOut) {
  const { db } = deps;
  // what waits to be posted is posted first, as every accounting read does (only when the shop uses the module)
  if ((shop.integration as Record<string, { active?: boolean }> | null)?.accounting?.active === true) {
    try {
      await createAccountingService({ db }).sync(shop.id);
    } catch (err) {
      deps.logger?.warn({ err, shopId: shop.id }, 'shop export: accounting entries could not be posted first');
    }
  }
  await zip.csv('accounting_entries.csv', ENTRY_HEADERS, (write) =>
    pages(
      (after) =>
        db
          .select()
          .from(accountingEntries)
          .where(and(eq(accountingEntries.shopId, shop.id), gt(accountingEntries.id, after)))
          .orderBy(asc(accountingEntries.id))
          .limit(PAGE),
      async (es) => {
        const lines = await db
          .select()
          .from(accountingEntryLines)
          .where(
            inArray(
              accountingEntryLines.entryId,
              es.map((e) => e.id),
            ),
          )
          .orderBy(asc(accountingEntryLines.entryId), asc(accountingEntryLines.position));
        const rows: Cell[][] = [];
        for (const e of es)
          for (const l of lines.filter((x) => x.entryId === e.id))
            rows.push([
              e.journal,
              e.fiscalYear,
              e.num,
              e.date,
              e.pieceRef,
              e.pieceDate,
              e.label,
              l.account,
              l.auxiliary,
              l.auxiliaryLabel,
              l.label,
              euros(l.debit),
              euros(l.credit),
              e.lettering,
              e.letteringDate,
              e.validDate,
            ]);
        await write(rows);
      },
    ),
  );
}
