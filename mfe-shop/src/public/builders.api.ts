// A shop's box builders ('Composer un coffret'), for the public pages: plain fetchers used with `useLoad` (the public
// pages render outside react-query, so their first paint downloads none of it).
// GET /v1/shops/:shop/builders → ShopBuilder[] · GET /v1/shops/:shop/builders/:builder → ShopBuilderDetail
import type { ShopBuilder, ShopBuilderDetail } from 'shared-kernel/contracts';
import { api } from 'shared-kernel/runtime';

const buildersPath = (shop: string | number) => `/shops/${encodeURIComponent(String(shop))}/builders`;

export const fetchBuilders = (shop: string | number, signal?: AbortSignal) =>
  api.get<ShopBuilder[]>(buildersPath(shop), { silent: true, signal });

export const fetchBuilder = (shop: string | number, builder: string, signal?: AbortSignal) =>
  api.get<ShopBuilderDetail>(`${buildersPath(shop)}/${encodeURIComponent(builder)}`, { silent: true, signal });
