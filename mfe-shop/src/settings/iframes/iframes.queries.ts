// The shop's embeddable widgets (api modules/iframes), read by the settings section `iframes`; they are created,
// changed and removed on /dashboard/iframes (mfe-shop):
//   GET /v1/iframes?page=1&pageSize=…&sort=-id → Paginated<Iframe> (the caller's shop, newest first)   owner, iam
import { useQuery } from '@tanstack/react-query';
import type { Paginated } from 'shared-kernel/contracts';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export interface Iframe {
  id: number;
  shopId: number;
  name: string;
  kind: 'list' | 'product';
  productId: number | null;
  createdAt: string;
}

/** How many of the newest iframes the section lists (the rest: /dashboard/iframes). */
export const SHOWN_IFRAMES = 20;

export const iframesSettingsKeys = createQueryKeys<void, number>('shop', 'iframes-settings');

export function useShopIframes(enabled: boolean) {
  const keys = useQueryKeys(iframesSettingsKeys);
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) =>
      api.get<Paginated<Iframe>>('/iframes', { query: { page: 1, pageSize: SHOWN_IFRAMES, sort: '-id' }, silent: true, signal }),
    enabled,
  });
}
