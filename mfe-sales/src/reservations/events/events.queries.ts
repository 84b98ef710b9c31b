// The back-office events (api/src/modules/events):
//   GET  /v1/events (list query: q, sort title|createdAt, online) → Paginated<EventSummary>
//   POST /v1/events · GET/PUT /v1/events/:id → EventDetail (every slot)
//   POST /v1/events/:id/slots (a schedule) → GenerateResult · DELETE /v1/events/:id/slots/:slotId (an empty slot)
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { eventsList } from './filters';

export interface EventRate {
  name: string;
  priceCents: number;
  /** an option: priced, not a participant, takes no place */
  optional: boolean;
  /** the tourist tax, per counting participant */
  touristTax: boolean;
}
export interface EventSlot {
  id: number;
  name: string | null;
  start: string;
  end: string;
  allDay: boolean;
  places: number;
  placesLeft: number;
  booked: number;
}
export type ScheduleMode = 'oneOff' | 'recurring' | 'period';
export interface ScheduleInput {
  mode: ScheduleMode;
  date?: string;
  time?: string;
  from?: string;
  to?: string;
  weekdays?: number[];
  times?: string[];
  exceptions?: string[];
  name?: string | null;
  places?: number | null;
}
export interface EventSummary {
  id: number;
  title: string;
  description: string | null;
  location: string | null;
  durationMinutes: number | null;
  languages: string[];
  message: string | null;
  mandatoryReservation: boolean;
  rates: EventRate[];
  placesPerSlot: number | null;
  online: boolean;
  schedule: { placesPerSlot: number | null; rules: Array<Record<string, unknown>> };
  createdAt: string;
  nextSlot: EventSlot | null;
  upcomingSlots: number;
  placesBooked: number;
  placesLeft: number;
}
export interface EventDetail extends EventSummary {
  slots: EventSlot[];
}
export interface EventInput {
  title: string;
  description: string | null;
  location: string | null;
  durationMinutes: number | null;
  languages: string[];
  message: string | null;
  mandatoryReservation: boolean;
  rates: EventRate[];
  placesPerSlot: number;
  online: boolean;
}
export interface GenerateResult {
  created: EventSlot[];
  duplicates: number;
  past: number;
  message: string;
}

export type EventsQuery = ApiQueryOf<typeof eventsList>;
type Saved = EventDetail & { message: string };

export const eventKeys = createQueryKeys<EventsQuery, number>('sales', 'events');

const hooks = createResourceHooks({
  keys: eventKeys,
  list: (q: EventsQuery, signal) => api.get<Paginated<EventSummary>>('/events', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<EventDetail>(`/events/${id}`, { silent: true, signal }),
  create: (input: EventInput) => api.post<Saved>('/events', input, { silent: true }),
  update: (id: number, input: EventInput) => api.put<Saved>(`/events/${id}`, input, { silent: true }),
});

export const { useList: useEvents, useOne: useEvent, useCreate: useCreateEvent, useUpdate: useUpdateEvent, fetchList: fetchEvents } = hooks;

/** Slot changes refresh the event and the lists (next slot, places). */
function useSlotMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  const keys = useQueryKeys(eventKeys);
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useGenerateSlots(eventId: number) {
  return useSlotMutation((schedule: ScheduleInput) => api.post<GenerateResult>(`/events/${eventId}/slots`, schedule, { silent: true }));
}

export function useDeleteSlot(eventId: number) {
  return useSlotMutation((slotId: number) =>
    api.del<{ success: true; message: string }>(`/events/${eventId}/slots/${slotId}`, undefined, { silent: true }),
  );
}
