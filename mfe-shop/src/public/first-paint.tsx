import { createContext, useContext, useEffect } from 'react';
import type { CatalogProduct, ProductListResponse, PublicShopPage } from 'shared-kernel/contracts';
import type { Language } from 'shared-kernel/i18n';
import { releaseFirstPaint } from 'shared-kernel/runtime';

/**
 * What the server render of a shop or product page knows (src/ssr/first-paint.tsx): the anonymous api answers the
 * gateway fetched, whether the visitor has the adult cookie, whether the screen is wide. Null in the browser.
 */
export interface FirstPaintData {
  shop: PublicShopPage;
  listing?: { key: string; data: ProductListResponse } | null;
  product?: CatalogProduct | null;
  /** The URL asked for (path and query). */
  path: string;
  adult: boolean;
  wide: boolean;
  /** The visitor's language as the gateway picked it: the texts are `textsFor(lang)` (no i18next state on the server). */
  lang: Language;
}

export const FirstPaintContext = createContext<FirstPaintData | null>(null);

/** The server render's data, or null in the browser. */
export function useServerData(): FirstPaintData | null {
  return useContext(FirstPaintContext);
}

/** The key of a listing request, the same on the server (what to prefetch) and in the browser (what to reuse). */
export function listingKey(shopId: number, filter: unknown): string {
  return `${shopId}|${JSON.stringify(filter)}`;
}

/** Once the app's page shows its content (or its error), the server's first paint goes and `#root` shows. */
export function useReleaseFirstPaint(ready: boolean): void {
  useEffect(() => {
    if (ready) releaseFirstPaint();
  }, [ready]);
}
