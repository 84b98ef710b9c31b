import { NotYetAvailable } from 'shared-kernel/remote';

/** Props the cash register parcel receives from whoever mounts it (the new-order page, or a till's standalone host). */
export interface CashRegisterProps {
  /** Sales point id (route param of /dashboard/salespoints/:id/new-order). */
  salesPointId?: string;
}

/**
 * Root of the cash register parcel. The cash register screen is not built yet: it says so honestly.
 */
export function CashRegisterRoot(_props: CashRegisterProps) {
  return (
    <div className="wz-cash-register" data-testid="cash-register">
      <NotYetAvailable title="Caisse" />
    </div>
  );
}
