// /dashboard/reservations/:id — the order detail, with the reservation wording and a way back to the reservations.
import { OrderDetail } from '../orders/OrderDetailPage';
import { withQueryScope } from 'shared-kernel/query';

export const ReservationDetailPage = withQueryScope(function ReservationDetailPage() {
  return <OrderDetail kind="reservation" />;
});

export default ReservationDetailPage;
