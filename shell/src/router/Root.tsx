import { Outlet } from 'shared-kernel/router';
import { SessionEffects } from '../guard/SessionEffects';
import { MaintenanceGate } from '../maintenance/Maintenance';
import { VersionBanner } from '../version/VersionBanner';
import { SnackbarHost } from '../feedback/SnackbarHost';
import { PopupHost } from '../feedback/PopupHost';
import { AccountSwitchHost } from '../account-switch/AccountSwitchHost';
import { CartDrawerHost } from '../remotes/CartDrawerHost';

/** Root route: session effects, banners, feedback hosts around every layout. */
export function Root() {
  return (
    <>
      <SessionEffects />
      <VersionBanner />
      <MaintenanceGate>
        <Outlet />
      </MaintenanceGate>
      <AccountSwitchHost />
      <CartDrawerHost />
      <PopupHost />
      <SnackbarHost />
    </>
  );
}
