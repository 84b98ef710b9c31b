import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import {
  accountingCodesSchema,
  accountingSettingsSchema,
  reopenPeriodSchema,
  type AccountingCodes,
  type AccountingSettings,
} from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, json, type ApiRouter } from '../../platform/routes';
import { createAccountingService, type AccountingService } from './accounting.service';
import {
  balancesQuery,
  exportQuery,
  fecQuery,
  listEntriesQuery,
  monthParams,
  optionalYearQuery,
  periodQuery,
  yearQuery,
} from './accounting.schemas';

/** The pre-accounting routes: chart of accounts, settings, entries, balances, FEC, exports, VAT, closing. */
/** The routes over one accounting service (built by the composition root; a test may let the router build its own). */
export function createAccountingRouter({ db, auth }: AppDeps, service: AccountingService = createAccountingService({ db })): ApiRouter {
  const r = apiRouter(auth);
  const tags = ['accounting'];
  const saved = accountingCodesSchema.extend({ message: z.string() });

  defineRoute(
    r,
    {
      auth: 'user',
      tags,
      shop: { anyOf: ['accessAccounting', 'editAccountingCodes'] },
      method: 'get',
      path: '/accounting/codes',
      summary: 'The chart of accounts of the caller’s shop: its own numbers over the French defaults (PCG)',
      responses: { 200: json(accountingCodesSchema, 'The accounting codes') },
    },
    ({ member }) => service.codesOf(member.shopId),
  );
  defineRoute(
    r,
    {
      auth: 'user',
      tags,
      shop: { anyOf: ['editAccountingCodes'] },
      method: 'put',
      path: '/accounting/codes',
      summary: 'Save the chart of accounts (every number: a PCG class digit first, three digits)',
      request: { body: accountingCodesSchema },
      responses: { 200: json(saved, 'Saved') },
    },
    ({ member, body }) => service.putCodes(member.shopId, body as AccountingCodes),
  );
  const reading = { auth: 'user' as const, tags, shop: { anyOf: ['accessAccounting' as const, 'editAccountingCodes' as const] } };
  const anyJson = (description: string) => json(z.any(), description);
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/accounting/settings',
      summary: 'Fiscal year, journals, export choices, client accounts',
      responses: { 200: anyJson('The settings') },
    },
    ({ member }) => service.settingsOf(member.shopId),
  );
  defineRoute(
    r,
    {
      auth: 'user',
      tags,
      shop: { anyOf: ['editAccountingCodes'] },
      method: 'put',
      path: '/accounting/settings',
      summary: 'Save the fiscal year start (shop settings logStartMonth / logStartDay), journals, export choices and client accounts',
      request: { body: accountingSettingsSchema },
      responses: { 200: anyJson('Saved') },
    },
    ({ member, body }) => service.putSettings(member.shopId, body as AccountingSettings),
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/accounting/entries',
      summary: 'Journal entries (generated from the documents and payments first), with the totals of the filtered lines',
      request: { query: listEntriesQuery },
      responses: { 200: anyJson('A page of entries') },
    },
    ({ member, query }) => service.listEntries(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/accounting/balances',
      summary: 'Debit, credit and balance of each account (and client auxiliary) over a period',
      request: { query: balancesQuery },
      responses: { 200: anyJson('The balances') },
    },
    ({ member, query }) => service.balances(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/accounting/fiscal-years',
      summary: 'The fiscal years (current first)',
      responses: { 200: anyJson('The years') },
    },
    ({ member }) => service.fiscalYears(member.shopId),
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/accounting/fec/check',
      summary: 'The FEC of a fiscal year checked (A47 A-1 LPF): file name, size, problems',
      request: { query: yearQuery },
      responses: { 200: anyJson('The check') },
    },
    ({ member, query }) => service.fecCheck(member.shopId, query.year),
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/accounting/fec',
      summary: 'The FEC of a fiscal year (streamed text file {SIREN}FEC{closing date}.txt, ISO 8859-15 unless encoding=utf-8)',
      request: { query: fecQuery },
      responses: { 200: { description: 'The FEC', contentType: 'text/plain' } },
    },
    async ({ member, query }, _req, res) => {
      const fec = await service.fecFile(member.shopId, query.year, query.encoding);
      res.setHeader('Content-Type', fec.contentType).setHeader('Content-Disposition', `attachment; filename="${fec.fileName}"`);
      try {
        await pipeline(fec.body, res);
      } catch (err) {
        // the client left before the end: there is no one left to answer
        if ((err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
      }
    },
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/accounting/export',
      summary: 'The entries of a period as CSV or XLSX in a column layout for the accountant',
      request: { query: exportQuery },
      responses: { 200: { description: 'The file', contentType: 'text/csv' } },
    },
    async ({ member, query }, _req, res) => {
      const f = await service.exportFile(member.shopId, query);
      res.type(f.type).setHeader('Content-Disposition', `attachment; filename="${f.name}"`);
      res.send(f.body);
    },
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/accounting/vat',
      summary: 'Collected VAT per month, rate and VAT type (CA3 help)',
      request: { query: periodQuery },
      responses: { 200: anyJson('The VAT summary') },
    },
    ({ member, query }) => service.vatSummary(member.shopId, query.from, query.to),
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/accounting/periods',
      summary: 'The months of a fiscal year: open or closed, entries, last export, history',
      request: { query: optionalYearQuery },
      responses: { 200: anyJson('The months') },
    },
    ({ member, query }) => service.periods(member.shopId, query.year),
  );
  defineRoute(
    r,
    {
      auth: 'user',
      tags,
      shop: { anyOf: ['editAccountingCodes'] },
      method: 'post',
      path: '/accounting/periods/:month/close',
      summary: 'Close a month that is over: nothing can be dated in it any more',
      request: { params: monthParams },
      responses: { 200: anyJson('Closed') },
    },
    ({ member, params }) => service.closePeriod(member, params.month),
  );
  defineRoute(
    r,
    {
      auth: 'user',
      tags,
      shop: { kinds: ['owner'] },
      method: 'post',
      path: '/accounting/periods/:month/reopen',
      summary: 'Reopen a closed month (owner only, with a reason, recorded)',
      request: { params: monthParams, body: reopenPeriodSchema },
      responses: { 200: anyJson('Reopened') },
    },
    ({ member, params, body }) => service.reopenPeriod(member, params.month, body.reason),
  );
  return r;
}
