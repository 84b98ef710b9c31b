/**
 * Client codes: the settings crm prefix + a per-shop sequence, given under the advisory lock (1313, shop id) so that
 * concurrent creations never share a number. modules/loyalty (buyerClientFile) creates a buyer's file with the same
 * lock and rule in SQL: it cannot import this module (the checkout reaches loyalty, and the CRM reaches the orders).
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import type { ShopRow } from '../../platform/db/tables';
import { crmClients } from './clients.tables';

export function clientCode(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(5, '0')}`;
}

export function codePrefixOf(shop: Pick<ShopRow, 'settings'> | undefined): string {
  const crm = (shop?.settings as { crm?: { clientCodePrefix?: unknown } } | null)?.crm;
  const p = typeof crm?.clientCodePrefix === 'string' ? crm.clientCodePrefix.trim() : '';
  return p || 'CL';
}

export async function nextClientNumber(tx: DbOrTx, shopId: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(1313, ${shopId})`);
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(nullif(substring(${crmClients.code} from '(\\d+)$'), '')::int), 0)` })
    .from(crmClients)
    .where(eq(crmClients.shopId, shopId));
  return Number(row?.n ?? 0) + 1;
}
