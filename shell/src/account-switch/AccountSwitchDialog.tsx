import { useState } from 'react';
import { useNavigate } from 'shared-kernel/router';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import type { LoginResponse } from 'shared-kernel/contracts';
import { homeFor } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';
import { useShellUi } from '../app/ui-store';
import { switchAccount } from './api';

/**
 * 'Changer de compte' (master accounts): popup 'Choisissez un compte' listing the
 * sub-accounts; choosing one calls POST /v1/auth/switch-account and reloads the session
 * (the shop is then fetched by SessionEffects for owner/iam). Lazy chunk (antd Modal).
 */
export default function AccountSwitchDialog() {
  const open = useShellUi((s) => s.accountSwitchOpen);
  const setOpen = useShellUi((s) => s.setAccountSwitchOpen);
  const masterAccount = useSession((s) => s.masterAccount);
  const currentUserId = useSession((s) => s.user?.id ?? null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (userId: number) => {
    setPending(userId);
    setError(null);
    try {
      const resp = await switchAccount(userId);
      // keep the master account when the api answers only the sub-account
      const next: LoginResponse = { ...resp, masterAccount: resp.masterAccount ?? useSession.getState().masterAccount };
      useSession.getState().setLogin(next);
      useShellUi.getState().setShopLoad('idle');
      queryClient.clear();
      setOpen(false);
      void navigate(homeFor(next.user), { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Une erreur est survenue');
    } finally {
      setPending(null);
    }
  };

  // A master-only session (no user yet) must pick an account: no cancel.
  const mustChoose = currentUserId === null;
  return (
    <Modal
      open={open && !!masterAccount}
      title="Choisissez un compte"
      footer={null}
      closable={!mustChoose}
      maskClosable={!mustChoose}
      keyboard={!mustChoose}
      onCancel={() => setOpen(false)}
      width="min(420px, 100vw)"
      destroyOnHidden
    >
      <ul className="wz-switch__list" aria-label="Comptes">
        {masterAccount?.subAccounts.map((a) => (
          <li key={a.id}>
            <button
              type="button"
              className="wz-switch__item"
              aria-current={a.id === currentUserId ? 'true' : undefined}
              disabled={pending !== null}
              onClick={() => void choose(a.id)}
            >
              <strong>{a.shopName || a.username}</strong>
              <span>{a.email}</span>
              {pending === a.id && <span className="wz-spinner" aria-label="Chargement" />}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="wz-error-text">
          {error}
        </p>
      )}
    </Modal>
  );
}
