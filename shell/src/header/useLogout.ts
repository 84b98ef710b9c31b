import { useCallback } from 'react';
import { useNavigate } from 'shared-kernel/router';
import { useSession } from 'shared-kernel/runtime';
import { useShellUi } from '../app/ui-store';

/** Déconnexion: clear the session (the store emits 'logout') and go to the login page. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    useShellUi.getState().setDrawerOpen(false);
    useSession.getState().logout('user');
    void navigate('/auth/login', { replace: true });
  }, [navigate]);
}
