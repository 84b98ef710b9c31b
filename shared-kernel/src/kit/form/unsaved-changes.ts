import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker } from 'shared-kernel/router';
import { confirmPopup } from 'shared-kernel/runtime';
import { kitTexts } from '../kit-texts';

export interface UnsavedChangesGuard {
  /** Let the next navigation through without asking (call it after a successful save, before navigating). */
  allowNavigation(): void;
}

/**
 * While `isDirty`, leaving the page (a link, the back button, another route) asks 'Vous avez des modifications non
 * enregistrées. Quitter sans enregistrer ?' in the global popup, and closing or reloading the tab asks the browser's
 * own confirmation (beforeunload). Needs a data router (the shell's createBrowserRouter, renderPage in tests).
 */
export function useUnsavedChangesGuard(isDirty: boolean): UnsavedChangesGuard {
  const t = kitTexts.useTexts();
  const dirty = useRef(isDirty);
  useLayoutEffect(() => {
    dirty.current = isDirty;
  }, [isDirty]);
  const allowed = useRef(false);

  const shouldBlock = useCallback(
    ({
      currentLocation,
      nextLocation,
    }: {
      currentLocation: { pathname: string; search: string };
      nextLocation: { pathname: string; search: string };
    }) => {
      if (allowed.current) {
        allowed.current = false;
        return false;
      }
      return dirty.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search);
    },
    [],
  );
  const blocker = useBlocker(shouldBlock);

  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmPopup({
      title: t.unsavedTitle,
      content: t.unsavedText,
      okText: t.unsavedLeave,
      cancelText: t.unsavedStay,
      small: true,
    }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed?.();
      else blocker.reset?.();
    });
  }, [blocker, t]);

  useEffect(() => {
    if (!isDirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the dialog only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return {
    allowNavigation: useCallback(() => {
      allowed.current = true;
    }, []),
  };
}
