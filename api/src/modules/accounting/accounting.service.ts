/**
 * Pre-accounting as one object for the router, the shop data export and the demo seed: each operation is a
 * module-level function of its own file, given here its dependencies (the db, the clock).
 *   accounting.settings.ts   chart of accounts, settings, the context every read starts from (`posted`)
 *   accounting.entries.ts    the entries list and the accounts' balances
 *   accounting.periods.ts    fiscal years, months closed and reopened, months marked exported
 *   accounting.fec.ts        the FEC: its records, its check, its streamed download (accounting.encoding.ts: its bytes)
 *   accounting.opening-check.ts  the opening entry against the previous closing, for the FEC's check
 *   accounting.exports.ts    the accountant export (CSV, XLSX)      accounting.vat.ts  the VAT summary
 *   accounting.posting.ts    the entries posted from the documents and payments
 *   accounting.model.ts      the deps, the context, the accounts' labels
 * Every read posts what is waiting first, so nothing is ever typed twice.
 */
import type { AccountingCodes, AccountingSettings, ExportFormat, ExportLayout, FecEncoding, JournalKind } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { balances, listEntries } from './accounting.entries';
import { exportFile } from './accounting.exports';
import { fecCheck, fecFile, fecOfYear } from './accounting.fec';
import type { AccountingDeps } from './accounting.model';
import { closePeriod, fiscalYears, periods, reopenPeriod } from './accounting.periods';
import type { syncEntries } from './accounting.posting';
import type { EntriesListQuery } from './accounting.schemas';
import { codesOf, contextOf, posted, putCodes, putSettings } from './accounting.settings';
import { vatSummary } from './accounting.vat';

export function createAccountingService({ db, clock = () => new Date() }: { db: Db; clock?: () => Date }) {
  const deps: AccountingDeps = { db, clock };
  return {
    codesOf: (shopId: number) => codesOf(db, shopId),
    putCodes: (shopId: number, body: AccountingCodes) => putCodes(deps, shopId, body),
    settingsOf: async (shopId: number) => (await contextOf(deps, shopId)).settings,
    putSettings: (shopId: number, body: AccountingSettings) => putSettings(deps, shopId, body),
    sync: (shopId: number, opts?: Parameters<typeof syncEntries>[4]) => posted(deps, shopId, opts),
    listEntries: (shopId: number, q: EntriesListQuery) => listEntries(deps, shopId, q),
    balances: (shopId: number, q: { from?: string; to?: string; journal?: JournalKind; clientId?: number }) => balances(deps, shopId, q),
    fiscalYears: (shopId: number) => fiscalYears(deps, shopId),
    fecCheck: (shopId: number, year: number) => fecCheck(deps, shopId, year),
    fecFile: (shopId: number, year: number, encoding?: FecEncoding) => fecFile(deps, shopId, year, encoding),
    fecLines: (shopId: number, year: number) => fecOfYear(deps, shopId, year),
    exportFile: (shopId: number, q: { from: string; to: string; format?: ExportFormat; layout?: ExportLayout }) =>
      exportFile(deps, shopId, q),
    vatSummary: (shopId: number, from: string, to: string) => vatSummary(deps, shopId, from, to),
    periods: (shopId: number, year: number | undefined) => periods(deps, shopId, year),
    closePeriod: (member: ShopMemberRow, month: string) => closePeriod(deps, member, month),
    reopenPeriod: (member: ShopMemberRow, month: string, reason: string) => reopenPeriod(deps, member, month, reason),
  };
}
export type AccountingService = ReturnType<typeof createAccountingService>;
