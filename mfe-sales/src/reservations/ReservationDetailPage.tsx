// /dashboard/reservations/:id: the order detail with the reservations' wording and a way back to the reservations;
// the shop's staff (seeAllResa) also get its participants per slot with check-in, move and cancel.
import { useIdParam, withQueryScope } from 'shared-kernel/kit';
import { OrderDetail } from '../orders/detail/OrderDetail';
import { ReservationBookings } from './detail/ReservationBookings';
import { useResaRights } from './permissions';
import { useTexts } from './texts';

export default withQueryScope(function ReservationDetailPage() {
  const id = useIdParam();
  const rights = useResaRights();
  return (
    <>
      <OrderDetail kind="reservation" texts={useTexts()} />
      {rights.see && id !== null && <ReservationBookings orderId={id} />}
    </>
  );
});
