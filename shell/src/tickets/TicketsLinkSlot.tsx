import { lazy } from 'react';
import { QueryScope } from '../app/QueryScope';

const TicketsLink = lazy(() => import('./TicketsLink'));

/** The Messagerie icon, loaded with react-query on demand (like the notification bell). */
export function TicketsLinkSlot({ label }: { label: string }) {
  return (
    <QueryScope>
      <TicketsLink label={label} />
    </QueryScope>
  );
}
