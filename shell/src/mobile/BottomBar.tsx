import { lazy, Suspense, useMemo, useState } from 'react';
import { NavLink } from 'shared-kernel/router';
import CustomerServiceOutlined from '@ant-design/icons/es/icons/CustomerServiceOutlined';
import QrcodeOutlined from '@ant-design/icons/es/icons/QrcodeOutlined';
import ShoppingCartOutlined from '@ant-design/icons/es/icons/ShoppingCartOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import { canOpenRoute } from 'shared-kernel/domain';
import { useShell } from '../app/shell-context';
import { isSeller, useSessionCtx } from '../guard/use-session-ctx';
import { NotificationBellSlot } from '../notifications/NotificationBellSlot';

const QrDialog = lazy(() => import('./QrDialog'));

/** Help page opened by the chat-help button (the third-party chat widget is not embedded). */
export const HELP_PATH = '/help';

/** Mobile dashboard bottom bar (spec §2): Clients, Commandes, QR code (owner/iam), Notifications, chat help. */
export function BottomBar() {
  const { routes } = useShell();
  const { user, masterAccount, shop } = useSessionCtx();
  const [qrOpen, setQrOpen] = useState(false);
  const can = useMemo(() => {
    const ok = (path: string) => {
      const r = routes.find((route) => route.path === path);
      return !!r && canOpenRoute(r, { user, masterAccount, shop });
    };
    return { clients: ok('/dashboard/clients'), orders: ok('/dashboard/orders') };
  }, [routes, user, masterAccount, shop]);

  return (
    <nav className="wz-bottom-bar" aria-label="Barre de navigation mobile">
      {can.clients && (
        <NavLink to="/dashboard/clients" className="wz-bottom-bar__item">
          <TeamOutlined aria-hidden />
          <span className="wz-bottom-bar__label">Clients</span>
        </NavLink>
      )}
      {can.orders && (
        <NavLink to="/dashboard/orders" className="wz-bottom-bar__item" end>
          <ShoppingCartOutlined aria-hidden />
          <span className="wz-bottom-bar__label">Commandes</span>
        </NavLink>
      )}
      {isSeller(user) && shop && (
        <button type="button" className="wz-bottom-bar__item" onClick={() => setQrOpen(true)} aria-label="QR code">
          <QrcodeOutlined aria-hidden />
          <span className="wz-bottom-bar__label">QR code</span>
        </button>
      )}
      {user && (
        <span className="wz-bottom-bar__item">
          <NotificationBellSlot />
        </span>
      )}
      <NavLink to={HELP_PATH} className="wz-bottom-bar__item" aria-label="Aide">
        <CustomerServiceOutlined aria-hidden />
        <span className="wz-bottom-bar__label">Aide</span>
      </NavLink>
      {qrOpen && shop && (
        <Suspense fallback={null}>
          <QrDialog open={qrOpen} onClose={() => setQrOpen(false)} shopCode={shop.code} />
        </Suspense>
      )}
    </nav>
  );
}
