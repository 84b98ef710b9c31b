import { z } from 'zod';
import { accountingCodesSchema, type AccountingCodes } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, json, type ApiRouter } from '../../platform/routes';
import { createAccountingService } from './accounting.service';

/** The pre-accounting routes (issue 15): the shop's chart of accounts. */
export function createAccountingRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createAccountingService({ db });
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
  return r;
}
