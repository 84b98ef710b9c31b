import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shopMembers, shops } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { createAccountingService } from '../modules/accounting';

/**
 * Demo pre-accounting, after the sales documents: the entries of every demo invoice, deposit, credit note
 * and payment, posted as if on their own day (validation date = document date, so the FEC reads like a year kept day
 * by day), then the month three months ago closed by the owner. The chart of accounts stays the French defaults.
 */
export async function seedAccounting(db: Db, logger?: Logger): Promise<void> {
  try {
    const [shop] = await db.select().from(shops).where(eq(shops.urlShop, 'domaine-demo'));
    if (!shop) return;
    const [owner] = await db.select().from(shopMembers).where(eq(shopMembers.shopId, shop.id)).orderBy(shopMembers.id).limit(1);
    if (!owner || owner.kind !== 'owner') return;
    const service = createAccountingService({ db });
    await service.sync(shop.id, { validDate: 'document' });
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - 3);
    const month = d.toISOString().slice(0, 7);
    await service.closePeriod(owner, month).catch((err: unknown) => logger?.warn({ err }, 'seedAccounting: month not closed'));
  } catch (err) {
    logger?.error({ err }, 'seedAccounting failed: no demo entries');
  }
}
