import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'shared-kernel/router';
import { useTranslation } from 'shared-kernel/i18next';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { homeFor } from 'shared-kernel/domain';
import { useSessionCtx } from '../guard/use-session-ctx';
import { useLogout } from './useLogout';

/** Account menu: username, email, dashboard link, Déconnexion; 'Se connecter' / 'Créer un compte' when anonymous. */
export function AccountMenu() {
  const { t } = useTranslation('shell');
  const { user, masterAccount } = useSessionCtx();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const account = user ?? masterAccount;
  const close = () => setOpen(false);
  return (
    <div className="wz-account" ref={ref}>
      <button
        type="button"
        className="wz-icon-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('header.account', 'Mon compte')}
        onClick={() => setOpen((o) => !o)}
      >
        <UserOutlined aria-hidden />
      </button>
      {open && (
        <div className="wz-dropdown" id={menuId} role="menu" aria-label={t('header.account', 'Mon compte')}>
          {account ? (
            <>
              <div className="wz-account__who" role="none">
                <strong>{account.username}</strong>
                <span>{account.email}</span>
              </div>
              <Link role="menuitem" to={homeFor(user)} onClick={close}>
                {t('header.dashboard', 'Tableau de bord')}
              </Link>
              <button type="button" role="menuitem" onClick={logout}>
                {t('header.logout', 'Déconnexion')}
              </button>
            </>
          ) : (
            <>
              <Link role="menuitem" to="/auth/login" onClick={close}>
                {t('header.login', 'Se connecter')}
              </Link>
              <Link role="menuitem" to="/auth/register" onClick={close}>
                {t('header.register', 'Créer un compte')}
              </Link>
            </>
          )}
        </div>
      )}
    </div>
  );
}
