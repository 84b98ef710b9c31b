// What the salespoint page keeps in its URL besides the lists' state: the tab (?tab=) and the ticket or closing open
// in a drawer (?ticket=42, ?closing=7), so that a link opens it, the back button closes it, ctrl-click opens a tab.
import type { ReactNode } from 'react';
import { parseId } from 'shared-kernel/kit';
import { Link, useLocation, useSearchParams } from 'shared-kernel/router';

export const SALESPOINT_TABS = ['tickets', 'sessions', 'closings', 'integrity'] as const;
export type SalesPointTab = (typeof SALESPOINT_TABS)[number];

/** The tab of `?tab=`; anything else is the tickets. */
export function tabOf(value: string | null): SalesPointTab {
  return (SALESPOINT_TABS as readonly string[]).includes(value ?? '') ? (value as SalesPointTab) : 'tickets';
}

/** The parameters that belong to one tab (its list, its filters, its drawer): a tab change drops them. */
export const TAB_PARAMS = ['page', 'pageSize', 'sort', 'q', 'from', 'to', 'sessionId', 'ticket', 'closing'] as const;

/** `search` with `changes` applied (null removes), as '?a=1&b=2' ('' when empty). */
export function withParams(search: string, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const s = next.toString();
  return s ? `?${s}` : '';
}

/** The id of an object open in a drawer (`?ticket=42`), null when none or malformed. */
export function useOpenParam(name: 'ticket' | 'closing') {
  const [params, setParams] = useSearchParams();
  const id = parseId(params.get(name));
  return {
    id,
    open: (value: number) => setParams((prev) => new URLSearchParams(withParams(prev.toString(), { [name]: String(value) }))),
    close: () => setParams((prev) => new URLSearchParams(withParams(prev.toString(), { [name]: null }))),
  };
}

/** A real link changing the page's query (`{ ticket: '42' }`, `{ tab: 'closings', closing: '7' }`). */
export function ParamLink({
  changes,
  children,
  ...rest
}: {
  changes: Record<string, string | null>;
  children: ReactNode;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const location = useLocation();
  return (
    <Link to={{ pathname: location.pathname, search: withParams(location.search, changes) }} {...rest}>
      {children}
    </Link>
  );
}
