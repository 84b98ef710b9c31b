// The sales points screens' data (contract shared-kernel/contracts/pos.ts), all under /v1:
//   GET  /pos/salespoints → SalesPoint[]  · POST /pos/salespoints · GET/PUT /pos/salespoints/:id
//   GET  /pos/salespoints/:id/tickets?page&pageSize&sort&sessionId&from&to → Paginated<PosTicket>
//   GET  /pos/tickets/:id → PosTicket · GET /pos/tickets/:id/receipt.pdf · POST /pos/tickets/:id/send { email }
//   GET  /pos/salespoints/:id/sessions → PosSession[] · GET /pos/salespoints/:id/closings → PosClosing[]
//   GET  /pos/closings/:id → PosClosing · GET /pos/closings/:id/report.pdf
//   GET  /pos/salespoints/:id/verify → ChainVerification · GET /pos/salespoints/:id/archive?from&to (a file)
//   GET  /stock/warehouses?pageSize=100 (the warehouse select of the form)
// Every key is scoped by the viewer (createQueryKeys): ['pos', 'salespoints', 'u2:s1', <what>, …]. The till
// (../cash-register) may invalidate `salesPointKeys` after a sale or a closing so that the list's takings follow.
import { useMemo } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChainVerification,
  Paginated,
  PosClosing,
  PosSession,
  PosTicket,
  SalesPoint,
  SalesPointInput,
  WarehouseDto,
} from 'shared-kernel/contracts';
import {
  createQueryKeys,
  downloadApiFile,
  retryUnlessClientError,
  useQueryKeys,
  type ApiQueryOf,
  type ResourceKeys,
} from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { ticketsList } from './detail/tickets/filters';
import { slug } from './format';

export type TicketsQuery = ApiQueryOf<typeof ticketsList>;

export const salesPointKeys = createQueryKeys<void, number>('pos', 'salespoints');

/** The keys of every query of the screens, under one viewer's `all`. */
export function salesPointQueryKeys(base: ResourceKeys<void, number>) {
  const { all } = base;
  return {
    all,
    list: () => [...all, 'list'] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
    tickets: (salesPointId: number) => [...all, 'tickets', salesPointId] as const,
    ticketsPage: (salesPointId: number, q: TicketsQuery) => [...all, 'tickets', salesPointId, q] as const,
    ticket: (id: number) => [...all, 'ticket', id] as const,
    sessions: (salesPointId: number) => [...all, 'sessions', salesPointId] as const,
    closings: (salesPointId: number) => [...all, 'closings', salesPointId] as const,
    closing: (id: number) => [...all, 'closing', id] as const,
    warehouses: () => [...all, 'warehouses'] as const,
  };
}

function useKeys() {
  const keys = useQueryKeys(salesPointKeys);
  return useMemo(() => salesPointQueryKeys(keys), [keys]);
}

/** No retry on a 4xx, else the QueryClient's default (the shell retries once, tests never). */
function useRetry() {
  const client = useQueryClient();
  return retryUnlessClientError(client.getDefaultOptions().queries?.retry as Parameters<typeof retryUnlessClientError>[0]);
}

// ------------------------------------------------------------------ salespoints

export function useSalesPoints() {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.list(),
    queryFn: ({ signal }) => api.get<SalesPoint[]>('/pos/salespoints', { silent: true, signal }),
    retry,
  });
}

export function useSalesPoint(id: number | null) {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<SalesPoint>(`/pos/salespoints/${id}`, { silent: true, signal }),
    enabled: id !== null,
    retry,
  });
}

/** POST (no id) or PUT (an id); refreshes the list and the salespoint. */
export function useSaveSalesPoint() {
  const client = useQueryClient();
  const keys = useKeys();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: SalesPointInput }) =>
      id
        ? api.put<SalesPoint>(`/pos/salespoints/${id}`, input, { silent: true })
        : api.post<SalesPoint>('/pos/salespoints', input, { silent: true }),
    onSuccess: async (saved) => {
      client.setQueryData(keys.detail(saved.id), saved);
      await client.invalidateQueries({ queryKey: keys.list() });
    },
  });
}

/** The warehouses the form offers (the archived ones are kept only when already chosen). */
export function useWarehouseChoices() {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.warehouses(),
    queryFn: ({ signal }) =>
      api.get<Paginated<Pick<WarehouseDto, 'id' | 'name' | 'archived'>>>('/stock/warehouses', {
        query: { pageSize: 100 },
        silent: true,
        signal,
      }),
    select: (page) => page.items.map((w) => ({ id: w.id, name: w.name, archived: w.archived })),
    staleTime: 60_000,
    retry,
  });
}

// ------------------------------------------------------------------ tickets

export function useTickets(salesPointId: number, q: TicketsQuery) {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.ticketsPage(salesPointId, q),
    queryFn: ({ signal }) =>
      api.get<Paginated<PosTicket>>(`/pos/salespoints/${salesPointId}/tickets`, { query: { ...q }, silent: true, signal }),
    placeholderData: keepPreviousData,
    retry,
  });
}

/**
 * One ticket (a row opened from the list is already known: `known`, no call; `wait` while the list that may know it
 * loads). Tickets never change once recorded (only the units refunded of a sale grow): a known one is not asked again.
 */
export function useTicket(id: number | null, known: PosTicket | undefined, wait = false) {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.ticket(id ?? 0),
    queryFn: ({ signal }) => api.get<PosTicket>(`/pos/tickets/${id}`, { silent: true, signal }),
    enabled: id !== null && !wait,
    initialData: known,
    staleTime: 60_000,
    retry,
  });
}

export function useSendTicket() {
  return useMutation({
    mutationFn: ({ id, email }: { id: number; email: string }) => api.post<unknown>(`/pos/tickets/${id}/send`, { email }, { silent: true }),
  });
}

/** 'Ticket PDF': the 80 mm receipt, 'ticket-<ref>.pdf' (the api's name). */
export function downloadReceipt(ticket: Pick<PosTicket, 'id' | 'ref'>): Promise<void> {
  return downloadApiFile(`/pos/tickets/${ticket.id}/receipt.pdf`, undefined, `ticket-${ticket.ref}.pdf`);
}

// ------------------------------------------------------------------ sessions, closings

export function useSessions(salesPointId: number) {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.sessions(salesPointId),
    queryFn: ({ signal }) => api.get<PosSession[]>(`/pos/salespoints/${salesPointId}/sessions`, { silent: true, signal }),
    retry,
  });
}

export function useClosings(salesPointId: number) {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.closings(salesPointId),
    queryFn: ({ signal }) => api.get<PosClosing[]>(`/pos/salespoints/${salesPointId}/closings`, { silent: true, signal }),
    retry,
  });
}

/** One closing (a row of the list is already known: `known`, no call; `wait` while the list loads); it never changes. */
export function useClosing(id: number | null, known: PosClosing | undefined, wait = false) {
  const keys = useKeys();
  const retry = useRetry();
  return useQuery({
    queryKey: keys.closing(id ?? 0),
    queryFn: ({ signal }) => api.get<PosClosing>(`/pos/closings/${id}`, { silent: true, signal }),
    enabled: id !== null && !wait,
    initialData: known,
    staleTime: Infinity,
    retry,
  });
}

/** 'Rapport PDF': the Z (or the month, the year) printed like a receipt, '<ref>.pdf'. */
export function downloadClosingReport(closing: Pick<PosClosing, 'id' | 'ref'>): Promise<void> {
  return downloadApiFile(`/pos/closings/${closing.id}/report.pdf`, undefined, `${closing.ref}.pdf`);
}

// ------------------------------------------------------------------ the journal

/** 'Vérifier maintenant': the api walks the salespoint's chain (asked on demand, never cached). */
export function useVerifyChain(salesPointId: number) {
  return useMutation({
    mutationFn: () => api.get<ChainVerification>(`/pos/salespoints/${salesPointId}/verify`, { silent: true }),
  });
}

/** 'Exporter l'archive': the signed archive of a period, 'archive-<salespoint>-<from>-<to>.json'. */
export function downloadArchive(salesPoint: Pick<SalesPoint, 'id' | 'name'>, from: string, to: string): Promise<void> {
  return downloadApiFile(`/pos/salespoints/${salesPoint.id}/archive`, { from, to }, `archive-${slug(salesPoint.name)}-${from}-${to}.json`);
}
