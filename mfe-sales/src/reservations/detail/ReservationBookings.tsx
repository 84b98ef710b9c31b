// The participants of a reservation, slot by slot (GET /reservations/:orderId), under its order detail for the shop's
// staff (seeAllResa): check-in on the slot's day, 'Déplacer' each booking and 'Annuler la réservation' (createResa).
import { useState } from 'react';
import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { isNotFoundError } from 'shared-kernel/kit';
import { useTexts } from '../desk.texts';
import { slotText } from '../format';
import { useResaRights } from '../permissions';
import { useReservationBookings, type Booking } from '../reservations.queries';
import { BookingItem } from '../slots/BookingItem';
import { CancelDialog } from '../slots/CancelDialog';
import { MoveDialog } from '../slots/MoveDialog';

export function ReservationBookings({ orderId }: { orderId: number }) {
  const t = useTexts();
  const rights = useResaRights();
  const query = useReservationBookings(orderId);
  const [moving, setMoving] = useState<Booking | null>(null);
  const [cancelling, setCancelling] = useState(false);
  // an order without reservation lines, or another shop's: the order detail above says what there is to say
  if (query.isError && isNotFoundError(query.error)) return null;
  const r = query.data;
  return (
    <section aria-labelledby="reservation-bookings" style={{ padding: '0 16px 16px', minWidth: 0 }}>
      <Card
        size="small"
        title={
          <h2 id="reservation-bookings" style={{ margin: 0, fontSize: 16 }}>
            {t.detail.title}
          </h2>
        }
        extra={
          r?.active && rights.act ? (
            <Button danger onClick={() => setCancelling(true)}>
              {t.detail.cancelReservation}
            </Button>
          ) : undefined
        }
      >
        {query.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        ) : query.isError ? (
          <Flex gap={8} align="center" wrap>
            <Typography.Text type="danger">{t.slots.error}</Typography.Text>
            <Button size="small" onClick={() => void query.refetch()}>
              {t.slots.retry}
            </Button>
          </Flex>
        ) : (
          <>
            {!r!.active && <Typography.Paragraph type="secondary">{t.detail.closed}</Typography.Paragraph>}
            {r!.bookings.map((b) => (
              <div key={b.lineId} data-testid="reservation-booking">
                <Typography.Text strong>
                  {b.eventTitle}
                  {b.slot ? ` · ${slotText(b.slot, t.allDay)}` : ''}
                </Typography.Text>
                <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  <BookingItem booking={b} slot={b.slot} canAct={rights.act} onMove={b.slot && !b.slot.past ? setMoving : undefined} />
                </ul>
              </div>
            ))}
          </>
        )}
      </Card>
      {moving && <MoveDialog booking={moving} onClose={() => setMoving(null)} />}
      {cancelling && r && (
        <CancelDialog
          target={{ orderId: r.orderId, number: r.number, name: r.bookings[0]?.client.name ?? '', paid: r.paid, invoiced: r.invoiced }}
          onClose={() => setCancelling(false)}
        />
      )}
    </section>
  );
}
