// Posting the issued documents (invoices, deposit invoices, credit notes) in the sales journal VT: each with the VAT of
// the deposits it deducts and, when the chart has overrides, the product and range of each format sold.
import { sql } from 'drizzle-orm';
import type { InvoiceLine } from 'shared-kernel/contracts';
import { overrideAccount, postDocument, type ChartOfAccounts, type PostableDocument } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import { rows, type Pending } from './accounting.posting-entry';

interface DocRow {
  id: number;
  kind: 'invoice' | 'deposit' | 'credit';
  number: string;
  issue_date: string;
  client_id: number | null;
  client_name: string;
  client_code: string | null;
  lines: InvoiceLine[];
  vat: Array<{ rate: number; baseHT: number; vat: number }>;
  total_ht: number;
  total_vat: number;
  total_ttc: number;
  deposits_deducted: Array<{ id: number; number: string; totalHT: number; totalVAT: number; totalTTC: number }>;
}

/** The documents not posted yet, oldest first, as entries waiting to be inserted. */
export async function waitingDocuments(tx: DbOrTx, shopId: number, chart: ChartOfAccounts): Promise<Pending[]> {
  const docs = rows<DocRow>(
    await tx.execute(sql`select i.id, i.kind, i.number, i.issue_date::text as issue_date, i.client_id, i.client_name, c.code as client_code,
        i.lines, i.vat, i.total_ht, i.total_vat, i.total_ttc, i.deposits_deducted
      from invoices i left join crm_clients c on c.id = i.client_id
      where i.shop_id = ${shopId}
        and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = i.kind and e.source_id = i.id)
      order by i.issue_date, i.id`),
  );
  // the VAT per rate of the deposits a final invoice deducts (collected when the deposit was invoiced)
  const depositIds = [...new Set(docs.flatMap((d) => (d.deposits_deducted ?? []).map((x) => x.id)))];
  const depositVat = new Map<number, Array<{ rate: number; vat: number }>>();
  if (depositIds.length) {
    const dv = rows<{ id: number; vat: Array<{ rate: number; vat: number }> }>(
      await tx.execute(
        sql`select id, vat from invoices where shop_id = ${shopId} and id in (${sql.join(
          depositIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
    for (const d of dv) depositVat.set(d.id, d.vat);
  }
  // the product and range of each format sold, when the chart has overrides
  const productOf = new Map<number, { productId: number; gamme: string | null }>();
  const formatIds = chart.overrides?.length
    ? [...new Set(docs.flatMap((d) => d.lines.map((l) => l.formatId)).filter((v): v is number => v != null))]
    : [];
  if (formatIds.length)
    for (const f of rows<{ id: number; product_id: number; gamme: string | null }>(
      await tx.execute(sql`select f.id, f.product_id, p.gamme from product_formats f join products p on p.id = f.product_id
        where f.id in (${sql.join(
          formatIds.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    ))
      productOf.set(f.id, { productId: f.product_id, gamme: f.gamme });
  const pending: Pending[] = [];
  for (const d of docs) {
    const doc: PostableDocument = {
      kind: d.kind,
      number: d.number,
      issueDate: d.issue_date,
      client: { name: d.client_name, code: d.client_code },
      lines: d.lines.map((l) => {
        const p = l.formatId != null ? productOf.get(l.formatId) : undefined;
        const account = p ? overrideAccount(chart, p.productId, p.gamme) : null;
        return { accountingType: l.accountingType, totalHT: l.totalHT, duties: l.duties, vatRate: l.vatRate, account };
      }),
      vat: d.vat.map((v) => ({ rate: v.rate, vat: v.vat })),
      totalHT: d.total_ht,
      totalVAT: d.total_vat,
      totalTTC: d.total_ttc,
      depositsDeducted: (d.deposits_deducted ?? []).map((x) => ({ ...x, vat: depositVat.get(x.id) })),
    };
    pending.push({
      at: d.issue_date,
      order: 0,
      kind: d.kind,
      id: d.id,
      clientId: d.client_id,
      clientName: d.client_name,
      entry: postDocument(doc, chart),
    });
  }
  return pending;
}
