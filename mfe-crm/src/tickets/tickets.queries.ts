import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketBody, Paginated, TicketContactShop, TicketDetail, TicketListItem, TicketStatus } from 'shared-kernel/contracts';
import { createQueryKeys, retryUnlessClientError, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

/** New messages are polled (spec: no push channel). */
export const TICKETS_POLL_MS = 30_000;

export interface TicketsQuery {
  q?: string;
  status?: TicketStatus;
  pageSize: number;
}

export type TicketSaved = TicketDetail & { message: string };

export const ticketKeys = createQueryKeys<TicketsQuery, number>('crm', 'tickets');

/** A 4xx is an answer (404, 403): never retried; other failures as the client's default. */
function useRetry() {
  const client = useQueryClient();
  return retryUnlessClientError(client.getDefaultOptions().queries?.retry as Parameters<typeof retryUnlessClientError>[0]);
}

export function useTickets(query: TicketsQuery) {
  const keys = useQueryKeys(ticketKeys);
  const retry = useRetry();
  return useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api.get<Paginated<TicketListItem>>('/tickets', { query: { ...query }, silent: true, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: TICKETS_POLL_MS,
    retry,
  });
}

/** A thread; reading it marks it read on the api, so the unread count of its list row drops to 0 here too. */
export function useTicket(id: number | null) {
  const keys = useQueryKeys(ticketKeys);
  const client = useQueryClient();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const thread = await api.get<TicketDetail>(`/tickets/${id}`, { silent: true, signal });
      client.setQueriesData<Paginated<TicketListItem>>({ queryKey: keys.lists() }, (page) =>
        page ? { ...page, items: page.items.map((t) => (t.id === thread.id ? { ...t, unread: 0 } : t)) } : page,
      );
      return thread;
    },
    refetchInterval: TICKETS_POLL_MS,
    retry,
  });
}

function useSaved() {
  const client = useQueryClient();
  const keys = useQueryKeys(ticketKeys);
  return (saved: TicketSaved) => {
    client.setQueryData(keys.detail(saved.id), saved);
    void client.invalidateQueries({ queryKey: keys.lists() });
  };
}

export function useReply() {
  const onSuccess = useSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) =>
      api.post<TicketSaved>(`/tickets/${id}/messages`, { body }, { silent: true }),
    onSuccess,
  });
}

export function useTicketStatus() {
  const onSuccess = useSaved();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'close' | 'reopen' }) =>
      api.post<TicketSaved>(`/tickets/${id}/${action}`, undefined),
    onSuccess,
  });
}

export function useCreateTicket() {
  const onSuccess = useSaved();
  return useMutation({
    mutationFn: (body: CreateTicketBody) => api.post<TicketSaved>('/tickets', body, { silent: true }),
    onSuccess,
  });
}

/** The shops a buyer may write to (those they ordered from, plus `shop` from the URL). */
export function useContactShops(shop: string | null, enabled: boolean) {
  const keys = useQueryKeys(ticketKeys);
  const retry = useRetry();
  return useQuery({
    queryKey: [...keys.all, 'shops', shop ?? ''],
    queryFn: ({ signal }) => api.get<TicketContactShop[]>('/tickets/shops', { query: shop ? { shop } : undefined, silent: true, signal }),
    enabled,
    retry,
  });
}
