// The shell provides one QueryClient for the page (@tanstack/react-query is a shared singleton). A page of this
// remote rendered without it (remote dev server, isolated tests) gets this remote's own client instead of crashing.
import { useContext, useState, type ComponentType, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';

export function QueryScope({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  const [own] = useState(() => (existing ? null : new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } })));
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
