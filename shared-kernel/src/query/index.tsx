// The shell provides one QueryClient for the page (@tanstack/react-query is a shared singleton). A remote's page
// rendered without it (remote dev server, isolated tests) gets its own client instead of crashing: wrap back-office
// pages that use react-query with `withQueryScope`. Pure (no state of its own): bundled into each remote that uses it.
import { useContext, useState, type ComponentType, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';

export function QueryScope({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  const [own] = useState(() =>
    existing ? null : new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  if (existing || !own) return <>{children}</>;
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}

export function withQueryScope<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  const Scoped = (props: P) => (
    <QueryScope>
      <Page {...props} />
    </QueryScope>
  );
  Scoped.displayName = `QueryScope(${Page.displayName ?? Page.name})`;
  return Scoped;
}
