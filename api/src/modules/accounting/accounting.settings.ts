/**
 * The chart of accounts (the shop's numbers over the PCG defaults) and the accounting settings (journals, export
 * choices, client accounts, the fiscal year's start kept in the shop's settings), and the context every read starts
 * from: `posted` posts whatever waits first, so nothing is ever typed twice.
 */
import { eq, sql } from 'drizzle-orm';
import {
  ACCOUNTING_MESSAGES as M,
  ACCOUNTING_SETTINGS_MESSAGES,
  DEFAULT_ACCOUNTING_SETTINGS,
  type AccountingCodes,
  type AccountingSettings,
} from 'shared-kernel/contracts';
import { DEFAULT_CHART, type ChartOfAccounts } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import { shops } from '../../platform/db/tables';
import { todayOf, type AccountingContext, type AccountingDeps } from './accounting.model';
import { syncEntries } from './accounting.posting';
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
    overrides: saved?.overrides ?? [],
    purchases: { ...d.purchases, ...saved?.purchases },
    result: { ...d.result, ...saved?.result },
  };
}

export async function codesOf(dbx: DbOrTx, shopId: number): Promise<AccountingCodes> {
  const [row] = await dbx.select({ codes: accountingSettings.codes }).from(accountingSettings).where(eq(accountingSettings.shopId, shopId));
  return withDefaults(row?.codes);
}

export async function contextOf({ db }: AccountingDeps, shopId: number): Promise<AccountingContext> {
  const [[row], [shop]] = await Promise.all([
    db.select().from(accountingSettings).where(eq(accountingSettings.shopId, shopId)),
    db.select({ settings: shops.settings }).from(shops).where(eq(shops.id, shopId)),
  ]);
  const chart = withDefaults(row?.codes);
  const s = (shop?.settings ?? {}) as { logStartMonth?: number; logStartDay?: number };
  const month = Number.isInteger(s.logStartMonth) && s.logStartMonth! >= 0 && s.logStartMonth! <= 11 ? s.logStartMonth! : 0;
  const day = Number.isInteger(s.logStartDay) && s.logStartDay! >= 1 && s.logStartDay! <= 31 ? s.logStartDay! : 1;
  const saved = row?.settings ?? {};
  const settings: AccountingSettings = {
    ...DEFAULT_ACCOUNTING_SETTINGS,
    ...saved,
    journals: { ...DEFAULT_ACCOUNTING_SETTINGS.journals, ...saved.journals },
    logStartMonth: month,
    logStartDay: day,
    clientPrefix: chart.clients.prefix,
    counterSalesClient: chart.counterSalesClient,
  };
  return { chart, settings, fiscal: { month, day } };
}

/** The context, once every waiting document and payment is posted. */
export async function posted(deps: AccountingDeps, shopId: number, opts?: Parameters<typeof syncEntries>[4]): Promise<AccountingContext> {
  const ctx = await contextOf(deps, shopId);
  await syncEntries(deps.db, shopId, ctx.chart, ctx.fiscal, { today: todayOf(deps), ...opts });
  return ctx;
}

export async function putCodes({ db }: AccountingDeps, shopId: number, body: AccountingCodes) {
  const codes = withDefaults(body);
  await db
    .insert(accountingSettings)
    .values({ shopId, codes })
    .onConflictDoUpdate({ target: accountingSettings.shopId, set: { codes, updatedAt: new Date() } });
  return { ...codes, message: M.codesSaved };
}

export async function putSettings(deps: AccountingDeps, shopId: number, body: AccountingSettings) {
  const ctx = await contextOf(deps, shopId);
  const codes = {
    ...ctx.chart,
    clients: { ...ctx.chart.clients, prefix: body.clientPrefix },
    counterSalesClient: body.counterSalesClient,
  };
  const settings = { journals: body.journals, exportLayout: body.exportLayout, exportFormat: body.exportFormat };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(accountingSettings)
      .values({ shopId, codes, settings })
      .onConflictDoUpdate({ target: accountingSettings.shopId, set: { codes, settings, updatedAt: new Date() } });
    await tx
      .update(shops)
      .set({
        settings: sql`${shops.settings} || jsonb_build_object('logStartMonth', ${body.logStartMonth}::int, 'logStartDay', ${body.logStartDay}::int)`,
      })
      .where(eq(shops.id, shopId));
  });
  return { ...(await contextOf(deps, shopId)).settings, message: ACCOUNTING_SETTINGS_MESSAGES.saved };
}
