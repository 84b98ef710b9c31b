// Test data of the reservations desk (shapes of api/src/modules/reservations answers).
import type { BookableEvent, Booking, SlotInfo, SlotsView, SlotWithBookings } from './reservations.queries';

export const slotInfo = (over: Partial<SlotInfo> = {}): SlotInfo => ({
  id: 21,
  eventId: 3,
  eventTitle: 'Visite des caves',
  name: 'Matin',
  start: '2030-06-04T08:00:00.000Z',
  end: '2030-06-04T09:30:00.000Z',
  allDay: false,
  places: 12,
  placesLeft: 5,
  booked: 7,
  checkInOpen: false,
  past: false,
  ...over,
});

export const visite = (over: Partial<BookableEvent> = {}): BookableEvent => ({
  id: 3,
  title: 'Visite des caves',
  online: true,
  location: 'Chai',
  rates: [
    { name: 'Adulte', priceCents: 1500, optional: false, touristTax: false },
    { name: 'Enfant', priceCents: 0, optional: false, touristTax: false },
    { name: 'Planche', priceCents: 1200, optional: true, touristTax: false },
    { name: 'Taxe de séjour', priceCents: 100, optional: false, touristTax: true },
  ],
  slots: [
    slotInfo({ id: 20, start: '2020-06-01T08:00:00.000Z', end: '2020-06-01T09:30:00.000Z', past: true }),
    slotInfo(),
    slotInfo({ id: 22, start: '2030-06-05T12:00:00.000Z', end: '2030-06-05T13:30:00.000Z', name: null, placesLeft: 0, booked: 12 }),
    slotInfo({ id: 23, start: '2030-06-06T12:00:00.000Z', end: '2030-06-06T13:30:00.000Z', name: null, placesLeft: 2, booked: 10 }),
  ],
  ...over,
});

export const booking = (over: Partial<Booking> = {}): Booking => ({
  lineId: 501,
  orderId: 41,
  orderNumber: 'C2030-00041',
  orderStatus: 'validated',
  paymentStatus: 'paid',
  client: { id: 5, name: 'Famille Martin', email: 'martin@client.test', phone: null },
  eventId: 3,
  eventTitle: 'Visite des caves',
  slotId: 21,
  persons: 3,
  options: 1,
  lines: [
    { id: 501, rate: 'Adulte', quantity: 2, optional: false },
    { id: 502, rate: 'Enfant', quantity: 1, optional: false },
    { id: 503, rate: 'Planche', quantity: 1, optional: true },
  ],
  totalTTC: 4500,
  checkedInAt: null,
  checkedInBy: null,
  ...over,
});

export const slotWith = (over: Partial<SlotWithBookings> = {}): SlotWithBookings => ({ ...slotInfo(), bookings: [booking()], ...over });

export const slotsView = (over: Partial<SlotsView> = {}): SlotsView => ({
  from: '2030-06-04',
  to: '2030-06-10',
  today: '2030-06-04',
  days: [{ date: '2030-06-04', slots: [slotWith({ checkInOpen: true })] }],
  ...over,
});
