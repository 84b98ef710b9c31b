// /dashboard/reservations/:id: the order detail with the reservations' wording and a way back to the reservations.
import { withQueryScope } from 'shared-kernel/kit';
import { OrderDetail } from '../orders/detail/OrderDetail';
import { useTexts } from './texts';

export default withQueryScope(function ReservationDetailPage() {
  return <OrderDetail kind="reservation" texts={useTexts()} />;
});
