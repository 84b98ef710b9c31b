import { eq } from 'drizzle-orm';
import { ACCOUNTING_MESSAGES as M, type AccountingCodes } from 'shared-kernel/contracts';
import { DEFAULT_CHART, type ChartOfAccounts } from 'shared-kernel/domain';
import type { Db, DbOrTx } from '../../platform/db/client';
import { accountingSettings } from './accounting.tables';

/** The shop's codes over the defaults (a code the shop never set, or a type added since, takes its default). */
export function withDefaults(saved: Partial<ChartOfAccounts> | null | undefined): AccountingCodes {
  const d = DEFAULT_CHART;
  return {
    products: { ...d.products, ...saved?.products },
    vat: { ...d.vat, ...saved?.vat },
    duties: saved?.duties ?? d.duties,
    deposits: saved?.deposits ?? d.deposits,
    payments: { ...d.payments, ...saved?.payments },
    clients: { ...d.clients, ...saved?.clients },
    counterSalesClient: saved?.counterSalesClient ?? d.counterSalesClient,
    other: { ...d.other, ...saved?.other },
  };
}

export function createAccountingService({ db }: { db: Db }) {
  async function codesOf(dbx: DbOrTx, shopId: number): Promise<AccountingCodes> {
    const [row] = await dbx
      .select({ codes: accountingSettings.codes })
      .from(accountingSettings)
      .where(eq(accountingSettings.shopId, shopId));
    return withDefaults(row?.codes);
  }

  async function putCodes(shopId: number, body: AccountingCodes) {
    const codes = withDefaults(body);
    await db
      .insert(accountingSettings)
      .values({ shopId, codes })
      .onConflictDoUpdate({ target: accountingSettings.shopId, set: { codes, updatedAt: new Date() } });
    return { ...codes, message: M.codesSaved };
  }

  return { codesOf: (shopId: number) => codesOf(db, shopId), putCodes };
}
export type AccountingService = ReturnType<typeof createAccountingService>;
