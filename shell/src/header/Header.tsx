import { lazy, Suspense } from 'react';
import { Link, NavLink, useNavigate } from 'shared-kernel/router';
import { useTranslation } from 'shared-kernel/i18next';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import CalendarOutlined from '@ant-design/icons/es/icons/CalendarOutlined';
import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import ShoppingCartOutlined from '@ant-design/icons/es/icons/ShoppingCartOutlined';
import { homeFor } from 'shared-kernel/domain';
import { bus, useCartItemCount, useLayoutMode } from 'shared-kernel/runtime';
import { useShellUi } from '../app/ui-store';
import { isLogged, isSeller, useSessionCtx } from '../guard/use-session-ctx';
import { NotificationBellSlot } from '../notifications/NotificationBellSlot';
import { TicketsLinkSlot } from '../tickets/TicketsLinkSlot';
import { AccountMenu } from './AccountMenu';
import { AgentTourSwitch } from './AgentTourSwitch';

const SearchBox = lazy(() => import('./SearchBox'));

export interface HeaderProps {
  /** Page title (mobile). */
  title?: string;
  /** Show the menu button (opens the sidebar drawer / expands the tablet sidebar). */
  onMenu?: () => void;
}

/** Shop page of an owner/iam: their url name, else /shops/<code>. */
export function ownShopPath(shop: { urlShop?: string | null; code: string } | null): string | null {
  if (!shop) return null;
  return shop.urlShop ? `/${shop.urlShop}` : `/shops/${encodeURIComponent(shop.code)}`;
}

function CartButton() {
  const count = useCartItemCount();
  return (
    <button
      type="button"
      className="wz-icon-btn wz-badge-host"
      aria-label={`Panier, ${count} ${count > 1 ? 'articles' : 'article'}`}
      onClick={() => bus.emit('cart:open')}
    >
      <ShoppingCartOutlined aria-hidden />
      {count > 0 && (
        <span className="wz-badge" data-testid="cart-count" aria-hidden>
          {count}
        </span>
      )}
    </button>
  );
}

function Logo() {
  const { user, shop } = useSessionCtx();
  const logo = user?.role === 'owner' ? shop?.editedShop?.logo : null;
  const to = user ? homeFor(user) : '/';
  return (
    // the accessible name holds the visible text (WCAG 2.5.3), then where the link goes
    <Link to={to} className="wz-header__logo" aria-label={`${logo ? (shop?.name ?? 'Logo') : 'Wineriz'}, accueil`}>
      {logo ? <img src={logo} alt={shop?.name ?? 'Logo'} height={36} /> : <span className="wz-logo-text">Wineriz</span>}
    </Link>
  );
}

/**
 * Header of spec §2 / §6 "Header items": what shows depends on the role.
 * Mobile: title with an optional back arrow and a menu button.
 */
export function Header({ title, onMenu }: HeaderProps) {
  const { t } = useTranslation('shell');
  const mode = useLayoutMode();
  const navigate = useNavigate();
  const { user, masterAccount, shop } = useSessionCtx();
  const openSwitch = useShellUi((s) => s.setAccountSwitchOpen);
  const logged = isLogged({ user, masterAccount });
  const role = user?.role;
  const isBuyer = !logged || role === 'buyer';
  const seller = isSeller(user);

  if (mode === 'mobile') {
    const canGoBack = typeof window !== 'undefined' && ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    return (
      <header className="wz-header wz-header--mobile">
        {canGoBack && (
          <button type="button" className="wz-icon-btn" aria-label={t('header.back', 'Retour')} onClick={() => void navigate(-1)}>
            <ArrowLeftOutlined aria-hidden />
          </button>
        )}
        <h1 className="wz-header__title">{title ?? 'Wineriz'}</h1>
        {isBuyer && <CartButton />}
        {onMenu && (
          <button type="button" className="wz-icon-btn" aria-label={t('header.menu', 'Menu')} onClick={onMenu}>
            <MenuOutlined aria-hidden />
          </button>
        )}
      </header>
    );
  }

  const shopPath = seller ? ownShopPath(shop) : null;
  return (
    <header className="wz-header">
      {onMenu && (
        <button type="button" className="wz-icon-btn" aria-label={t('header.menu', 'Menu')} onClick={onMenu}>
          <MenuOutlined aria-hidden />
        </button>
      )}
      <Logo />
      {logged && !isBuyer && (
        <div className="wz-header__search">
          <Suspense fallback={<input className="wz-search-placeholder" aria-label="Aller à" placeholder="Aller à" disabled />}>
            <SearchBox />
          </Suspense>
        </div>
      )}
      <div className="wz-header__spacer" />
      <nav className="wz-header__nav" aria-label={t('header.nav', 'Navigation')}>
        {logged && (
          <NavLink className="wz-btn wz-btn--text" to={homeFor(user)} end>
            {t('header.dashboard', 'Tableau de bord')}
          </NavLink>
        )}
        {user && (
          <NavLink className="wz-btn wz-btn--text" to="/dashboard/settings">
            {t('header.settings', 'Paramètres')}
          </NavLink>
        )}
        {seller ? (
          shopPath && (
            <NavLink className="wz-btn wz-btn--text" to={shopPath}>
              {t('header.shop', 'Boutique')}
            </NavLink>
          )
        ) : (
          <NavLink className="wz-btn wz-btn--text" to="/shops" end>
            {t('header.producers', 'Producteurs')}
          </NavLink>
        )}
        {role === 'agent' && <AgentTourSwitch />}
        {masterAccount && (
          <button type="button" className="wz-btn wz-btn--text" onClick={() => openSwitch(true)}>
            {t('header.switchAccount', 'Changer de compte')}
          </button>
        )}
      </nav>
      <div className="wz-header__icons">
        {(role === 'owner' || role === 'buyer') && mode === 'desktop' && <TicketsLinkSlot label={t('header.tickets', 'Messagerie')} />}
        {seller && (
          <Link className="wz-icon-btn" to="/dashboard/calendar" aria-label={t('header.calendar', 'Calendrier')}>
            <CalendarOutlined aria-hidden />
          </Link>
        )}
        {user && <NotificationBellSlot />}
        {isBuyer && <CartButton />}
        <AccountMenu />
      </div>
    </header>
  );
}
