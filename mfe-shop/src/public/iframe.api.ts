// What an embedded widget (/iframes/:id) shows: a plain fetcher used with `useLoad` (public page, outside
// react-query). GET /v1/iframes/:id/public → IframeConfig, then the shop's page and, for a one-product widget, the
// product.
import { api } from 'shared-kernel/runtime';
import { fetchProduct, fetchShopPage } from './data';

/** GET /v1/iframes/:id/public: what a widget shows. */
export interface IframeConfig {
  id: number;
  shopId: number;
  name: string;
  kind: 'list' | 'product';
  productId: number | null;
  urlShop: string;
}

export async function fetchIframeWidget(id: string, signal?: AbortSignal) {
  const cfg = await api.get<IframeConfig>(`/iframes/${encodeURIComponent(id)}/public`, { silent: true, signal });
  const [shop, product] = await Promise.all([
    fetchShopPage(cfg.urlShop, signal),
    cfg.kind === 'product' && cfg.productId ? fetchProduct(cfg.productId, signal) : Promise.resolve(null),
  ]);
  return { cfg, shop, product };
}
