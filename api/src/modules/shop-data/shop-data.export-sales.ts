// orders.csv (one row per order line), invoices.csv and factures/<number>.pdf (the Factur-X PDF of each issued
// document, made by the sales module) of the shop export.
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { orderLines, orders, type OrdersService } from '../orders';
import { createInvoiceFiles, createSalesService, invoices } from '../sales';
import { PAGE, date, euros, num, pages, type Cell, type ExportDeps, type ZipOut } from './shop-data.export-zip';

const orderUnavailable = new Proxy({} as OrdersService, {
  get() {
    throw new Error('the export reads invoices only: no order is changed');
  },
});

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
export async function ordersCsv(db: Db, shopId: number, zip: ZipOut, paymentCodeOf: (method: string | null) => string | null) {
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

export async function invoicesCsv(deps: ExportDeps, shopId: number, zip: ZipOut) {
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
