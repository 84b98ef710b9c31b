// What mfe-accounting's './module' exposes: a page for every path of ./routes, plus the fr/en texts of its titles and menu labels.
// Built: the chart of accounts (/dashboard/accounting/codes) and the journals (
// /dashboard/accounting/journals: entries, balances, exports — FEC, accountant export, collected VAT — and closing),
// and the accounting settings section.
import { lazy } from 'react';
import type { LazyPage, LazyWidget } from 'shared-kernel/contracts';
import { defineRemoteModule } from 'shared-kernel/remote';
import routes from './routes';

/** i18n namespace, also the prefix of every titleKey/labelKey declared in ./routes. */
export const NAMESPACE = 'accounting';

/** Screens that exist, by route path. Everything else is the 'not yet available' page naming the screen. */
const built: Record<string, LazyPage> = {
  '/dashboard/accounting/codes': lazy(() => import('./codes/AccountingCodesPage')),
  '/dashboard/accounting/journals': lazy(() => import('./journals/JournalsPage')),
};

/** Settings sections by the key declared in ./routes `settingsSections` (shown on mfe-auth's settings page). */
const settingsSections: Record<string, LazyWidget> = {
  accounting: lazy(() => import('./settings/accounting/AccountingSection').then((m) => ({ default: m.AccountingSection }))),
};

export default defineRemoteModule({ name: 'mfe-accounting', namespace: NAMESPACE, routes, built, settingsSections });
