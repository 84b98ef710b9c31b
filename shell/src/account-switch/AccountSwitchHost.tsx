import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'shared-kernel/router';
import { useSession } from 'shared-kernel/runtime';
import { useShellUi } from '../app/ui-store';
import { AntdScope } from '../app/AntdScope';

const AccountSwitchDialog = lazy(() => import('./AccountSwitchDialog'));

/** Mounts the account-switch popup when needed; opens it by itself for a master-only session on /dashboard. */
export function AccountSwitchHost() {
  const open = useShellUi((s) => s.accountSwitchOpen);
  const setOpen = useShellUi((s) => s.setAccountSwitchOpen);
  const user = useSession((s) => s.user);
  const masterAccount = useSession((s) => s.masterAccount);
  const { pathname } = useLocation();
  const [loaded, setLoaded] = useState(open);
  if (open && !loaded) setLoaded(true);

  useEffect(() => {
    if (masterAccount && !user && pathname.replace(/\/+$/, '') === '/dashboard') setOpen(true);
  }, [masterAccount, user, pathname, setOpen]);

  if (!loaded || !masterAccount) return null;
  return (
    <AntdScope>
      <Suspense fallback={null}>
        <AccountSwitchDialog />
      </Suspense>
    </AntdScope>
  );
}
