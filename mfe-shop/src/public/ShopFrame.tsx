import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'shared-kernel/router';
import { tabQueryName } from 'shared-kernel/domain';
import type { PublicShopPage, ShopTab } from 'shared-kernel/contracts';
import { useSession } from 'shared-kernel/runtime';
import { AgeGate } from './AgeGate';
import { fetchShopPage, isShopClosed, takeInlinedShop, useLoad, type Loadable } from './data';
import { useReleaseFirstPaint, useServerData } from './first-paint';
import { isAlcoholic } from './format';
import { PriceGridRequest } from './PriceGridRequest';
import { SHOP_CSS } from './styles';
import { useTexts } from './texts';

export function ShopStyles() {
  return <style>{SHOP_CSS}</style>;
}

/** Base URL of a shop's pages: /{urlShop} or /shops/{id} depending on the route used. */
export function useShopBase(shop: Pick<PublicShopPage, 'id' | 'urlShop'>): string {
  const { pathname } = useLocation();
  return pathname.startsWith('/shops/') ? `/shops/${shop.id}` : `/${shop.urlShop}`;
}

export function tabHref(base: string, tab: ShopTab, all: ShopTab[]): string {
  const q = tabQueryName(tab.name);
  const dup = flatten(all).filter((t) => tabQueryName(t.name) === q).length > 1;
  return `${base}?page=${encodeURIComponent(q)}${dup ? `&pageid=${tab.id}` : ''}`;
}
export function flatten(tabs: ShopTab[]): ShopTab[] {
  return tabs.flatMap((t) => [t, ...flatten(t.children)]);
}
/** §2: ?page=<tab name lowercased, spaces → hyphens>, ?pageid=<id> when several tabs share a name. */
export function selectTab(tabs: ShopTab[], page: string | null, pageid: string | null): ShopTab | null {
  const all = flatten(tabs);
  if (pageid) {
    const byId = all.find((t) => String(t.id) === pageid);
    if (byId) return byId;
  }
  if (page) return all.find((t) => tabQueryName(t.name) === page.toLowerCase()) ?? null;
  return null;
}

/** Header classes and inline style from the shop's header style (spec §3), shared by the public page and the editor preview. */
export function headerLook(shop: Pick<PublicShopPage, 'headerStyle' | 'editedShop'>) {
  const hs = shop.headerStyle ?? {};
  const accent = shop.editedShop?.color || hs.color || '#6d1a36';
  const cls = [
    'wzs-header',
    hs.dark ? 'dark' : '',
    hs.shadow ? 'shadow' : '',
    hs.underline ? 'underline' : '',
    hs.isUppercase ? 'upper' : '',
    hs.border === false ? 'noborder' : '',
    hs.logoShadow ? 'logoshadow' : '',
    hs.logoPlacement === 'center' ? 'center' : hs.logoPlacement === 'left' ? 'left' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const elevation =
    typeof hs.elevation === 'number' && hs.elevation > 0
      ? `0 ${Math.min(hs.elevation, 24)}px ${Math.min(hs.elevation, 24) * 2}px rgba(0,0,0,.${hs.elevation > 8 ? 22 : 14})`
      : undefined;
  const style: Record<string, string | undefined> = {
    ['--wzs-accent']: accent,
    fontFamily: hs.font || undefined,
    background: hs.dark ? accent : undefined,
    boxShadow: elevation,
    ['--wzs-justify']: hs.justifyContent && hs.justifyContent !== 'start' ? hs.justifyContent : undefined,
  };
  return { hs, accent, cls, style };
}

/** The shop's banner (editedShop.banner), above the listing. */
export function ShopBanner({ shop }: { shop: Pick<PublicShopPage, 'editedShop' | 'name'> }) {
  const src = shop.editedShop?.banner;
  if (!src) return null;
  return (
    <div className="wzs-banner">
      <img src={src} alt="" />
    </div>
  );
}

export function ShopHeader({ shop, current }: { shop: PublicShopPage; current: ShopTab | null }) {
  const t = useTexts();
  const base = useShopBase(shop);
  const [open, setOpen] = useState(false);
  const loggedIn = useSession((s) => !!s.jwt);
  const logout = useSession((s) => s.logout);
  const { hs, cls, style } = headerLook(shop);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  const list = (tabs: ShopTab[], onClick?: () => void): ReactNode => (
    <>
      {tabs.map((tab) => (
        <li key={tab.id}>
          <Link to={tabHref(base, tab, shop.tabs)} aria-current={current?.id === tab.id ? 'page' : undefined} onClick={onClick}>
            {tab.name}
          </Link>
          {tab.children.length > 0 && <ul>{list(tab.children, onClick)}</ul>}
        </li>
      ))}
    </>
  );
  return (
    <header className={cls} style={style}>
      <Link to={base} className="wzs-brand">
        {!hs.hideLogo && shop.editedShop?.logo && <img src={shop.editedShop.logo} alt="" width={44} height={44} />}
        <span>{shop.name}</span>
      </Link>
      <nav aria-label={shop.name}>
        <ul className="wzs-tabs">{list(shop.tabs)}</ul>
      </nav>
      <button type="button" className="wzs-burger" aria-expanded={open} aria-controls="wzs-drawer" onClick={() => setOpen(true)}>
        <span aria-hidden="true">☰ </span>
        {t.menu}
      </button>
      {open && (
        <>
          <div className="wzs-backdrop" onClick={() => setOpen(false)} />
          <div id="wzs-drawer" className="wzs-drawer" role="dialog" aria-modal="true" aria-label={t.menu}>
            <button type="button" className="wzs-btn secondary" onClick={() => setOpen(false)}>
              {t.close}
            </button>
            <nav aria-label={t.menu}>
              <ul>{list(shop.tabs, () => setOpen(false))}</ul>
            </nav>
            <hr />
            <ul>
              <li>
                <Link to={loggedIn ? '/dashboard' : '/auth/login'} onClick={() => setOpen(false)}>
                  {t.mySpace}
                </Link>
              </li>
              {loggedIn && (
                <li>
                  <a
                    href="#"
                    onClick={(e) => {
                      e.preventDefault();
                      setOpen(false);
                      logout('user');
                    }}
                  >
                    {t.logout}
                  </a>
                </li>
              )}
            </ul>
          </div>
        </>
      )}
    </header>
  );
}

export function NotFound({ title, text }: { title: string; text?: string }) {
  const t = useTexts();
  useReleaseFirstPaint(true);
  return (
    <main className="wzs">
      <ShopStyles />
      <div className="wzs-empty" role="alert">
        <h1>{title}</h1>
        {text && <p>{text}</p>}
        <p>
          <Link to="/shops">{t.home}</Link>
        </p>
      </div>
    </main>
  );
}

/** A shop page that could not load: « Boutique fermée » when the shop's online shop is switched off, else not found. */
export function ShopError({ state }: { state: Extract<Loadable<unknown>, { status: 'error' }> }) {
  const t = useTexts();
  return isShopClosed(state) ? <NotFound title={t.closedTitle} text={t.closedText} /> : <NotFound title={t.shopNotFound} />;
}

/**
 * §6: a collaborator (iam) or a sales agent browsing a shop is warned that they are signed in as such — they see the
 * shop as their account does (their prices, products their shop hides from the public), not as its customers do.
 */
function SignedInAsStaff({ shop }: { shop: PublicShopPage }) {
  const t = useTexts();
  const role = useSession((s) => s.user?.role);
  const kind =
    shop.viewer?.kind === 'iam' || shop.viewer?.kind === 'agent' ? shop.viewer.kind : role === 'iam' || role === 'agent' ? role : null;
  if (!kind) return null;
  return (
    <p className="wzs-warning" role="status" data-testid="staff-warning">
      {kind === 'iam' ? t.signedInAsIam : t.signedInAsAgent}
    </p>
  );
}

/** Shop pages: stylesheet, age gate, header with tabs, Loi Evin message, footer. */
export function ShopFrame({ children, gate = true }: { children: (shop: PublicShopPage) => ReactNode; gate?: boolean }) {
  const params = useParams();
  const ref = params.name ?? params.id ?? '';
  const t = useTexts();
  const [search] = useSearchParams();
  const loggedIn = useSession((s) => !!s.jwt);
  const server = useServerData();
  const state = useLoad(
    `${ref}|${loggedIn}`,
    (signal) => fetchShopPage(ref, signal),
    () => takeInlinedShop(ref, loggedIn, server),
  );
  if (state.status === 'loading')
    return (
      <main className="wzs" aria-busy="true">
        <ShopStyles />
        <p className="wzs-empty">{t.loading}</p>
      </main>
    );
  if (state.status === 'error') return <ShopError state={state} />;
  const shop = state.data;
  const current = selectTab(shop.tabs, search.get('page'), search.get('pageid'));
  const alcoholic = isAlcoholic(shop.businessType);
  const base = `/${shop.urlShop}`;
  const accent = shop.editedShop?.color || shop.headerStyle?.color || '#6d1a36';
  return (
    <AgeGate active={gate && alcoholic} accent={accent}>
      <ShopStyles />
      <div className="wzs" style={{ ['--wzs-accent' as string]: accent }}>
        <ShopHeader shop={shop} current={current} />
        {alcoholic && (
          <p className="wzs-evin" data-testid="evin">
            {t.evin}
          </p>
        )}
        <SignedInAsStaff shop={shop} />
        <PriceGridRequest key={`${shop.id}-${shop.viewer?.priceGrid}`} shop={shop} />
        <main>{children(shop)}</main>
        <footer className="wzs-foot">
          <Link to={`${base}/legal-notice`}>{t.legalNotice}</Link>
          {alcoholic && <Link to={`${base}/nutritiveValues`}>{t.nutrition}</Link>}
        </footer>
      </div>
    </AgeGate>
  );
}
