import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'shared-kernel/router';
import { OTHER_PRODUCTS, productSlug } from 'shared-kernel/domain';
import type { CatalogProduct, ProductFilter, ProductListResponse, PublicShopPage } from 'shared-kernel/contracts';
import { fetchProducts, takeInlinedListing, useLoad } from './data';
import { listingKey, useReleaseFirstPaint, useServerData } from './first-paint';
import { useSession } from 'shared-kernel/runtime';
import { Visual } from './Visual';
import { colorLabel, lowestPrice, priceText, stockState, typeLabel, vintageLabel, vintageWord } from './format';
import { useTexts, type LangTexts } from './texts';

type GroupKey = 'gamme' | 'type' | 'color' | 'vintage';
export type Selection = Partial<Record<GroupKey, string>>;

/** The §7 filter sent to the api: the tab's own filter, the chosen group values and the search. */
export function buildFilter(tabFilter: Record<string, string[]> | undefined, sel: Selection, search: string): ProductFilter {
  const f: ProductFilter = { ...(tabFilter ?? {}) } as ProductFilter;
  for (const k of ['gamme', 'type', 'color', 'vintage'] as const) if (sel[k]) f[k] = [sel[k]!];
  if (search.trim()) f.search = search.trim();
  return f;
}

function label(group: GroupKey, v: string, t: LangTexts): string {
  if (v === OTHER_PRODUCTS) return t.otherProducts;
  if (group === 'color') return colorLabel(v, t.lang);
  if (group === 'type') return typeLabel(v);
  if (group === 'vintage') return vintageLabel(v, t);
  return v;
}

function FilterGroups({
  facets,
  sel,
  onChange,
  shop,
}: {
  facets: ProductListResponse['facets'];
  sel: Selection;
  onChange: (s: Selection) => void;
  shop: PublicShopPage;
}) {
  const t = useTexts();
  const groups: Array<{ key: GroupKey; title: string }> = [
    { key: 'gamme', title: t.range },
    { key: 'type', title: t.type },
    { key: 'color', title: t.color },
    { key: 'vintage', title: vintageWord(shop.businessType, t) },
  ];
  return (
    <>
      {groups
        .filter((g) => facets[g.key].length > 0)
        .map((g) => (
          <fieldset key={g.key} className="wzs-group">
            <legend>{g.title}</legend>
            <div className="wzs-chips">
              <button
                type="button"
                className="wzs-chip"
                aria-pressed={!sel[g.key]}
                onClick={() => onChange({ ...sel, [g.key]: undefined })}
              >
                {t.allProducts}
              </button>
              {[...facets[g.key], ...(g.key === 'vintage' ? [] : [OTHER_PRODUCTS])].map((v) => (
                <button
                  key={v}
                  type="button"
                  className="wzs-chip"
                  aria-pressed={sel[g.key] === v}
                  onClick={() => onChange({ ...sel, [g.key]: sel[g.key] === v ? undefined : v })}
                >
                  {label(g.key, v, t)}
                </button>
              ))}
            </div>
          </fieldset>
        ))}
    </>
  );
}

export function ProductCard({ p, base, reserved }: { p: CatalogProduct; base: string; reserved: boolean }) {
  const t = useTexts();
  const low = lowestPrice(p.formats);
  const st = stockState(p.status, p.formats, t);
  const vint = p.vintages.map((v) => (v.name === 'NV' ? 'NV' : v.name)).join(' · ');
  return (
    <li className="wzs-card">
      <Link to={`${base}/${productSlug(p)}`}>
        <Visual src={p.visuals[0]} kind={p.productType} color={p.color} />
        <h3>{p.name}</h3>
        <span className="wzs-meta">{[p.color ? colorLabel(p.color, t.lang) : null, p.precision, vint].filter(Boolean).join(' · ')}</span>
        <span className="wzs-price">{low ? `${t.from} ${priceText(low.cents, low.ttc, t)}` : reserved ? t.pricesReserved : t.noPrice}</span>
        {!st.available && <span className="wzs-badge">{st.text}</span>}
      </Link>
    </li>
  );
}

/** The server's first paint shows the first cards only (what a screen shows), the app all of them. */
const FIRST_PAINT_CARDS = 12;

/** Product listing with filter groups (range, type, colour, vintage) and search. */
export function ProductList({ shop, base, tabFilter }: { shop: PublicShopPage; base: string; tabFilter?: Record<string, string[]> }) {
  const t = useTexts();
  const [sel, setSel] = useState<Selection>({});
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setDebounced(search), 250);
    return () => clearTimeout(id);
  }, [search]);
  const tabKey = JSON.stringify(tabFilter ?? {});
  // another tab: its own filters start over (not on the first render: the listing may have come with the page)
  const shownTab = useRef(tabKey);
  useEffect(() => {
    if (shownTab.current === tabKey) return;
    shownTab.current = tabKey;
    setSel({});
    setSearch('');
    setDebounced('');
    setFacets(null);
  }, [tabKey]);
  const filter = useMemo(() => buildFilter(tabFilter, sel, debounced), [tabKey, sel, debounced]); // eslint-disable-line react-hooks/exhaustive-deps
  const server = useServerData();
  const loggedIn = useSession((s) => !!s.jwt);
  const key = listingKey(shop.id, filter);
  const state = useLoad(
    key,
    (signal) => fetchProducts(shop.id, filter, { signal }),
    () => takeInlinedListing(key, loggedIn, server),
  );
  // the first page's facets at once when the listing came with the page (no filters popping in after the first paint)
  const [facets, setFacets] = useState<ProductListResponse['facets'] | null>(() => (state.status === 'ok' ? state.data.facets : null));
  useReleaseFirstPaint(state.status !== 'loading');
  useEffect(() => {
    if (state.status === 'ok') setFacets((f) => f ?? state.data.facets);
  }, [state]);
  const filtering = Object.values(sel).some(Boolean) || !!debounced.trim();
  return (
    <div className="wzs-layout">
      <aside>
        <label htmlFor="wzs-search" className="wzs-meta">
          {t.search}
        </label>
        <input
          id="wzs-search"
          className="wzs-search"
          type="search"
          value={search}
          placeholder={t.search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {facets && (
          <details className="wzs-filters" open={server ? server.wide : typeof window === 'undefined' || window.innerWidth >= 960}>
            <summary>{t.filters}</summary>
            <FilterGroups facets={facets} sel={sel} onChange={setSel} shop={shop} />
          </details>
        )}
      </aside>
      <section aria-live="polite" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && <p className="wzs-empty">{t.loading}</p>}
        {state.status === 'error' && (
          <p className="wzs-empty" role="alert">
            {state.message}
          </p>
        )}
        {state.status === 'ok' && state.data.items.length === 0 && (
          <p className="wzs-empty" data-testid="empty">
            {filtering ? t.noResult : t.noProducts}
          </p>
        )}
        {state.status === 'ok' && state.data.items.length > 0 && (
          <>
            <p className="wzs-meta">{t.results(state.data.total)}</p>
            {state.data.pricesReserved && (
              <p className="wzs-promo">
                {t.pricesReserved} <Link to={`/auth/login?redirectLink=${encodeURIComponent(base)}`}>{t.signIn}</Link>
              </p>
            )}
            <ul className="wzs-grid">
              {(server ? state.data.items.slice(0, FIRST_PAINT_CARDS) : state.data.items).map((p) => (
                <ProductCard key={p.id} p={p} base={base} reserved={state.data.pricesReserved} />
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
