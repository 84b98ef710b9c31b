import { lazy, Suspense, type ReactNode } from 'react';

const QueryProvider = lazy(() => import('./query-client'));

/** react-query for a subtree, loaded on demand (see query-client.tsx). AntdScope includes it. */
export function QueryScope({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <QueryProvider>{children}</QueryProvider>
    </Suspense>
  );
}
