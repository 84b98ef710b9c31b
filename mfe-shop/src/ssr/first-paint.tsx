// Server render of a shop or product page for the gateway's first paint (speed: LCP and score on a phone).
// Built by rspack.ssr.config.mjs into dist/ssr/first-paint.cjs (React, the router and i18next bundled in, no DOM);
// the gateway loads it from this remote's dist, asks the api what `plan` says, and puts `render`'s markup into a
// closed declarative shadow root in front of #root. The app renders the same components from the same api answers
// (inlined as JSON) and removes the copy once its page is on screen (first-paint.tsx `useReleaseFirstPaint`).
// Direct react-router / react-i18next imports are allowed here only: this bundle is not federated.
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { CatalogProduct, ProductListResponse, PublicShopPage } from 'shared-kernel/contracts';
import { detectLanguage, type Language } from 'shared-kernel/i18n';
import { buildUrl } from 'shared-kernel/runtime';
import { FirstPaintContext, listingKey } from '../public/first-paint';
import ProductPage from '../public/ProductPage';
import { buildFilter } from '../public/ProductList';
import { selectTab } from '../public/ShopFrame';
import ShopPage from '../public/ShopPage';

export type FirstPaintKind = 'shop' | 'product';

/** The api request (path under the api origin, e.g. /v1/products?…) the first listing page of a shop URL needs. */
export function listingRequest(search: string, shop: PublicShopPage): { key: string; path: string } | null {
  if (shop.suspended) return null; // the page only says the shop is suspended
  const q = new URLSearchParams(search);
  const tab = selectTab(shop.tabs, q.get('page'), q.get('pageid'));
  if (tab && tab.content.kind === 'text') return null;
  const filter = buildFilter(tab && tab.content.kind === 'products' ? tab.content.filter : undefined, {}, '');
  // the same request as mfe-shop's fetchProducts (data.ts): same query, same order
  return {
    key: listingKey(shop.id, filter),
    path: buildUrl('/products', { shopIds: [shop.id], filter, origin: 'shop', limit: 100, offset: 0 }),
  };
}

/** The visitor's language as the browser app will pick it (spec §9: ?lang, then the lang cookie, then the browser). */
export function languageOf(search: string, cookie: string | undefined, acceptLanguage: string | undefined): Language {
  const navigatorLanguage = (acceptLanguage ?? '').split(',')[0]?.split(';')[0]?.trim() || null;
  return detectLanguage({ query: search, cookie: cookie ?? null, navigatorLanguage });
}

const i18ns = new Map<Language, I18n>();
function i18nFor(lang: Language): I18n {
  let i = i18ns.get(lang);
  if (!i) {
    i = createInstance();
    void i.init({ lng: lang, fallbackLng: 'fr', resources: {}, initAsync: false, react: { useSuspense: false } });
    i18ns.set(lang, i);
  }
  return i;
}

export interface RenderInput {
  /** Path and query of the page (e.g. /domaine-demo?page=rouges). */
  url: string;
  lang: Language;
  adult: boolean;
  /** A wide screen (≥ 960 px): the filters start open, as the browser app opens them. */
  wide: boolean;
  shop: PublicShopPage;
  listing?: { key: string; data: ProductListResponse } | null;
  product?: CatalogProduct | null;
}

/**
 * The page's markup for the first paint: a stand-in for the shell's header bar (same height), then the shop page as
 * the app renders it for an anonymous visitor. Throws if a component cannot render on the server (the gateway then
 * serves the page without a first paint).
 */
export function render(input: RenderInput): string {
  const body = renderToString(
    <I18nextProvider i18n={i18nFor(input.lang)}>
      <FirstPaintContext.Provider
        value={{
          shop: input.shop,
          listing: input.listing,
          product: input.product,
          path: input.url,
          adult: input.adult,
          wide: input.wide,
          lang: input.lang,
        }}
      >
        <StaticRouter location={input.url}>
          <Routes>
            <Route path="/shops/:id" element={<ShopPage />} />
            <Route path="/shops/:id/:product" element={<ProductPage />} />
            <Route path="/:name" element={<ShopPage />} />
            <Route path="/:name/:product" element={<ProductPage />} />
          </Routes>
        </StaticRouter>
      </FirstPaintContext.Provider>
    </I18nextProvider>,
  );
  return `<style>${FRAME_CSS}</style><div class="fp-bar"></div><div class="fp-main">${body}</div>`;
}

/** The shell's 'shops' layout around the page (shell.css: .wz-header 56 px, .wz-main padding, mobile ≤ 600 px). */
const FRAME_CSS = `
:host{display:block}
.fp-bar{height:56px;box-sizing:border-box;background:#fff;border-bottom:1px solid #eee}
.fp-main{padding:16px}
@media (max-width:600px){.fp-main{padding:8px 8px 72px}}
`;
