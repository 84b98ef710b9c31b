import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { tabQueryName } from 'shared-kernel/domain';
import type { PublicShopPage, ShopTab } from 'shared-kernel/contracts';
import { useSession } from 'shared-kernel/runtime';
import { AgeGate } from './AgeGate';
import { fetchShopPage, useLoad } from './data';
import { isAlcoholic } from './format';
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

function ShopHeader({ shop, current }: { shop: PublicShopPage; current: ShopTab | null }) {
  const t = useTexts();
  const base = useShopBase(shop);
  const [open, setOpen] = useState(false);
  const loggedIn = useSession((s) => !!s.jwt);
  const logout = useSession((s) => s.logout);
  const hs = shop.headerStyle ?? {};
  const accent = shop.editedShop?.color || hs.color || '#6d1a36';
  const cls = ['wzs-header', hs.dark ? 'dark' : '', hs.shadow ? 'shadow' : '', hs.underline ? 'underline' : '', hs.isUppercase ? 'upper' : '',
    hs.logoPlacement === 'center' ? 'center' : hs.logoPlacement === 'left' ? 'left' : ''].filter(Boolean).join(' ');
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  const list = (tabs: ShopTab[], onClick?: () => void): ReactNode => (
    <>
      {tabs.map((tab) => (
        <li key={tab.id}>
          <Link to={tabHref(base, tab, shop.tabs)} aria-current={current?.id === tab.id ? 'page' : undefined} onClick={onClick}>{tab.name}</Link>
          {tab.children.length > 0 && <ul>{list(tab.children, onClick)}</ul>}
        </li>
      ))}
    </>
  );
  return (
    <header className={cls} style={{ ['--wzs-accent' as string]: accent, fontFamily: hs.font || undefined, background: hs.dark ? accent : undefined }}>
      <Link to={base} className="wzs-brand">
        {!hs.hideLogo && shop.editedShop?.logo && <img src={shop.editedShop.logo} alt="" width={44} height={44} />}
        <span>{shop.name}</span>
      </Link>
      <nav aria-label={shop.name}><ul className="wzs-tabs">{list(shop.tabs)}</ul></nav>
      <button type="button" className="wzs-burger" aria-expanded={open} aria-controls="wzs-drawer" onClick={() => setOpen(true)}><span aria-hidden="true">☰ </span>{t.menu}</button>
      {open && (
        <>
          <div className="wzs-backdrop" onClick={() => setOpen(false)} />
          <div id="wzs-drawer" className="wzs-drawer" role="dialog" aria-modal="true" aria-label={t.menu}>
            <button type="button" className="wzs-btn secondary" onClick={() => setOpen(false)}>{t.close}</button>
            <nav aria-label={t.menu}><ul>{list(shop.tabs, () => setOpen(false))}</ul></nav>
            <hr />
            <ul>
              <li><Link to={loggedIn ? '/dashboard' : '/auth/login'} onClick={() => setOpen(false)}>{t.mySpace}</Link></li>
              {loggedIn && <li><a href="#" onClick={(e) => { e.preventDefault(); setOpen(false); logout('user'); }}>{t.logout}</a></li>}
            </ul>
          </div>
        </>
      )}
    </header>
  );
}

export function NotFound({ title, text }: { title: string; text?: string }) {
  const t = useTexts();
  return (
    <main className="wzs"><ShopStyles />
      <div className="wzs-empty" role="alert"><h1>{title}</h1>{text && <p>{text}</p>}<p><Link to="/shops">{t.home}</Link></p></div>
    </main>
  );
}

/** Shop pages: stylesheet, age gate, header with tabs, Loi Evin message, footer. */
export function ShopFrame({ children, gate = true }: { children: (shop: PublicShopPage) => ReactNode; gate?: boolean }) {
  const params = useParams();
  const ref = params.name ?? params.id ?? '';
  const t = useTexts();
  const [search] = useSearchParams();
  const loggedIn = useSession((s) => !!s.jwt);
  const state = useLoad(`${ref}|${loggedIn}`, (signal) => fetchShopPage(ref, signal));
  if (state.status === 'loading') return <main className="wzs" aria-busy="true"><ShopStyles /><p className="wzs-empty">{t.loading}</p></main>;
  if (state.status === 'error') return <NotFound title={t.shopNotFound} />;
  const shop = state.data;
  const current = selectTab(shop.tabs, search.get('page'), search.get('pageid'));
  const alcoholic = isAlcoholic(shop.businessType);
  const base = `/${shop.urlShop}`;
  return (
    <AgeGate active={gate && alcoholic}>
      <ShopStyles />
      <div className="wzs" style={{ ['--wzs-accent' as string]: shop.editedShop?.color || shop.headerStyle?.color || '#6d1a36' }}>
        <ShopHeader shop={shop} current={current} />
        {alcoholic && <p className="wzs-evin" data-testid="evin">{t.evin}</p>}
        <main>{children(shop)}</main>
        <footer className="wzs-foot">
          <Link to={`${base}/legal-notice`}>{t.legalNotice}</Link>
          {alcoholic && <Link to={`${base}/nutritiveValues`}>{t.nutrition}</Link>}
        </footer>
      </div>
    </AgeGate>
  );
}
