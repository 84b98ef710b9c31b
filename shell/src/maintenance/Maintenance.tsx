import { lazy, Suspense, type ReactNode } from 'react';
import { useSession } from 'shared-kernel/runtime';
import { useMaintenance } from './useMaintenance';

// the views load only when a maintenance is announced: the sign-in page never downloads them otherwise
const MaintenancePage = lazy(() => import('./MaintenanceViews').then((m) => ({ default: m.MaintenancePage })));
const MaintenanceBanner = lazy(() => import('./MaintenanceViews').then((m) => ({ default: m.MaintenanceBanner })));

/** Page mode replaces the whole app (super admins still get in, with the banner); banner mode adds a dismissable banner. */
export function MaintenanceGate({ children, enabled }: { children: ReactNode; enabled?: boolean }) {
  const { data } = useMaintenance(enabled);
  const isAdmin = useSession((s) => s.user?.role === 'superAdmin');
  if (data?.page && !isAdmin) {
    return (
      <Suspense fallback={null}>
        <MaintenancePage maintenance={data} />
      </Suspense>
    );
  }
  return (
    <>
      {data && (
        <Suspense fallback={null}>
          <MaintenanceBanner maintenance={data} />
        </Suspense>
      )}
      {children}
    </>
  );
}
