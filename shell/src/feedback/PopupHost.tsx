import { lazy, Suspense, useState } from 'react';
import { usePopup } from 'shared-kernel/runtime';
import { AntdScope } from '../app/AntdScope';

// shared-kernel/ui's GlobalPopup renders usePopup's popup with the shared Popup
// (default 'Annuler'/'Ok', error mode red, typed keyword). Loaded on first use only.
const GlobalPopup = lazy(() => import('shared-kernel/ui').then((m) => ({ default: m.GlobalPopup })));

/** The single global popup host. */
export function PopupHost() {
  const popup = usePopup((s) => s.popup);
  const [loaded, setLoaded] = useState(popup !== null);
  if (popup && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <AntdScope>
      <Suspense fallback={null}>
        <GlobalPopup />
      </Suspense>
    </AntdScope>
  );
}
