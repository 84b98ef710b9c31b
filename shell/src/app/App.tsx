import { useMemo, useState, useSyncExternalStore } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { i18n } from 'shared-kernel/i18n';
import { AppErrorBoundary } from '../feedback/AppErrorBoundary';
import { ShellContext, type ShellContextValue } from './shell-context';
import { buildRoutes } from '../router/build-routes';
import '../app/shell.css';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

function subscribeLanguage(cb: () => void) {
  i18n.on('languageChanged', cb);
  return () => i18n.off('languageChanged', cb);
}
const getLanguage = () => (i18n.language === 'en' ? 'en' : 'fr');

/** antd locale follows the i18n language (only the shell renders ConfigProvider and App). */
export function Providers({ shell, queryClient, children }: { shell: ShellContextValue; queryClient: QueryClient; children: React.ReactNode }) {
  const lang = useSyncExternalStore(subscribeLanguage, getLanguage, () => 'fr');
  dayjs.locale(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : frFR} theme={{ token: { colorPrimary: '#7a1f3d', borderRadius: 6 } }}>
      <AntApp component={false}>
        <QueryClientProvider client={queryClient}>
          <ShellContext.Provider value={shell}>{children}</ShellContext.Provider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
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
