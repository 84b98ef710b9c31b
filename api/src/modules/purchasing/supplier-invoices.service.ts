// Received supplier e-invoices: read (einvoice/), checked against EN 16931, matched to a supplier and a purchase order,
// stored once with the original file (kept unchanged: CGI art. 289 VI, LPF art. L102 B — migration 0028's trigger
// lets only the payment columns move), then paid. The accounting module posts them in the purchase journal by reading
// the table.
import { createHash } from 'node:crypto';
import type {
  Paginated,
  SupplierInvoiceDetail,
  SupplierInvoiceFinding,
  SupplierInvoiceInboundResult,
  SupplierInvoiceListItem,
  SupplierInvoicePaymentStatus,
  SupplierInvoicePaymentValues,
} from 'shared-kernel/contracts';
import { SUPPLIER_INVOICE_MESSAGES as M } from 'shared-kernel/contracts';
import { formatCents, isValidSiret } from 'shared-kernel/domain';
import type { Db, DbOrTx } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { HttpError } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { parisDate } from '../sales';
import type { EInvoice } from './einvoice/model';
import { readInvoiceFile } from './einvoice/read';
import { EInvoiceRefusal } from './einvoice/refusal';
import { checkBuyer, checkInvoice } from './einvoice/rules';
import * as repo from './purchasing.repository';
import type { SupplierInvoiceLine, SupplierInvoiceSeller } from './purchasing.tables';
import { formatLabel } from './purchasing.service';
import { matchFormat, matchOrderLines } from './supplier-invoices.matching';
import * as invoices from './supplier-invoices.repository';

const iso = (d: Date | string | null): string | null => (d === null ? null : d instanceof Date ? d.toISOString() : d);

export function paymentStatusOf(
  i: { paidAmount: number; amountDue: number; dueDate: string | null },
  today: string,
): SupplierInvoicePaymentStatus {
  if (i.paidAmount >= i.amountDue) return 'paid';
  return i.dueDate && i.dueDate < today ? 'overdue' : 'toPay';
}

const listItem = (r: invoices.SupplierInvoiceListRow, today: string): SupplierInvoiceListItem => ({
  id: r.invoice.id,
  number: r.invoice.number,
  typeCode: r.invoice.typeCode,
  supplierId: r.invoice.supplierId,
  supplierName: r.supplierName,
  issueDate: r.invoice.issueDate,
  dueDate: r.invoice.dueDate,
  currency: r.invoice.currency,
  totalHTCents: r.invoice.totalHT,
  totalVATCents: r.invoice.totalVAT,
  totalTTCCents: r.invoice.totalTTC,
  amountDueCents: r.invoice.amountDue,
  paidAmountCents: r.invoice.paidAmount,
  paidAt: r.invoice.paidAt,
  paymentStatus: paymentStatusOf(r.invoice, today),
  syntax: r.invoice.syntax,
  receivedVia: r.invoice.receivedVia,
  receivedAt: iso(r.invoice.receivedAt)!,
  findingsCount: r.invoice.findings.length,
});

/** The refusal of a file breaking rules: the message names the first ones, `findings` lists them all. */
function refusal(errors: SupplierInvoiceFinding[]): EInvoiceRefusal {
  const shown = errors
    .slice(0, 3)
    .map((f) => f.message)
    .join(' ; ');
  const more = errors.length > 3 ? ` (et ${errors.length - 3} autre${errors.length > 4 ? 's' : ''})` : '';
  return new EInvoiceRefusal(422, `${M.refused} : ${shown}${more}`, errors);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A file name kept as given, without path or control characters (it is shown and sent back in Content-Disposition). */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return clean.slice(0, 200) || 'facture';
}

export interface ReceivedFile {
  fileName: string;
  file: Buffer;
  via: 'upload' | 'mail';
  userId: number | null;
}

export function createSupplierInvoicesService(deps: { db: Db }) {
  const { db } = deps;

  async function detail(tx: DbOrTx, shopId: number, id: number): Promise<SupplierInvoiceDetail> {
    const r = await invoices.findInvoice(tx, shopId, id);
    if (!r) throw new HttpError(404, M.notFound);
    const i = r.invoice;
    const a = i.seller.address ?? {};
    return {
      ...listItem(r, parisDate()),
      seller: {
        name: i.seller.name,
        siren: i.seller.siren ?? null,
        vatNumber: i.seller.vatNumber ?? null,
        email: i.seller.email ?? null,
        address: { line1: a.line1 ?? null, line2: a.line2 ?? null, zip: a.zip ?? null, city: a.city ?? null, country: a.country ?? null },
      },
      lines: i.lines.map((l) => ({
        label: l.label,
        quantity: l.quantity,
        unitPriceCents: l.unitPrice,
        totalHTCents: l.totalHT,
        vatCategory: l.vatCategory,
        vatRate: l.vatRate,
        purchaseOrderLineId: l.purchaseOrderLineId ?? null,
        formatId: l.formatId ?? null,
      })),
      vat: i.vat.map((v) => ({ category: v.category, rate: v.rate, baseHTCents: v.baseHT, vatCents: v.vat })),
      findings: i.findings,
      purchaseOrderId: i.purchaseOrderId,
      purchaseOrderNumber: r.purchaseOrderNumber,
      fileName: i.fileName,
      fileMime: i.fileMime,
    };
  }

  /** The supplier the seller is: same SIREN, else same VAT number; created from the invoice when new. */
  async function supplierOf(tx: DbOrTx, shopId: number, inv: EInvoice): Promise<{ id: number; company: string }> {
    const s = inv.seller;
    const vat = s.vatNumber?.replace(/\s/g, '').toUpperCase() ?? null;
    const found = await invoices.findSupplierByIdentity(tx, shopId, s.siren, vat);
    if (found) return found;
    const a = s.address;
    const row = await repo.insertSupplier(tx, shopId, {
      // the supplier form's bounds: 200 characters, a SIRET only when it is a valid one
      company: (s.name ?? '').slice(0, 200),
      siret: s.siret && isValidSiret(s.siret) ? s.siret : null,
      vatNumber: vat,
      email: s.email?.toLowerCase() ?? null,
      address: {
        line1: a?.line1 ?? null,
        line2: a?.line2 ?? null,
        zip: a?.zip ?? null,
        city: a?.city ?? null,
        country: a?.country ?? null,
      },
      notes: 'Créé à la réception de sa facture électronique.',
    });
    return row;
  }

  async function receive(shopId: number, input: ReceivedFile): Promise<SupplierInvoiceDetail & { message: string }> {
    const { syntax, mime, invoice: inv } = await readInvoiceFile(input.file);
    const findings = [...checkInvoice(inv), ...checkBuyer(inv, await invoices.findShopBillingIdentity(db, shopId))];
    const errors = findings.filter((f) => f.level === 'error');
    if (errors.length) throw refusal(errors.map(({ rule, message }) => ({ rule, message })));
    const hash = sha256(input.file);
    if (await invoices.findInvoiceIdByFile(db, shopId, hash)) throw new HttpError(409, M.duplicateFile, 'file');

    // every mandatory term is there once the rules passed (BR-02, BR-03, BR-06, BR-13, BR-14, BR-15)
    const t = inv.totals;
    try {
      const id = await db.transaction(async (tx) => {
        const supplier = await supplierOf(tx, shopId, inv);
        if (await invoices.findInvoiceIdByNumber(tx, shopId, supplier.id, inv.number!))
          throw new HttpError(409, M.duplicateNumber(inv.number!, supplier.company), 'file');
        const order = inv.orderReference ? await invoices.findOpenOrderByNumber(tx, shopId, supplier.id, inv.orderReference) : undefined;
        const lines: Array<SupplierInvoiceLine & { orderLineRef: string | null }> = inv.lines.map((l) => ({
          label: l.name!,
          quantity: l.quantity!,
          // BT-146 is the price of BT-149 units (default 1)
          unitPrice: l.baseQuantity && l.baseQuantity > 0 ? Math.round((l.netPrice! / l.baseQuantity) * 10_000) / 10_000 : l.netPrice!,
          totalHT: l.netAmount!,
          vatCategory: l.vatCategory!,
          vatRate: l.vatRate ?? 0,
          orderLineRef: l.orderLineRef,
        }));
        const orderLineIds = order ? matchOrderLines(lines, order.lines) : lines.map(() => null);
        const formats = (await repo.searchShopFormats(tx, shopId, undefined, 1000)).map((f) => ({ id: f.id, label: formatLabel(f) }));
        const stored: SupplierInvoiceLine[] = lines.map(({ orderLineRef: _ref, ...l }, i) => {
          const orderLine = order?.lines.find((o) => o.id === orderLineIds[i]);
          return { ...l, purchaseOrderLineId: orderLineIds[i], formatId: orderLine?.formatId ?? matchFormat(l.label, formats) };
        });
        const seller: SupplierInvoiceSeller = {
          name: inv.seller.name!,
          siren: inv.seller.siren,
          vatNumber: inv.seller.vatNumber,
          email: inv.seller.email,
          address: inv.seller.address ?? {},
        };
        return invoices.insertInvoice(tx, shopId, {
          supplierId: supplier.id,
          purchaseOrderId: order?.id ?? null,
          number: inv.number!,
          typeCode: inv.typeCode!,
          issueDate: inv.issueDate!,
          dueDate: inv.dueDate,
          currency: inv.currency!,
          totalHT: t.taxExclusive!,
          totalVAT: t.vat ?? 0,
          totalTTC: t.taxInclusive!,
          amountDue: t.due!,
          vat: inv.vat.map((v) => ({ category: v.category!, rate: v.rate ?? 0, baseHT: v.base!, vat: v.vat! })),
          lines: stored,
          seller,
          syntax,
          findings: findings.map(({ rule, message }) => ({ rule, message })),
          fileName: cleanFileName(input.fileName),
          fileMime: mime,
          file: input.file,
          fileSha256: hash,
          receivedVia: input.via,
          receivedBy: input.userId,
        });
      });
      return { ...(await detail(db, shopId, id)), message: M.received };
    } catch (err) {
      // two receptions of the same file or number racing: the unique indexes decide, the loser gets the same 409
      if (isUniqueViolation(err, 'supplier_invoices_file_uq')) throw new HttpError(409, M.duplicateFile, 'file');
      if (isUniqueViolation(err, 'supplier_invoices_number_uq')) throw new HttpError(409, M.duplicateFile, 'file');
      throw err;
    }
  }

  return {
    receive,

    async list(shopId: number, q: invoices.SupplierInvoicesQuery): Promise<Paginated<SupplierInvoiceListItem>> {
      const today = parisDate();
      const { rows, total } = await invoices.listInvoices(db, shopId, q, today);
      return paginated(
        rows.map((r) => listItem(r, today)),
        total,
        q,
      );
    },

    get: (shopId: number, id: number) => detail(db, shopId, id),

    async file(shopId: number, id: number) {
      const f = await invoices.findInvoiceFile(db, shopId, id);
      if (!f) throw new HttpError(404, M.notFound);
      return f;
    },

    /** A payment (default: what remains, today): adds to paid_amount, never beyond BT-115; paid_at once fully paid. */
    async pay(shopId: number, id: number, body: SupplierInvoicePaymentValues) {
      const today = parisDate();
      if (body.paidAt && body.paidAt > today) throw new HttpError(400, M.paidAtFuture, 'paidAt');
      await db.transaction(async (tx) => {
        const r = await invoices.findInvoice(tx, shopId, id, true);
        if (!r) throw new HttpError(404, M.notFound);
        const i = r.invoice;
        if (i.amountDue <= 0) throw new HttpError(409, M.nothingToPay);
        const rest = i.amountDue - i.paidAmount;
        if (rest <= 0) throw new HttpError(409, M.alreadyPaid);
        const amount = body.amountCents ?? rest;
        if (amount > rest) throw new HttpError(400, M.overPaid(formatCents(rest)), 'amountCents');
        const paid = i.paidAmount + amount;
        await invoices.setPaid(tx, shopId, id, paid, paid >= i.amountDue ? (body.paidAt ?? today) : null);
      });
      return { ...(await detail(db, shopId, id)), message: M.paid };
    },
  };
}
export type SupplierInvoicesService = ReturnType<typeof createSupplierInvoicesService>;

/** What the inbound mail route does with each attachment: receive it, or say why not. */
export async function receiveAttachments(
  service: SupplierInvoicesService,
  shopId: number,
  attachments: Array<{ fileName: string; content: Buffer }>,
): Promise<SupplierInvoiceInboundResult> {
  const result: SupplierInvoiceInboundResult = { received: [], refused: [] };
  for (const a of attachments) {
    try {
      const r = await service.receive(shopId, { fileName: a.fileName, file: a.content, via: 'mail', userId: null });
      result.received.push({ fileName: r.fileName, id: r.id, number: r.number });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      result.refused.push({ fileName: a.fileName, message: err.message, findings: err instanceof EInvoiceRefusal ? err.findings : [] });
    }
  }
  return result;
}
