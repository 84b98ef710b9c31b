import { lazy, Suspense, useState } from 'react';
import { useShellUi } from '../app/ui-store';
import { QueryScope } from '../app/QueryScope';

const NotificationCentre = lazy(() => import('./NotificationCentre'));

/** Loads the dialog (antd Modal) only once it is opened, then keeps it for the close animation. */
export function NotificationCentreHost() {
  const open = useShellUi((s) => s.notificationsOpen);
  const [loaded, setLoaded] = useState(open);
  if (open && !loaded) setLoaded(true);
  if (!loaded && !open) return null;
  return (
    <QueryScope>
      <Suspense fallback={null}>
        <NotificationCentre />
      </Suspense>
    </QueryScope>
  );
}
