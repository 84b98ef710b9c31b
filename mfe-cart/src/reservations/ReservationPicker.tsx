// 'Réserver une activité' for one seller of the cart: the shop's upcoming events (GET
// /v1/shops/:id/events), a slot with its places left, quantities per rate (optional rates do not
// count as persons, the tourist tax follows the counting persons), added with the cart store's
// addReservation (a reservation for the same event and slot is replaced).
import { useMemo, useState } from 'react';
import { Alert, Button, Collapse, Empty, InputNumber, Radio, Skeleton } from 'antd';
import CalendarOutlined from '@ant-design/icons/es/icons/CalendarOutlined';
import { CART_MESSAGES, type PublicEvent } from 'shared-kernel/contracts';
import { sameReservation, toCents, type CartReservation, type CartSeller } from 'shared-kernel/domain';
import { notify, useCart } from 'shared-kernel/runtime';
import { useShopEvents } from '../checkout/checkout.queries';
import { useTexts, type LocalTexts } from '../texts';

type Slot = PublicEvent['slots'][number];

/** 'Matin · sam. 04/05/2030 10:00 – 11:30' (weekday in the language; the end's date only when another day). */
function slotText(s: Slot, { fmt }: LocalTexts): string {
  const a = fmt.slotDateTime(s.start);
  const sameDay = fmt.date(s.start) === fmt.date(s.end);
  const b = sameDay ? fmt.dateTime(s.end).slice(11) : fmt.slotDateTime(s.end);
  return `${s.name ? `${s.name} · ` : ''}${a} – ${b}`;
}

const duration = (m: number | null, t: LocalTexts) =>
  m == null ? null : m >= 60 ? `${Math.floor(m / 60)} h${m % 60 ? ` ${String(m % 60).padStart(2, '0')}` : ''}` : `${m} ${t.resa.minutes}`;

/** The reservation the picker adds (quantities by rate name; tourist tax = counting persons). */
export function buildReservation(event: PublicEvent, slot: Slot, quantities: Record<string, number>): CartReservation {
  const paid = event.rates.filter((r) => !r.touristTax);
  const counting = paid.filter((r) => !r.optional).reduce((n, r) => n + (quantities[r.name] ?? 0), 0);
  const optional = paid.filter((r) => r.optional).reduce((n, r) => n + (quantities[r.name] ?? 0), 0);
  const tax = event.rates.filter((r) => r.touristTax);
  return {
    eventId: event.id,
    event: { title: event.title, visuals: event.visuals },
    selectedSlot: { id: slot.id, ...(slot.name ? { name: slot.name } : {}), start: slot.start, end: slot.end },
    selectedPrices: [
      ...paid
        .filter((r) => (quantities[r.name] ?? 0) > 0)
        .map((r) => ({ name: r.name, quantity: quantities[r.name], priceTTC: r.priceTTC, ...(r.optional ? { notCounting: true } : {}) })),
      ...tax.map((r) => ({ name: r.name, quantity: counting, priceTTC: r.priceTTC, productType: 'touristTax' })),
    ],
    totalQuantity: counting,
    optionalQuantities: optional,
    taxQuantities: tax.length > 0 ? counting : 0,
  };
}

function EventBooking({ event, seller }: { event: PublicEvent; seller: CartSeller }) {
  const texts = useTexts();
  const t = texts.resa;
  const formatCents = texts.fmt.money;
  const open = event.slots.filter((s) => s.placesLeft > 0);
  const [slotId, setSlotId] = useState<number | null>(open.length === 1 ? open[0].id : null);
  const slot = event.slots.find((s) => s.id === slotId) ?? null;
  const existing = useCart((st) =>
    slot
      ? st.orders
          .find((o) => o.seller.id === seller.id)
          ?.reservations.find((r) =>
            sameReservation(r, { eventId: event.id, selectedSlot: { id: slot.id, start: slot.start, end: slot.end }, totalQuantity: 0 }),
          )
      : undefined,
  );
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [tooMany, setTooMany] = useState(false);
  const paid = event.rates.filter((r) => !r.touristTax);
  const tax = event.rates.filter((r) => r.touristTax);
  const counting = paid.filter((r) => !r.optional).reduce((n, r) => n + (quantities[r.name] ?? 0), 0);
  const optional = paid.filter((r) => r.optional).reduce((n, r) => n + (quantities[r.name] ?? 0), 0);
  const left = slot?.placesLeft ?? 0;
  const totalCents =
    paid.reduce((n, r) => n + toCents(r.priceTTC) * (quantities[r.name] ?? 0), 0) +
    tax.reduce((n, r) => n + toCents(r.priceTTC) * counting, 0);
  const taxCents = tax.reduce((n, r) => n + toCents(r.priceTTC) * counting, 0);

  const pickSlot = (id: number) => {
    setSlotId(id);
    setTooMany(false);
    const s = event.slots.find((x) => x.id === id);
    const inCart = s
      ? useCart
          .getState()
          .orders.find((o) => o.seller.id === seller.id)
          ?.reservations.find((r) =>
            sameReservation(r, { eventId: event.id, selectedSlot: { id: s.id, start: s.start, end: s.end }, totalQuantity: 0 }),
          )
      : undefined;
    setQuantities(
      Object.fromEntries(
        (inCart?.selectedPrices ?? []).filter((p) => p.productType !== 'touristTax' && p.name).map((p) => [String(p.name), p.quantity]),
      ),
    );
  };

  const setQty = (name: string, optionalRate: boolean, value: number | null) => {
    let q = Math.max(0, Math.trunc(value ?? 0));
    if (!optionalRate) {
      const others = counting - (quantities[name] ?? 0);
      if (others + q > left) {
        q = Math.max(0, left - others);
        setTooMany(true);
      } else setTooMany(false);
    }
    setQuantities((prev) => ({ ...prev, [name]: q }));
  };

  const add = () => {
    if (!slot || counting + optional === 0 || counting > left) return;
    useCart.getState().addReservation(seller, buildReservation(event, slot, quantities));
    notify.success(t.added);
  };

  if (open.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={CART_MESSAGES.noSlot} data-testid="no-slot" />;

  return (
    <div className="wz-resa-booking" data-testid="event-booking">
      <div className="wz-co-field" role="radiogroup" aria-label={`${t.slots} — ${event.title}`}>
        <span className="wz-co-label">{t.slots}</span>
        <Radio.Group value={slotId ?? undefined} onChange={(e) => pickSlot(Number(e.target.value))} className="wz-co-choices">
          {event.slots.map((s) => (
            <Radio key={s.id} value={s.id} disabled={s.placesLeft <= 0}>
              {slotText(s, texts)} · <strong>{s.placesLeft > 0 ? `${s.placesLeft} ${t.placesLeft}` : t.full}</strong>
            </Radio>
          ))}
        </Radio.Group>
      </div>
      {slot && (
        <>
          <table className="wz-resa-rates">
            <tbody>
              {paid.map((r) => (
                <tr key={r.name}>
                  <th scope="row">
                    {r.name}
                    {r.optional && <span className="wz-co-choice__meta">{`${t.options} · ${t.optionHint}`}</span>}
                  </th>
                  <td>{formatCents(toCents(r.priceTTC))}</td>
                  <td>
                    <InputNumber
                      aria-label={`${t.quantityOf}${texts.colon}${r.name}`}
                      min={0}
                      max={1000}
                      precision={0}
                      value={quantities[r.name] ?? 0}
                      onChange={(x) => setQty(r.name, r.optional, typeof x === 'number' ? x : Number(x))}
                      style={{ width: 88 }}
                    />
                  </td>
                </tr>
              ))}
              {tax.map((r) => (
                <tr key={r.name} data-testid="tourist-tax">
                  <th scope="row">
                    {t.touristTax}
                    <span className="wz-co-choice__meta">
                      {formatCents(toCents(r.priceTTC))} {t.perPerson}
                    </span>
                  </th>
                  <td>× {counting}</td>
                  <td>{formatCents(toCents(r.priceTTC) * counting)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {(tooMany || (counting > 0 && counting >= left)) && (
            <p className="wz-co-meta" role="status" data-testid="max-places">
              {CART_MESSAGES.maxPlaces(left)}
            </p>
          )}
          <div className="wz-resa-total">
            <span>
              {t.total}
              {taxCents > 0 && ` ${t.totalIncludes(formatCents(taxCents))}`}
            </span>
            <strong data-testid="resa-total">{formatCents(totalCents)}</strong>
          </div>
          <Button type="primary" onClick={add} disabled={counting + optional === 0 || counting > left}>
            {existing ? t.update : t.add}
          </Button>
        </>
      )}
    </div>
  );
}

function EventsList({ seller }: { seller: CartSeller }) {
  const texts = useTexts();
  const t = texts.resa;
  const formatCents = texts.fmt.money;
  const q = useShopEvents(seller.id);
  const [eventId, setEventId] = useState<number | null>(null);
  const events = useMemo(() => q.data ?? [], [q.data]);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (q.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t.error}
        action={
          <Button size="small" onClick={() => void q.refetch()}>
            {t.retry}
          </Button>
        }
      />
    );
  if (events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={CART_MESSAGES.noEvent} data-testid="no-event" />;
  const chosen = events.length === 1 ? events[0] : events.find((e) => e.id === eventId);
  return (
    <ul className="wz-resa-events">
      {events.map((e) => (
        <li key={e.id} className="wz-resa-event" data-testid="event">
          <div className="wz-resa-event__head">
            <div>
              <h4>{e.title}</h4>
              <p className="wz-co-meta">
                {[
                  e.location,
                  duration(e.durationMinutes, texts) && `${t.duration}${texts.colon}${duration(e.durationMinutes, texts)}`,
                  e.languages.length ? `${t.languages}${texts.colon}${e.languages.join(', ').toUpperCase()}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <p className="wz-co-meta">
                {e.rates
                  .filter((r) => !r.touristTax && !r.optional)
                  .map((r) => `${r.name} ${formatCents(toCents(r.priceTTC))}`)
                  .join(' · ')}
              </p>
            </div>
            {events.length > 1 && (
              <Button
                size="small"
                type={chosen?.id === e.id ? 'primary' : 'default'}
                aria-pressed={chosen?.id === e.id}
                onClick={() => setEventId(chosen?.id === e.id ? null : e.id)}
              >
                {chosen?.id === e.id ? t.chosen : t.choose}
              </Button>
            )}
          </div>
          {e.description && e.description !== e.title && <p className="wz-resa-event__desc">{e.description}</p>}
          {e.message && <Alert type="info" title={e.message} />}
          {chosen?.id === e.id && <EventBooking event={e} seller={seller} />}
        </li>
      ))}
    </ul>
  );
}

/** Collapsed by default: the events load when the buyer opens the section. */
export function ReservationPicker({ seller }: { seller: CartSeller }) {
  const t = useTexts().resa;
  const [open, setOpen] = useState<string[]>([]);
  return (
    <Collapse
      className="wz-resa"
      ghost
      activeKey={open}
      onChange={(k) => setOpen(Array.isArray(k) ? k : [k])}
      items={[
        {
          key: 'resa',
          label: (
            <span>
              <CalendarOutlined aria-hidden /> {t.title}
            </span>
          ),
          children: open.includes('resa') ? <EventsList seller={seller} /> : null,
        },
      ]}
    />
  );
}
