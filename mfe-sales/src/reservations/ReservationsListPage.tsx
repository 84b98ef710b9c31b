// /dashboard/reservations — the orders list filtered with kind=reservation (event, slot date, places per row).
import { OrdersList } from '../orders/OrdersListPage';
import { withQueryScope } from 'shared-kernel/query';

export const ReservationsListPage = withQueryScope(function ReservationsListPage() {
  return <OrdersList kind="reservation" />;
});

export default ReservationsListPage;
