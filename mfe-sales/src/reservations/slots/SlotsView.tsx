// 'Par créneau' (/dashboard/reservations?view=slots, seeAllResa): a week of slots by day (shop time) with their places
// and participants. `?from=AAAA-MM-JJ` (default today) and `?event=<id>` live in the URL. On a slot's day its
// participants are checked in; with createResa a booking is moved or cancelled, and a slot with places is booked.
import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Select, Skeleton, Tag, Typography } from 'antd';
import { errorMessage, LinkButton } from 'shared-kernel/kit';
import { useSearchParams } from 'shared-kernel/router';
import { useTexts } from '../desk.texts';
import { dayLabel, slotHours } from '../events/format';
import { bookable } from '../format';
import { useResaRights } from '../permissions';
import { useBookableEvents, useSlotsView, type Booking, type SlotWithBookings } from '../reservations.queries';
import { BookingItem } from './BookingItem';
import { CancelDialog, type CancelTarget } from './CancelDialog';
import { MoveDialog } from './MoveDialog';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const shortDay = (day: string) => day.split('-').reverse().join('/');
const paidOf = (b: Booking) => b.paymentStatus === 'paid' || b.paymentStatus === 'partial';

function SlotCard({
  slot,
  canAct,
  onMove,
  onCancel,
}: {
  slot: SlotWithBookings;
  canAct: boolean;
  onMove: (b: Booking) => void;
  onCancel: (b: Booking) => void;
}) {
  const t = useTexts();
  const hours = slotHours(slot, t.allDay);
  const titleId = `slot-${slot.id}-title`;
  return (
    <Card
      size="small"
      data-testid="slot"
      role="region"
      aria-labelledby={titleId}
      title={
        <span id={titleId} style={{ whiteSpace: 'normal' }}>
          {hours} · {slot.eventTitle}
          {slot.name ? ` · ${slot.name}` : ''}
        </span>
      }
      extra={
        <Tag color={slot.placesLeft === 0 ? 'red' : slot.booked ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
          {slot.placesLeft === 0 ? t.slots.full : t.slots.places(slot.booked, slot.placesLeft, slot.places)}
        </Tag>
      }
    >
      {slot.bookings.length ? (
        <ul aria-label={t.slots.participants(slot.eventTitle, hours)} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {slot.bookings.map((b) => (
            <BookingItem key={b.lineId} booking={b} slot={slot} canAct={canAct} onMove={onMove} onCancel={onCancel} />
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">{t.slots.noBooking}</Typography.Text>
      )}
      {canAct && bookable(slot) && (
        <div style={{ marginTop: 8 }}>
          <LinkButton size="small" to={`/dashboard/reservations/add?eventId=${slot.eventId}&slotId=${slot.id}`}>
            {t.newReservation}
          </LinkButton>
        </div>
      )}
    </Card>
  );
}

export function SlotsView() {
  const t = useTexts();
  const rights = useResaRights();
  const [params, setParams] = useSearchParams();
  const rawFrom = params.get('from');
  const from = rawFrom && DAY.test(rawFrom) ? rawFrom : undefined;
  const rawEvent = params.get('event');
  const eventId = rawEvent && /^\d{1,9}$/.test(rawEvent) ? Number(rawEvent) : undefined;
  const query = useSlotsView({ from, to: from ? addDays(from, 6) : undefined, eventId });
  const events = useBookableEvents();
  const [moving, setMoving] = useState<Booking | null>(null);
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  const set = (patch: Record<string, string | undefined>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch))
        if (v === undefined) next.delete(k);
        else next.set(k, v);
      return next;
    });
  const shown = query.data;
  const start = shown?.from ?? from;

  return (
    <Flex vertical gap={12} data-testid="slots-view">
      <Flex wrap gap={8} align="center" role="group" aria-label={t.slots.period}>
        <Button onClick={() => start && set({ from: addDays(start, -7) })} disabled={!start}>
          ← {t.slots.previous}
        </Button>
        <Button onClick={() => set({ from: undefined })}>{t.slots.today}</Button>
        <Button onClick={() => start && set({ from: addDays(start, 7) })} disabled={!start}>
          {t.slots.next} →
        </Button>
        {shown && <Typography.Text strong>{t.slots.range(shortDay(shown.from), shortDay(shown.to))}</Typography.Text>}
        <Select<number>
          aria-label={t.slots.event}
          allowClear
          placeholder={t.slots.allEvents}
          value={eventId}
          onChange={(id) => set({ event: id ? String(id) : undefined })}
          options={(events.data ?? []).map((e) => ({ value: e.id, label: e.title }))}
          style={{ minWidth: 220, flex: '0 1 320px' }}
        />
      </Flex>
      {query.isPending ? (
        <Skeleton active />
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t.slots.error}
          description={errorMessage(query.error)}
          action={<Button onClick={() => void query.refetch()}>{t.slots.retry}</Button>}
        />
      ) : !query.data.days.length ? (
        <Empty
          description={
            <Flex vertical>
              {t.slots.empty}
              <Typography.Text type="secondary">{t.slots.emptyHint}</Typography.Text>
            </Flex>
          }
        />
      ) : (
        query.data.days.map((d) => (
          <section key={d.date} aria-labelledby={`day-${d.date}`} style={{ display: 'grid', gap: 8 }}>
            <h2 id={`day-${d.date}`} style={{ margin: 0, fontSize: 16 }}>
              {dayLabel(d.date)}
              {d.date === query.data.today && ` · ${t.slots.today}`}
            </h2>
            {d.slots.map((s) => (
              <SlotCard
                key={s.id}
                slot={s}
                canAct={rights.act}
                onMove={setMoving}
                onCancel={(b) => setCancelling({ orderId: b.orderId, number: b.orderNumber, name: b.client.name, paid: paidOf(b) })}
              />
            ))}
          </section>
        ))
      )}
      {moving && <MoveDialog booking={moving} onClose={() => setMoving(null)} />}
      {cancelling && <CancelDialog target={cancelling} onClose={() => setCancelling(null)} />}
    </Flex>
  );
}
