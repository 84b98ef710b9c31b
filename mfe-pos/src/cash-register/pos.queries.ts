// The till's api calls (contract: shared-kernel/contracts/pos.ts). Tickets themselves go through the offline till
// queue (../offline), which POSTs them or keeps them until the network is back.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CrmClientBody,
  CrmClientListItem,
  CrmClientSaved,
  LoyaltyAccount,
  Paginated,
  PosClosing,
  PosPaymentMethod,
  PosSession,
  PosTicket,
  RefundInput,
  SalesPoint,
} from 'shared-kernel/contracts';
import { createQueryKeys, retryUnlessClientError, useQueryKeys, useViewerKey } from 'shared-kernel/kit';
import { api, ApiError } from 'shared-kernel/runtime';

export const salesPointKeys = createQueryKeys<unknown, number>('pos', 'salespoints');
export const ticketKeys = createQueryKeys<{ salesPointId: number; sessionId: number }, number>('pos', 'tickets');
const clientKeys = createQueryKeys<string, number>('pos', 'till-clients');

/** Where the last salespoint answer is kept on this device: the till reopens offline with it. */
export const salesPointStorageKey = (viewer: string, id: number) => `wz.pos.salespoint.${viewer}.${id}`;

function stored(key: string): SalesPoint | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as SalesPoint) : undefined;
  } catch {
    return undefined;
  }
}

/** GET /pos/salespoints/:id; when the api cannot be reached, the copy this device saved the last time. */
export function useSalesPoint(id: number | null) {
  const keys = useQueryKeys(salesPointKeys);
  const viewer = useViewerKey();
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    enabled: id !== null,
    retry: retryUnlessClientError(),
    queryFn: async ({ signal }) => {
      const key = salesPointStorageKey(viewer, id!);
      try {
        const sp = await api.get<SalesPoint>(`/pos/salespoints/${id}`, { silent: true, signal });
        try {
          localStorage.setItem(key, JSON.stringify(sp));
        } catch {}
        return sp;
      } catch (error) {
        const copy = error instanceof ApiError && error.status === 0 ? stored(key) : undefined;
        if (copy) return copy;
        throw error;
      }
    },
  });
}

/** Writes the salespoint's session (opened, or null once the day is closed) into the cache and the device's copy. */
export function useSetSession(salesPointId: number) {
  const client = useQueryClient();
  const keys = useQueryKeys(salesPointKeys);
  const viewer = useViewerKey();
  return (session: PosSession | null) => {
    const next = client.setQueryData<SalesPoint>(keys.detail(salesPointId), (sp) => (sp ? { ...sp, session } : sp));
    try {
      if (next) localStorage.setItem(salesPointStorageKey(viewer, salesPointId), JSON.stringify(next));
    } catch {}
  };
}

/** POST /pos/salespoints/:id/sessions { float } */
export function useOpenSession(salesPointId: number) {
  const setSession = useSetSession(salesPointId);
  return useMutation({
    mutationFn: (float: number) => api.post<PosSession>(`/pos/salespoints/${salesPointId}/sessions`, { float }, { silent: true }),
    onSuccess: (session) => setSession(session),
  });
}

/** GET /pos/salespoints/:id/tickets?pageSize=20&sessionId=… (newest first) */
export function useSessionTickets(salesPointId: number, sessionId: number, enabled: boolean) {
  const keys = useQueryKeys(ticketKeys);
  return useQuery({
    queryKey: keys.list({ salesPointId, sessionId }),
    enabled,
    retry: retryUnlessClientError(),
    staleTime: 0,
    queryFn: ({ signal }) =>
      api.get<Paginated<PosTicket>>(`/pos/salespoints/${salesPointId}/tickets`, {
        query: { pageSize: 20, sessionId },
        silent: true,
        signal,
      }),
  });
}

/** POST /pos/tickets/:id/refund */
export function useRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, input }: { ticketId: number; input: RefundInput }) =>
      api.post<PosTicket>(`/pos/tickets/${ticketId}/refund`, input, { silent: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** POST /pos/sessions/:id/close { counted } */
export function useCloseSession() {
  return useMutation({
    mutationFn: ({ sessionId, counted }: { sessionId: number; counted: Partial<Record<PosPaymentMethod, number>> }) =>
      api.post<PosClosing>(`/pos/sessions/${sessionId}/close`, { counted }, { silent: true }),
  });
}

/** POST /pos/tickets/:id/send { email } */
export function useSendTicket() {
  return useMutation({
    mutationFn: ({ ticketId, email }: { ticketId: number; email: string }) =>
      api.post(`/pos/tickets/${ticketId}/send`, { email }, { silent: true }),
  });
}

/** A value that follows `value` once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** GET /crm/clients?q= (20 at most), from 2 characters. */
export function useClientSearch(q: string) {
  const keys = useQueryKeys(clientKeys);
  const term = q.trim();
  return useQuery({
    queryKey: keys.list(term),
    enabled: term.length >= 2,
    retry: retryUnlessClientError(),
    queryFn: ({ signal }) =>
      api.get<Paginated<CrmClientListItem>>('/crm/clients', { query: { q: term, pageSize: 20 }, silent: true, signal }),
  });
}

/**
 * The loyalty points of the ticket's client: what the seller tells the client at the counter. Silent: a
 * seller without the right to read client files (403), or a shop without a programme, simply sees nothing.
 */
export function useClientLoyalty(clientId: number | null | undefined) {
  const keys = useQueryKeys(clientKeys);
  return useQuery({
    queryKey: [...keys.detail(clientId ?? 0), 'loyalty'],
    enabled: !!clientId,
    retry: false,
    staleTime: 30_000,
    queryFn: ({ signal }) => api.get<LoyaltyAccount>(`/loyalty/clients/${clientId}`, { silent: true, signal }),
  });
}

/** POST /crm/clients: a client created at the counter (400 names the field). */
export function useCreateClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CrmClientBody) => api.post<CrmClientSaved>('/crm/clients', body, { silent: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
