import type { EventDetail, EventSlot } from './events.queries';

export const slot = (over: Partial<EventSlot> = {}): EventSlot => ({
  id: 11,
  name: null,
  start: '2030-06-04T08:00:00.000Z', // mardi 4 juin 2030, 10:00 Paris
  end: '2030-06-04T09:30:00.000Z',
  allDay: false,
  places: 6,
  placesLeft: 6,
  booked: 0,
  ...over,
});

export const visite = (over: Partial<EventDetail> = {}): EventDetail => ({
  id: 7,
  title: 'Visite du chai',
  description: 'Une heure et demie dans le chai',
  location: 'Chai principal',
  durationMinutes: 90,
  languages: ['fr', 'en'],
  message: null,
  mandatoryReservation: true,
  rates: [
    { name: 'Adulte', priceCents: 1500, optional: false, touristTax: false },
    { name: 'Taxe de séjour', priceCents: 100, optional: false, touristTax: true },
  ],
  placesPerSlot: 6,
  online: true,
  schedule: { placesPerSlot: 6, rules: [] },
  createdAt: '2030-01-01T10:00:00.000Z',
  nextSlot: null,
  upcomingSlots: 0,
  placesBooked: 0,
  placesLeft: 0,
  slots: [],
  ...over,
});
