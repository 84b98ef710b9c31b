// The reservations back office (api/src/modules/reservations):
//   GET    /v1/reservations/slots?from&to&eventId  → SlotsView (slots by day with their bookings)
//   GET    /v1/reservations/events?eventId          → BookableEvent[] (rates, slots to come)
//   GET    /v1/reservations/:orderId                → ReservationBookings
//   POST   /v1/reservations                         → Created (201)
//   POST   /v1/reservations/lines/:lineId/move      { slotId } → BookingAnswer
//   POST   /v1/reservations/:orderId/cancel         { refund, reason? } → CancelAnswer
//   POST | DELETE /v1/reservations/lines/:lineId/check-in → BookingAnswer
// Every write refreshes the reservations queries and the orders' (lists, detail, dashboard), a cancellation the
// invoices and credits too. Writes are silent: the screens show the api's message.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import { orderKeys } from '../orders/orders.queries';
import { creditKeys, invoiceKeys, paymentKeys, useInvalidate, useSalesRetry } from '../sales.keys';

export interface BookingLine {
  id: number;
  rate: string;
  quantity: number;
  optional: boolean;
}
export interface Booking {
  lineId: number;
  orderId: number;
  orderNumber: string;
  orderStatus: string;
  paymentStatus: string;
  client: { id: number | null; name: string; email: string; phone: string | null };
  eventId: number | null;
  eventTitle: string;
  slotId: number | null;
  persons: number;
  options: number;
  lines: BookingLine[];
  totalTTC: number;
  checkedInAt: string | null;
  checkedInBy: { id: number; name: string } | null;
}
export interface SlotInfo {
  id: number;
  eventId: number;
  eventTitle: string;
  name: string | null;
  start: string;
  end: string;
  allDay: boolean;
  places: number;
  placesLeft: number;
  booked: number;
  checkInOpen: boolean;
  past: boolean;
}
export interface SlotWithBookings extends SlotInfo {
  bookings: Booking[];
}
export interface SlotsView {
  from: string;
  to: string;
  today: string;
  days: Array<{ date: string; slots: SlotWithBookings[] }>;
}
export interface BookableRate {
  name: string;
  priceCents: number;
  optional: boolean;
  touristTax: boolean;
}
export interface BookableEvent {
  id: number;
  title: string;
  online: boolean;
  location: string | null;
  rates: BookableRate[];
  slots: SlotInfo[];
}
export interface ReservationBookings {
  orderId: number;
  number: string;
  status: string;
  paymentStatus: string;
  source: string;
  active: boolean;
  invoiced: boolean;
  paid: boolean;
  bookings: Array<Booking & { slot: SlotInfo | null }>;
}
export type SettleMethod = 'transfer' | 'card' | 'cheque' | 'cash' | 'billOfExchange' | 'directDebit' | 'paypal' | 'other';
export interface ReservationInput {
  clientId: number;
  eventId: number;
  slotId: number;
  prices: Array<{ name: string; quantity: number }>;
  settle: { mode: 'now'; method: SettleMethod } | { mode: 'later' };
  notes: string | null;
}
export interface Created {
  orderId: number;
  number: string;
  status: string;
  paymentStatus: string;
  totalTTC: number;
  invoice: { id: number; number: string } | null;
  message: string;
}
export type Refund = 'refund' | 'credit' | 'none';
export interface BookingAnswer {
  booking: Booking;
  message: string;
}
export interface CancelAnswer {
  success: true;
  message: string;
  creditNote: { id: number; number: string } | null;
}
export interface SlotsQuery {
  from?: string;
  to?: string;
  eventId?: number;
}

export const reservationKeys = createQueryKeys('sales', 'reservations');

export function useSlotsView(q: SlotsQuery) {
  const keys = useQueryKeys(reservationKeys);
  const retry = useSalesRetry();
  return useQuery({
    queryKey: [...keys.all, 'slots', q],
    queryFn: ({ signal }) => api.get<SlotsView>('/reservations/slots', { query: { ...q }, silent: true, signal }),
    placeholderData: keepPreviousData,
    retry,
  });
}

/** The events and their slots to come (`eventId`: one event); `enabled` false = not read (a dialog still closed). */
export function useBookableEvents(eventId?: number | null, enabled = true) {
  const keys = useQueryKeys(reservationKeys);
  const retry = useSalesRetry();
  return useQuery({
    queryKey: [...keys.all, 'events', eventId ?? null],
    queryFn: ({ signal }) => api.get<BookableEvent[]>('/reservations/events', { query: eventId ? { eventId } : {}, silent: true, signal }),
    enabled,
    retry,
  });
}

export function useReservationBookings(orderId: number | null) {
  const keys = useQueryKeys(reservationKeys);
  const retry = useSalesRetry();
  return useQuery({
    queryKey: [...keys.all, 'detail', orderId],
    queryFn: ({ signal }) => api.get<ReservationBookings>(`/reservations/${orderId}`, { silent: true, signal }),
    enabled: orderId !== null,
    retry,
  });
}

function useWrite<V, R>(fn: (v: V) => Promise<R>, documents = false) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      documents ? invalidate(reservationKeys, orderKeys, invoiceKeys, creditKeys, paymentKeys) : invalidate(reservationKeys, orderKeys),
  });
}

export const useCreateReservation = () =>
  useWrite((input: ReservationInput) => api.post<Created>('/reservations', input, { silent: true }), true);

export const useMoveBooking = () =>
  useWrite(({ lineId, slotId }: { lineId: number; slotId: number }) =>
    api.post<BookingAnswer>(`/reservations/lines/${lineId}/move`, { slotId }, { silent: true }),
  );

export const useCancelReservation = () =>
  useWrite(
    ({ orderId, refund, reason }: { orderId: number; refund: Refund; reason?: string | null }) =>
      api.post<CancelAnswer>(`/reservations/${orderId}/cancel`, { refund, reason: reason || null }, { silent: true }),
    true,
  );

export const useCheckIn = () =>
  useWrite(({ lineId, on }: { lineId: number; on: boolean }) =>
    on
      ? api.post<BookingAnswer>(`/reservations/lines/${lineId}/check-in`, {}, { silent: true })
      : api.del<BookingAnswer>(`/reservations/lines/${lineId}/check-in`, undefined, { silent: true }),
  );
