import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import { useTranslation } from 'shared-kernel/i18next';
import { forceFrench, useLanguage } from 'shared-kernel/i18n';
import { useLayoutMode } from 'shared-kernel/runtime';
import type { Layout } from 'shared-kernel/contracts';
import { useShellUi } from '../app/ui-store';
import { Header } from '../header/Header';
import { useLogout } from '../header/useLogout';
import { useSessionCtx } from '../guard/use-session-ctx';
import { BottomBar } from '../mobile/BottomBar';
import { Drawer } from '../mobile/Drawer';
import { NotificationCentreHost } from '../notifications/NotificationCentreHost';
import { useDocumentsPolling } from '../documents/useDocumentsPolling';
import type { LayoutProps } from './types';
import { registerShellTexts } from '../app/i18n';
import './chrome.css';

// the header's texts (i18next keys of the 'shell' namespace): registered with the layouts that show them
registerShellTexts();

const Sidebar = lazy(() => import('../sidebar/Sidebar'));

export interface ChromeOptions {
  layout: Layout;
  /** 'dashboard': permanent on desktop, 56 px rail expandable on tablet, drawer on mobile.
   *  'mobileDrawer': only a drawer on mobile (shop pages). 'none': no sidebar. */
  sidebar: 'dashboard' | 'mobileDrawer' | 'none';
  /** Heading above the page (tickets: 'Messagerie'). */
  heading?: string;
  /** Spec §9: the dashboard is always in French. */
  french?: boolean;
  /** Poll documents to download (dashboard layout). */
  documents?: boolean;
  /** Mobile bottom bar (dashboard layouts). */
  bottomBar?: boolean;
}

function DocumentsPolling() {
  useDocumentsPolling();
  return null;
}

function DrawerContent({ onNavigate }: { onNavigate: () => void }) {
  const logout = useLogout();
  const { user, masterAccount } = useSessionCtx();
  const { t } = useTranslation('shell');
  return (
    <>
      <Suspense fallback={null}>
        <Sidebar onNavigate={onNavigate} />
      </Suspense>
      {(user || masterAccount) && (
        <button type="button" className="wz-btn wz-drawer__logout" onClick={logout}>
          <LogoutOutlined aria-hidden /> {t('header.logout', 'Déconnexion')}
        </button>
      )}
    </>
  );
}

/** The back office of a shop the platform's operator suspended: it reads, and says why it cannot write. */
function SuspendedShopNotice() {
  return (
    <div className="wz-suspended" role="alert">
      <strong>Votre boutique est suspendue par la plateforme.</strong> Vos pages publiques sont masquées et plus rien ne peut y être vendu
      ni modifié ; vous pouvez consulter vos données et les exporter. Contactez le support pour la rouvrir.
    </div>
  );
}

/** Header + sidebar + content frame shared by the dashboard-like layouts. */
export function ChromeLayout({ entry, children, options }: LayoutProps & { options: ChromeOptions }) {
  const mode = useLayoutMode();
  const drawerOpen = useShellUi((s) => s.drawerOpen);
  const setDrawerOpen = useShellUi((s) => s.setDrawerOpen);
  const [expanded, setExpanded] = useState(false);
  const { user, shop } = useSessionCtx();
  const language = useLanguage();

  useEffect(() => {
    if (options.french) void forceFrench();
  }, [options.french]);

  // Close the drawer when leaving mobile.
  useEffect(() => {
    if (mode !== 'mobile' && drawerOpen) setDrawerOpen(false);
  }, [mode, drawerOpen, setDrawerOpen]);

  const title = entry ? (language === 'en' && !options.french && entry.titleEn ? entry.titleEn : entry.title) : undefined;
  const permanent = options.sidebar === 'dashboard' && mode !== 'mobile';
  const drawerSidebar = mode === 'mobile' && options.sidebar !== 'none';
  const onMenu = drawerSidebar ? () => setDrawerOpen(true) : permanent && mode === 'tablet' ? () => setExpanded((e) => !e) : undefined;
  const collapsed = mode === 'tablet' && !expanded;
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <div className={`wz-layout wz-layout--chrome wz-layout--${options.layout} wz-mode--${mode}`} data-layout={options.layout}>
      <Header title={options.heading ?? title} onMenu={onMenu} />
      <div className="wz-body">
        {permanent && (
          <aside className={collapsed ? 'wz-sidebar wz-sidebar--collapsed' : 'wz-sidebar'} style={{ width: collapsed ? 56 : 180 }}>
            <Suspense fallback={null}>
              <Sidebar collapsed={collapsed} onNavigate={mode === 'tablet' ? () => setExpanded(false) : undefined} />
            </Suspense>
          </aside>
        )}
        <main className="wz-main" id="wz-main">
          {shop?.suspended && options.layout === 'dashboard' && <SuspendedShopNotice />}
          {options.heading && <h1 className="wz-page-heading">{options.heading}</h1>}
          {children}
        </main>
      </div>
      {drawerSidebar && (
        <Drawer open={drawerOpen} onClose={closeDrawer} label="Menu" width="min(320px, 85vw)">
          <DrawerContent onNavigate={closeDrawer} />
        </Drawer>
      )}
      {options.bottomBar && mode === 'mobile' && user && <BottomBar />}
      {options.documents && <DocumentsPolling />}
      <NotificationCentreHost />
    </div>
  );
}

export function makeChromeLayout(options: ChromeOptions) {
  const L = ({ entry, children }: LayoutProps): ReactNode => (
    <ChromeLayout entry={entry} options={options}>
      {children}
    </ChromeLayout>
  );
  L.displayName = `Layout(${options.layout})`;
  return L;
}
