import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { Layout } from 'shared-kernel/contracts';
import { PageLoading } from '../feedback/PageLoading';
import type { LayoutProps } from './types';
import { DefaultLayout } from './DefaultLayout';
import { AntdScope } from '../app/AntdScope';

/**
 * Each layout is its own chunk: /auth/login never downloads the dashboard chrome
 * (header, sidebar, notification centre…).
 */
const LAYOUTS: Record<Layout, LazyExoticComponent<ComponentType<LayoutProps>> | ComponentType<LayoutProps>> = {
  admin: lazy(() => import('./AdminLayout')),
  auth: lazy(() => import('./AuthLayout')),
  dashboard: lazy(() => import('./DashboardLayout')),
  editor: lazy(() => import('./EditorLayout')),
  headerOnly: lazy(() => import('./HeaderOnlyLayout')),
  shops: lazy(() => import('./ShopsLayout')),
  tickets: lazy(() => import('./TicketsLayout')),
  default: DefaultLayout,
};

/**
 * Public pages rendered outside antd, so that their first paint downloads none of it: the shop pages, and the
 * auth screens (sign-in is opened on phones; mfe-auth's /auth/* screens use their own lean controls).
 */
export const WITHOUT_ANTD = new Set<Layout>(['shops', 'default', 'auth']);

export function LayoutFrame({ layout, entry, children }: LayoutProps & { layout: Layout }) {
  const Component = LAYOUTS[layout] ?? DefaultLayout;
  const page = (
    <Suspense fallback={<PageLoading full />}>
      <Component entry={entry}>{children}</Component>
    </Suspense>
  );
  return WITHOUT_ANTD.has(layout) ? page : <AntdScope fallback={<PageLoading full />}>{page}</AntdScope>;
}
