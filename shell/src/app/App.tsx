import { useMemo, useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'shared-kernel/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppErrorBoundary } from '../feedback/AppErrorBoundary';
import { useLanguage } from './language';
import { ShellContext, type ShellContextValue } from './shell-context';
import { buildRoutes } from '../router/build-routes';
import '../app/shell.css';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

/** App-wide providers. antd's ConfigProvider is not here: see AntdScope (public pages load no antd). */
export function Providers({ shell, queryClient, children }: { shell: ShellContextValue; queryClient: QueryClient; children: React.ReactNode }) {
  const lang = useLanguage();
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  return (
    <QueryClientProvider client={queryClient}>
      <ShellContext.Provider value={shell}>{children}</ShellContext.Provider>
    </QueryClientProvider>
  );
}

export function App({ shell, routes }: { shell: ShellContextValue; routes?: RouteObject[] }) {
  const [queryClient] = useState(createQueryClient);
  const router = useMemo(() => createBrowserRouter(routes ?? buildRoutes(shell.routes)), [routes, shell.routes]);
  return (
    <AppErrorBoundary>
      <Providers shell={shell} queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </AppErrorBoundary>
  );
}
