// /dashboard/reservations: the orders list with kind=reservation; each row shows its booked slots (event, slot,
// places) from the list answer, no detail request per row.
import { withQueryScope } from 'shared-kernel/kit';
import { OrdersList } from '../orders/list/OrdersList';
import { useTexts } from './texts';

export default withQueryScope(function ReservationsListPage() {
  return <OrdersList kind="reservation" texts={useTexts()} />;
});
