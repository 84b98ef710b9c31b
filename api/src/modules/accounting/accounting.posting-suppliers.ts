// Posting the received supplier invoices (table supplier_invoices, kept by the purchasing module, read here by SQL) in
// the purchase journal HA and, once paid in full, their payment in BQ.
import { sql } from 'drizzle-orm';
import { postSupplierInvoice, postSupplierPayment, type ChartOfAccounts } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import { rows, type Pending } from './accounting.posting-entry';

export /** A received invoice paid in full (BT-115 amount due: what is left once prepaid amounts are deducted). */
const SUPPLIER_PAID = sql`si.paid_amount > 0 and si.paid_amount >= si.amount_due`;

/**
 * The supplier invoices and payments not posted yet, oldest first, as entries waiting to be inserted. One dated in a
 * closed month is posted `today`, as a credit note cancelling a document of a closed month is dated today (the
 * period's entries are frozen, PCG art. 420-5: a correction goes in the open period).
 */
export async function waitingSupplierInvoices(tx: DbOrTx, shopId: number, chart: ChartOfAccounts, today: string): Promise<Pending[]> {
  const pending: Pending[] = [];
  const sis = rows<{
    id: number;
    type_code: string;
    number: string;
    issue_date: string;
    total_ht: number;
    total_vat: number;
    total_ttc: number;
    vat: Array<{ rate: number; baseHT: number; vat: number }>;
    paid_amount: number;
    paid_at: string | null;
    supplier_id: number;
    company: string;
    invoice_posted: boolean;
    payment_due: boolean;
  }>(
    await tx.execute(sql`select si.id, si.type_code, si.number, si.issue_date::text as issue_date, si.total_ht, si.total_vat, si.total_ttc,
        si.vat, si.paid_amount, si.paid_at::text as paid_at, si.supplier_id, s.company,
        exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = 'supplierInvoice' and e.source_id = si.id)
          as invoice_posted,
        (${SUPPLIER_PAID} and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId}
          and e.source_kind = 'supplierPayment' and e.source_id = si.id)) as payment_due
      from supplier_invoices si join suppliers s on s.id = si.supplier_id
      where si.shop_id = ${shopId}
        and (not exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = 'supplierInvoice' and e.source_id = si.id)
          or (${SUPPLIER_PAID} and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId}
            and e.source_kind = 'supplierPayment' and e.source_id = si.id)))
      order by si.issue_date, si.id`),
  );
  if (sis.length) {
    const closed = new Set(
      rows<{ month: string }>(await tx.execute(sql`select month from accounting_periods where shop_id = ${shopId} and closed`)).map(
        (r) => r.month,
      ),
    );
    const open = (d: string) => (closed.has(d.slice(0, 7)) ? today : d);
    for (const si of sis) {
      const supplier = { id: si.supplier_id, name: si.company };
      if (!si.invoice_posted) {
        const entry = postSupplierInvoice(
          {
            id: si.id,
            typeCode: si.type_code,
            number: si.number,
            date: open(si.issue_date),
            issueDate: si.issue_date,
            supplier,
            vat: si.vat,
            totalHT: si.total_ht,
            totalVAT: si.total_vat,
            totalTTC: si.total_ttc,
          },
          chart,
        );
        pending.push({ at: entry.date, order: 3, kind: 'supplierInvoice', id: si.id, clientId: null, clientName: si.company, entry });
      }
      if (si.payment_due) {
        const entry = postSupplierPayment(
          {
            id: si.id,
            typeCode: si.type_code,
            number: si.number,
            date: open(si.paid_at ?? today),
            supplier,
            totalTTC: si.total_ttc,
            paid: si.paid_amount,
          },
          chart,
        );
        pending.push({ at: entry.date, order: 4, kind: 'supplierPayment', id: si.id, clientId: null, clientName: si.company, entry });
      }
    }
  }
  return pending;
}
