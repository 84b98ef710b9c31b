// Posting the day closings (Z) of the tills: one cash-journal entry each, what was taken per method against the sales.
import { sql } from 'drizzle-orm';
import { postTillClosing, type ChartOfAccounts } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import { rows, type Pending } from './accounting.posting-entry';

/** The till's methods in the chart of accounts' (restaurant tickets, gift vouchers and tips land in 'other'). */
const TILL_METHOD: Record<string, string> = { ticket: 'other', gift: 'other', tips: 'other' };

/** The day closings not posted yet, oldest first, as entries waiting to be inserted. */
export async function waitingTillClosings(tx: DbOrTx, shopId: number, chart: ChartOfAccounts): Promise<Pending[]> {
  const pending: Pending[] = [];
  const zs = rows<{
    id: number;
    period: string;
    ref: string;
    name: string;
    totals: {
      byType: Array<{ accountingType: string; vatRate: number; totalHT: number; vat: number }>;
      byMethod: Array<{ method: string; amount: number }>;
    };
    float: number | null;
    counted: Record<string, number> | null;
    expected: Record<string, number> | null;
  }>(
    await tx.execute(sql`select z.id, z.period, z.ref, s.name, z.totals, z.float, z.counted, z.expected
      from pos_closings z join pos_salespoints s on s.id = z.salespoint_id
      where z.shop_id = ${shopId} and z.kind = 'day'
        and not exists (select 1 from accounting_entries e where e.shop_id = ${shopId} and e.source_kind = 'till' and e.source_id = z.id)
      order by z.period, z.id`),
  );
  for (const z of zs) {
    // what the drawer holds after the count (the float is not a taking); methods not counted: what the tickets say
    const payments = z.totals.byMethod.map((m) => {
      const counted = z.counted?.[m.method];
      if (counted == null) return m;
      return { method: m.method, amount: m.method === 'cash' ? counted - (z.float ?? 0) : counted };
    });
    for (const [method, counted] of Object.entries(z.counted ?? {}))
      if (!payments.some((p) => p.method === method) && counted - (method === 'cash' ? (z.float ?? 0) : 0) !== 0)
        payments.push({ method, amount: counted - (method === 'cash' ? (z.float ?? 0) : 0) });
    const entry = postTillClosing(
      {
        id: z.id,
        date: z.period,
        reference: z.ref,
        salespoint: z.name,
        sales: z.totals.byType,
        payments: payments.map((p) => ({ method: TILL_METHOD[p.method] ?? p.method, amount: p.amount })),
      },
      chart,
    );
    pending.push({ at: z.period, order: 2, kind: 'till', id: z.id, clientId: null, clientName: null, entry });
  }
  return pending;
}
