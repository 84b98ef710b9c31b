import { lazy, Suspense, type ReactNode } from 'react';

const AntdProviders = lazy(() => import('./AntdProviders'));

/**
 * Wraps a subtree that uses antd in the shell's ConfigProvider + App, loading antd on demand.
 * Public shop pages stay outside it so their first paint never downloads antd (DESIGN §7).
 */
export function AntdScope({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <AntdProviders>{children}</AntdProviders>
    </Suspense>
  );
}
