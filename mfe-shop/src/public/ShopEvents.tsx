// The shop's oenotourism on its public page: its online events (GET /v1/shops/:id/events — an empty list while the
// shop takes no booking, §1 module `reservations` off), each with its slots to come, places left and rates, booked
// straight into the cart through the cart store's addReservation, as the cart's own picker does (the store
// normalises the places and the tourist tax; a booking of the same event and slot replaces the one in the cart).
// Plain HTML and the shop stylesheet, no antd (DESIGN §7: public pages stay lean); usable at 390 px and by keyboard.
import { useState } from 'react';
import type { PublicEvent, PublicShopPage } from 'shared-kernel/contracts';
import { formatCentsIn, sameReservation, toCents, type CartReservation } from 'shared-kernel/domain';
import { bus, notify, useCart, useSession } from 'shared-kernel/runtime';
import { fetchShopEvents, useLoad } from './data';
import { useTexts, type LangTexts } from './texts';

type Slot = PublicEvent['slots'][number];

/** Slots shown before « Voir n autre(s) créneau(x) » (a recurring event may have dozens). */
const FIRST_SLOTS = 6;

/** The shop's events; null while loading, on error, or when no tab-less page asks for them (`enabled` false). */
export function useShopEvents(shopId: number, enabled: boolean): PublicEvent[] | null {
  const state = useLoad(enabled ? `events|${shopId}` : null, (signal) => fetchShopEvents(shopId, signal));
  return state.status === 'ok' ? state.data : null;
}

// slots are in the producer's time (French shops): the same hours whatever the visitor's device says
const PARIS = 'Europe/Paris';
const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${lang}|${withTime}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'fr-FR', {
      timeZone: PARIS,
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    formats.set(key, f);
  }
  return f;
}
const parisTime = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
const parisDay = (iso: string) => formatter('fr', false).format(new Date(iso));

/** 'Matin · sam. 04/05/2030 10:00 – 11:30'; a whole-day slot (midnight to midnight) without hours. */
export function slotText(s: Slot, lang: string): string {
  const name = s.name ? `${s.name} · ` : '';
  if (parisTime(s.start) === '00:00' && parisTime(s.end) === '00:00') {
    const lastDay = new Date(Date.parse(s.end) - 1).toISOString();
    const a = formatter(lang, false).format(new Date(s.start));
    return parisDay(s.start) === parisDay(lastDay) ? `${name}${a}` : `${name}${a} – ${formatter(lang, false).format(new Date(lastDay))}`;
  }
  const a = formatter(lang, true).format(new Date(s.start)).replace(/,/g, '');
  const b = parisDay(s.start) === parisDay(s.end) ? parisTime(s.end) : formatter(lang, true).format(new Date(s.end)).replace(/,/g, '');
  return `${name}${a} – ${b}`;
}

const durationText = (m: number | null, t: LangTexts) =>
  m == null ? null : m >= 60 ? `${Math.floor(m / 60)} h${m % 60 ? ` ${String(m % 60).padStart(2, '0')}` : ''}` : `${m} ${t.minutes}`;

/** The cart reservation of `quantities` (by rate name); the cart store counts the persons and the tourist tax. */
export function reservationOf(event: PublicEvent, slot: Slot, quantities: Record<string, number>): CartReservation {
  return {
    eventId: event.id,
    event: { title: event.title, visuals: event.visuals },
    selectedSlot: { id: slot.id, ...(slot.name ? { name: slot.name } : {}), start: slot.start, end: slot.end },
    selectedPrices: [
      ...event.rates
        .filter((r) => !r.touristTax && (quantities[r.name] ?? 0) > 0)
        .map((r) => ({ name: r.name, quantity: quantities[r.name], priceTTC: r.priceTTC, ...(r.optional ? { notCounting: true } : {}) })),
      ...event.rates
        .filter((r) => r.touristTax)
        .map((r) => ({ name: r.name, quantity: 0, priceTTC: r.priceTTC, productType: 'touristTax' })),
    ],
    totalQuantity: 0,
  };
}

const inCart = (shopId: number, event: PublicEvent, slot: Slot) =>
  useCart
    .getState()
    .orders.find((o) => o.seller.id === shopId)
    ?.reservations.find((r) =>
      sameReservation(r, { eventId: event.id, selectedSlot: { id: slot.id, start: slot.start, end: slot.end }, totalQuantity: 0 }),
    );

function Booking({ shop, event, slot }: { shop: PublicShopPage; event: PublicEvent; slot: Slot }) {
  const t = useTexts();
  const money = (cents: number) => formatCentsIn(cents, t.lang);
  const loggedIn = useSession((s) => !!s.jwt);
  const role = useSession((s) => s.user?.role);
  // as for products: anonymous visitors and buyers book, and the shop's own owner / iam trying their page
  const canBook = !loggedIn || role === 'buyer' || role === 'owner' || role === 'iam';
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(
      (inCart(shop.id, event, slot)?.selectedPrices ?? [])
        .filter((p) => p.productType !== 'touristTax' && p.name)
        .map((p) => [String(p.name), p.quantity]),
    ),
  );
  const existing = useCart((st) =>
    st.orders
      .find((o) => o.seller.id === shop.id)
      ?.reservations.some((r) =>
        sameReservation(r, { eventId: event.id, selectedSlot: { id: slot.id, start: slot.start, end: slot.end }, totalQuantity: 0 }),
      ),
  );
  const paid = event.rates.filter((r) => !r.touristTax);
  const tax = event.rates.filter((r) => r.touristTax);
  const counting = paid.filter((r) => !r.optional).reduce((n, r) => n + (quantities[r.name] ?? 0), 0);
  const optional = paid.filter((r) => r.optional).reduce((n, r) => n + (quantities[r.name] ?? 0), 0);
  const left = slot.placesLeft;
  const taxCents = tax.reduce((n, r) => n + toCents(r.priceTTC) * counting, 0);
  const totalCents = paid.reduce((n, r) => n + toCents(r.priceTTC) * (quantities[r.name] ?? 0), 0) + taxCents;
  const change = (name: string, by: number) => setQuantities((q) => ({ ...q, [name]: Math.max(0, (q[name] ?? 0) + by) }));
  const book = () => {
    if (!canBook || counting + optional === 0 || counting > left) return;
    useCart.getState().addReservation({ id: shop.id, name: shop.name, urlShop: shop.urlShop }, reservationOf(event, slot, quantities));
    notify.success(t.booked);
    bus.emit('cart:open', undefined);
  };
  return (
    <div className="wzs-booking" data-testid="booking">
      <ul className="wzs-options-list">
        {paid.map((r) => {
          const q = quantities[r.name] ?? 0;
          const full = !r.optional && counting >= left;
          return (
            <li key={r.name} className="wzs-option">
              <span>
                <strong>{r.name}</strong> · {money(toCents(r.priceTTC))}
                {r.optional && <span className="wzs-meta"> ({t.optionRate})</span>}
              </span>
              <span className="wzs-counter">
                <button type="button" aria-label={`${t.removePlace} : ${r.name}`} disabled={q === 0} onClick={() => change(r.name, -1)}>
                  −
                </button>
                <output aria-label={r.name}>{q}</output>
                <button type="button" aria-label={`${t.addPlace} : ${r.name}`} disabled={full} onClick={() => change(r.name, 1)}>
                  +
                </button>
              </span>
            </li>
          );
        })}
        {tax.map((r) => (
          <li key={r.name} className="wzs-option" data-testid="tourist-tax">
            <span>
              {t.touristTax} · {money(toCents(r.priceTTC))} {t.perPerson}
            </span>
            <span>
              × {counting} = {money(toCents(r.priceTTC) * counting)}
            </span>
          </li>
        ))}
      </ul>
      {counting > 0 && counting >= left && (
        <p className="wzs-meta" role="status" data-testid="last-places">
          {t.lastPlaces(left)}
        </p>
      )}
      <div className="wzs-booking-foot">
        <span>
          {t.resaTotal} <strong data-testid="booking-total">{money(totalCents)}</strong>
        </span>
        <button type="button" className="wzs-btn" onClick={book} disabled={!canBook || counting + optional === 0 || counting > left}>
          {existing ? t.updateBooking : t.book}
        </button>
      </div>
      {!canBook && <p className="wzs-meta">{t.bookingStaffOnly}</p>}
    </div>
  );
}

function EventCard({ shop, event }: { shop: PublicShopPage; event: PublicEvent }) {
  const t = useTexts();
  const money = (cents: number) => formatCentsIn(cents, t.lang);
  const open = event.slots.filter((s) => s.placesLeft > 0);
  const [slotId, setSlotId] = useState<number | null>(open.length === 1 ? open[0].id : null);
  const [all, setAll] = useState(false);
  const slot = event.slots.find((s) => s.id === slotId) ?? null;
  const shown = all ? event.slots : event.slots.slice(0, FIRST_SLOTS);
  const group = `wzs-event-${event.id}`;
  const meta = [
    event.location,
    event.durationMinutes != null ? `${t.duration} : ${durationText(event.durationMinutes, t)}` : null,
    event.languages.length ? `${t.languages} : ${event.languages.join(', ').toUpperCase()}` : null,
  ].filter(Boolean);
  return (
    <article className="wzs-event" aria-labelledby={`${group}-title`} data-testid="shop-event">
      <h3 id={`${group}-title`}>{event.title}</h3>
      {meta.length > 0 && <p className="wzs-meta">{meta.join(' · ')}</p>}
      {event.description && event.description !== event.title && <p className="wzs-text">{event.description}</p>}
      <p className="wzs-meta" data-testid="event-rates">
        {event.rates
          .filter((r) => !r.touristTax)
          .map((r) => `${r.name} ${money(toCents(r.priceTTC))}${r.optional ? ` (${t.optionRate})` : ''}`)
          .join(' · ')}
      </p>
      {event.message && <p className="wzs-promo">{event.message}</p>}
      {open.length === 0 ? (
        <p className="wzs-meta">{t.noSlot}</p>
      ) : (
        <fieldset className="wzs-group">
          <legend>{t.chooseSlot}</legend>
          <ul className="wzs-slot-list">
            {shown.map((s) => (
              <li key={s.id}>
                <label className={`wzs-slot-choice${s.placesLeft <= 0 ? ' full' : ''}`}>
                  <input
                    type="radio"
                    name={group}
                    value={s.id}
                    checked={slotId === s.id}
                    disabled={s.placesLeft <= 0}
                    onChange={() => setSlotId(s.id)}
                  />
                  <span>{slotText(s, t.lang)}</span>
                  <span className="wzs-meta">{s.placesLeft > 0 ? t.placesLeft(s.placesLeft) : t.full}</span>
                </label>
              </li>
            ))}
          </ul>
          {!all && event.slots.length > FIRST_SLOTS && (
            <button type="button" className="wzs-btn secondary" onClick={() => setAll(true)}>
              {t.moreSlots(event.slots.length - FIRST_SLOTS)}
            </button>
          )}
        </fieldset>
      )}
      {slot && slot.placesLeft > 0 && <Booking key={slot.id} shop={shop} event={event} slot={slot} />}
    </article>
  );
}

/** The events section; not shown while loading, on error, or when the shop has no online event. */
export function ShopEvents({ shop, events }: { shop: PublicShopPage; events: PublicEvent[] | null }) {
  const t = useTexts();
  if (!events || events.length === 0) return null;
  return (
    <section id="wzs-events" className="wzs-events" aria-labelledby="wzs-events-title" data-testid="shop-events">
      <h2 id="wzs-events-title">{t.eventsTitle}</h2>
      <ul className="wzs-event-list">
        {events.map((e) => (
          <li key={e.id}>
            <EventCard shop={shop} event={e} />
          </li>
        ))}
      </ul>
    </section>
  );
}
