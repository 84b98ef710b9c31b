// react-query keys of a resource, scoped by the signed-in viewer: a master account switches users in the same page,
// and one user's cached orders must never show for another (user id + shop id in every key).
//
//   export const orderKeys = createQueryKeys('sales', 'orders');
//   const keys = useQueryKeys(orderKeys);          // in a component or hook
//   keys.list(apiQuery)  → ['sales', 'orders', 'u2:s1', 'list', { page: 1, … }]
//   keys.detail(42)      → ['sales', 'orders', 'u2:s1', 'detail', 42]
import { useMemo } from 'react';
import { useSession, type SessionState } from 'shared-kernel/runtime';

/** Who the cache belongs to: 'u<user id>:s<shop id>' ('anon' / '-' when absent). */
export type ViewerKey = string;

export function viewerKeyOf(session: Pick<SessionState, 'user' | 'shop'>): ViewerKey {
  return `u${session.user?.id ?? 'anon'}:s${session.shop?.id ?? '-'}`;
}

/** The viewer key of the signed-in user (re-renders when the account changes). */
export function useViewerKey(): ViewerKey {
  return useSession(viewerKeyOf);
}

export interface ResourceKeys<Q = unknown, Id = string | number> {
  /** Everything of the resource for this viewer. */
  all: readonly unknown[];
  lists(): readonly unknown[];
  list(query: Q): readonly unknown[];
  details(): readonly unknown[];
  detail(id: Id): readonly unknown[];
}

export interface QueryKeyFactory<Q = unknown, Id = string | number> {
  domain: string;
  resource: string;
  /** Every viewer's cache of the resource (`invalidateQueries({ queryKey: factory.all })`). */
  all: readonly [string, string];
  /** The keys of one viewer. */
  forViewer(viewer: ViewerKey): ResourceKeys<Q, Id>;
}

export function createQueryKeys<Q = unknown, Id = string | number>(domain: string, resource: string): QueryKeyFactory<Q, Id> {
  const all = [domain, resource] as const;
  return {
    domain,
    resource,
    all,
    forViewer(viewer) {
      const mine = [domain, resource, viewer] as const;
      return {
        all: mine,
        lists: () => [...mine, 'list'],
        list: (query) => [...mine, 'list', query],
        details: () => [...mine, 'detail'],
        detail: (id) => [...mine, 'detail', id],
      };
    },
  };
}

/** The keys of `factory` for the signed-in viewer. */
export function useQueryKeys<Q, Id>(factory: QueryKeyFactory<Q, Id>): ResourceKeys<Q, Id> {
  const viewer = useViewerKey();
  return useMemo(() => factory.forViewer(viewer), [factory, viewer]);
}
