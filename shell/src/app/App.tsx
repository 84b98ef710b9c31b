import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'shared-kernel/router';
import { AppErrorBoundary } from '../feedback/AppErrorBoundary';
import { useLanguage } from './language';
import { ShellContext, type ShellContextValue } from './shell-context';
import { buildRoutes } from '../router/build-routes';
import '../app/shell.css';

/**
 * App-wide providers. Neither antd's ConfigProvider nor react-query's client are here: AntdScope and QueryScope
 * load them for the subtrees that need them, so public pages (shop, sign-in) download neither.
 */
export function Providers({ shell, children }: { shell: ShellContextValue; children: React.ReactNode }) {
  const lang = useLanguage();
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  return <ShellContext.Provider value={shell}>{children}</ShellContext.Provider>;
}

export function App({ shell, routes }: { shell: ShellContextValue; routes?: RouteObject[] }) {
  const router = useMemo(() => createBrowserRouter(routes ?? buildRoutes(shell.routes)), [routes, shell.routes]);
  return (
    <AppErrorBoundary>
      <Providers shell={shell}>
        <RouterProvider router={router} />
      </Providers>
    </AppErrorBoundary>
  );
}
