import { useContext, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { bus } from 'shared-kernel/runtime';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

let client: QueryClient | null = null;

/** The page's one QueryClient (@tanstack/react-query is a shared singleton), created the first time a scope needs it. */
export function pageQueryClient(): QueryClient {
  if (!client) {
    const created = createQueryClient();
    // Logout: drop every cached query of the previous account.
    bus.on('logout', () => created.clear());
    client = created;
  }
  return client;
}

/**
 * Provides the page's QueryClient to a subtree (back-office scopes, the cart drawer, the notification bell). Public
 * pages render outside every such scope, so their first paint downloads no react-query. Inside an existing provider
 * (tests, a nested scope) it adds nothing.
 */
export default function QueryProvider({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  if (existing) return <>{children}</>;
  return <QueryClientProvider client={pageQueryClient()}>{children}</QueryClientProvider>;
}
