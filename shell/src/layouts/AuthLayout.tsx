import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'shared-kernel/router';
import type { PublicShop } from 'shared-kernel/contracts';
import { api } from 'shared-kernel/runtime';
import { SEASON_LABELS, seasonFor } from './season';
import type { LayoutProps } from './types';
import '../app/auth-layout.css';

/** Where the logo goes when no shop is given. */
export const PROVIDER_SITE_URL = 'https://www.wineriz.fr';

/** GET /v1/shops/{id} (?id=<shop code>); any failure is ignored (spec §7). */
function useAuthShop(id: string | null, enabled: boolean): PublicShop | null {
  const [shop, setShop] = useState<PublicShop | null>(null);
  useEffect(() => {
    setShop(null);
    if (!id || !enabled) return;
    let alive = true;
    api
      .get<PublicShop | string | null>(`/shops/${encodeURIComponent(id)}`, { silent: true })
      .then((s) => {
        if (alive && s && typeof s === 'object') setShop(s);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [id, enabled]);
  return shop;
}

/**
 * 'auth' layout (spec §2): a side banner — the shop banner when ?id=<shop code> is
 * given, else a season image by date — and the form. Lean: no antd here.
 */
export default function AuthLayout({ entry, children }: LayoutProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const shop = useAuthShop(id, entry?.path !== '/auth/validate');
  const season = seasonFor(new Date());
  const banner = shop?.editedShop?.banner ?? null;
  const logo = shop?.editedShop?.logo ?? null;
  const color = shop?.editedShop?.color ?? undefined;

  return (
    <div className="wz-layout wz-layout--auth" data-layout="auth">
      <aside
        className={banner ? 'wz-auth__banner wz-auth__banner--shop' : `wz-auth__banner wz-season wz-season--${season}`}
        style={banner ? { backgroundImage: `url(${JSON.stringify(banner)})` } : undefined}
        data-season={banner ? undefined : season}
        aria-label={banner ? shop?.name : SEASON_LABELS[season]}
      />
      <main className="wz-auth__content">
        <div className="wz-auth__logo">
          {shop ? (
            <Link to={`/${shop.urlShop || `shops/${shop.code}`}`} aria-label={shop.name} style={color ? { color } : undefined}>
              {logo ? <img src={logo} alt={shop.name} height={56} /> : <span className="wz-logo-text">{shop.name}</span>}
            </Link>
          ) : (
            <a href={PROVIDER_SITE_URL} aria-label="Wineriz">
              <span className="wz-logo-text">Wineriz</span>
            </a>
          )}
        </div>
        {children}
      </main>
    </div>
  );
}
