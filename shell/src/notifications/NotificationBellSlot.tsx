import { lazy } from 'react';
import { QueryScope } from '../app/QueryScope';

const NotificationBell = lazy(() => import('./NotificationBell'));

/**
 * The bell (signed-in visitors only), loaded with react-query on demand: the header of a public shop page, which an
 * anonymous buyer sees, downloads neither.
 */
export function NotificationBellSlot({ withLabel }: { withLabel?: boolean }) {
  return (
    <QueryScope>
      <NotificationBell withLabel={withLabel} />
    </QueryScope>
  );
}
