// What mfe-auth's './module' exposes: a page for every path of ./routes, plus the fr/en texts of its titles and menu labels.
// Built so far: every /auth screen, the settings page and mfe-auth's settings sections; every other route is the honest
// 'not yet available' page.
import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';
import { defineRemoteModule } from 'shared-kernel/remote';
import routes from './routes';
import { SECTIONS } from './settings/sections';

/** i18n namespace, also the prefix of every titleKey/labelKey declared in ./routes. */
export const NAMESPACE = 'auth';

/** Screens that exist, by route path. Everything else is the 'not yet available' page naming the screen. */
const built: Record<string, LazyPage> = {
  '/auth': lazy(() => import('./common/pages').then((m) => ({ default: m.AuthChoicePage }))),
  '/auth/login': lazy(() => import('./login/LoginPage')),
  '/auth/register': lazy(() => import('./common/pages').then((m) => ({ default: m.RegisterChoicePage }))),
  '/auth/register/buyer': lazy(() => import('./register/RegisterPage').then((m) => ({ default: m.BuyerRegisterPage }))),
  '/auth/register-wineriz': lazy(() => import('./common/pages').then((m) => ({ default: m.RegisterWinerizChoicePage }))),
  '/auth/register-wineriz/seller': lazy(() => import('./register/RegisterPage').then((m) => ({ default: m.SellerRegisterPage }))),
  '/auth/register-wineriz/agent': lazy(() => import('./register/RegisterPage').then((m) => ({ default: m.AgentRegisterPage }))),
  '/auth/validate': lazy(() => import('./validate/ValidatePage')),
  '/auth/resetpwd': lazy(() => import('./reset/ResetPasswordPage')),
  '/dashboard/settings': lazy(() => import('./settings/SettingsPage')),
  '/get-api-key': lazy(() => import('./api-key/ApiKeyPage')),
  '/admin/users': lazy(() => import('./admin/AdminUsersPage')),
  '/admin': lazy(() => import('./admin/AdminDashboardPage')),
  '/admin/orders': lazy(() => import('./admin/AdminOrdersPage')),
  '/admin/products': lazy(() => import('./admin/AdminProductsPage')),
  '/admin/shops': lazy(() => import('./admin/AdminShopsPage')),
};

/** The settings sections declared in ./routes `settingsSections`, by key (the settings page lists every remote's). */
export default defineRemoteModule({ name: 'mfe-auth', namespace: NAMESPACE, routes, built, settingsSections: SECTIONS });
