// Posting the payments received or refunded: BQ, or CA for cash (the journal is the domain's choice, by method).
import { sql } from 'drizzle-orm';
import { postPayment, type ChartOfAccounts } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import { rows, type Pending } from './accounting.posting-entry';

interface PaymentRow {
  id: number;
  direction: 'in' | 'out';
  method: string;
  amount: number;
  paid_at: string;
  reference: string | null;
  client_id: number | null;
  client_name: string;
  client_code: string | null;
}

/** The payments not posted yet, oldest first, as entries waiting to be inserted. */
export async function waitingPayments(tx: DbOrTx, shopId: number, chart: ChartOfAccounts): Promise<Pending[]> {
  const pays = rows<PaymentRow>(
    await tx.execute(sql`select p.id, p.direction, p.method, p.amount, p.paid_at::text as paid_at, p.reference, p.client_id, p.client_name,
        c.code as client_code
      from sales_payments p left join crm_clients c on c.id = p.client_id
      where p.shop_id = ${shopId}
        and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = 'payment' and e.source_id = p.id)
      order by p.paid_at, p.id`),
  );
  const pending: Pending[] = [];
  for (const p of pays) {
    const entry = postPayment(
      {
        direction: p.direction,
        method: p.method,
        amount: p.amount,
        paidAt: p.paid_at,
        reference: p.reference,
        id: p.id,
        client: { name: p.client_name, code: p.client_code },
      },
      chart,
    );
    pending.push({ at: p.paid_at, order: 1, kind: 'payment', id: p.id, clientId: p.client_id, clientName: p.client_name, entry });
  }
  return pending;
}
