// The URL state of the entries list. Mirrors GET /accounting/entries (contract shared-kernel/contracts/accounting.ts):
// sort date (default newest first) and num; filters from / to (entry date, YYYY-MM-DD), journal (VT, BQ, CA, OD, HA, AN),
// account (the entries having a line on an account starting with these characters), clientId and lettered
// (true / false; absent = all). from, to, journal and clientId are also the filters of the balances tab.
import { z } from 'zod';
import { JOURNAL_KINDS } from 'shared-kernel/contracts';
import { listStateSchema, type UrlListState } from 'shared-kernel/kit';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();

/** An account number or its first characters ('411', '445712', '411DUP'). */
export const accountPrefix = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z]{1,20}$/)
  .optional();

const filters = {
  from: day,
  to: day,
  journal: z.enum(JOURNAL_KINDS).optional(),
  account: accountPrefix,
  clientId: z.coerce.number().int().positive().optional(),
  lettered: z.stringbool().optional(),
};
const SORT = ['date', 'num'] as const;

export const entriesList = listStateSchema({ sort: SORT, defaultSort: '-date', filters });

/** useUrlListState(entriesList) */
export type EntriesListState = UrlListState<(typeof SORT)[number], typeof filters>;
