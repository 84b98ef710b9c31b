// One booking (an order's participants on a slot): who, how many, at which rates, paid or not; on the slot's day the
// check-in switch (who and when once on); 'Déplacer' and 'Annuler' for who may act (createResa).
import { Button, Flex, Switch, Typography } from 'antd';
import { formatCents } from 'shared-kernel/domain';
import { useAction } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { StatusTag } from 'shared-kernel/ui';
import { useTexts } from '../desk.texts';
import { useCheckIn, type Booking, type SlotInfo } from '../reservations.queries';

const TIME = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
const CLOSED = new Set(['cancelled', 'refused', 'aborted', 'expired']);

export const isActive = (b: Pick<Booking, 'orderStatus'>) => !CLOSED.has(b.orderStatus);

export function BookingItem({
  booking: b,
  slot,
  canAct,
  onMove,
  onCancel,
}: {
  booking: Booking;
  slot: Pick<SlotInfo, 'checkInOpen'> | null;
  canAct: boolean;
  onMove?: (b: Booking) => void;
  onCancel?: (b: Booking) => void;
}) {
  const t = useTexts();
  const checkIn = useCheckIn();
  const active = isActive(b);
  const rates = b.lines.map((l) => `${l.quantity} × ${l.rate}`).join(', ');
  const checked = !!b.checkedInAt;
  const checking = useAction({ run: (on: boolean) => checkIn.mutateAsync({ lineId: b.lineId, on }), success: (r) => r.message });
  const toggle = checking.run;
  return (
    <Flex
      component="li"
      data-testid="booking"
      wrap
      gap="4px 16px"
      align="center"
      style={{ padding: '8px 0', borderTop: '1px solid var(--ant-color-split, #f0f0f0)' }}
    >
      <Flex vertical style={{ flex: '1 1 220px', minWidth: 0 }}>
        <span>
          <Link to={`/dashboard/reservations/${b.orderId}`} aria-label={t.booking.open(b.orderNumber)}>
            <strong>{b.client.name}</strong>
          </Link>{' '}
          <Typography.Text type="secondary">{b.orderNumber}</Typography.Text>
        </span>
        <span>
          {t.persons(b.persons)}
          {b.options > 0 && ` · ${t.options(b.options)}`} · {formatCents(b.totalTTC)}
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {rates}
        </Typography.Text>
      </Flex>
      <span>
        <StatusTag kind="payment" status={b.paymentStatus} />
        {!active && <StatusTag kind="order" status={b.orderStatus} />}
      </span>
      {active && slot?.checkInOpen && canAct ? (
        <Flex component="label" align="center" gap={8}>
          <Switch
            checked={checked}
            loading={checking.pending}
            onChange={(on) => void toggle(on)}
            aria-label={t.booking.checkInLabel(b.client.name)}
          />
          <span>{checked ? t.booking.checkedIn(TIME.format(new Date(b.checkedInAt!)), b.checkedInBy?.name ?? '') : t.booking.arrived}</span>
        </Flex>
      ) : (
        checked && (
          <span data-testid="checked-in">{t.booking.checkedIn(TIME.format(new Date(b.checkedInAt!)), b.checkedInBy?.name ?? '')}</span>
        )
      )}
      {active && canAct && (
        <Flex gap={8} wrap>
          {onMove && (
            <Button size="small" onClick={() => onMove(b)} disabled={checked} aria-label={t.booking.moveLabel(b.client.name)}>
              {t.booking.move}
            </Button>
          )}
          {onCancel && (
            <Button size="small" danger onClick={() => onCancel(b)} aria-label={t.booking.cancelLabel(b.client.name)}>
              {t.booking.cancel}
            </Button>
          )}
        </Flex>
      )}
    </Flex>
  );
}
