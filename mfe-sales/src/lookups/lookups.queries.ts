// The pickers of the sales forms, read from other modules' endpoints:
//   GET /v1/crm/clients?q=&pageSize=20     → Paginated<CrmClientListItem> (client picker, searched on the server)
//   GET /v1/crm/clients/:id                → CrmClientDetail (the client preselected by ?clientId=)
//   GET /v1/stock/format-options?q=&clientId=&formatId= → FormatOption[] (catalogue formats 'Produit – 2022 – 75 cl', 50 at
//                                            most, their vintages, with clientId their price HT at the client's tariff)
//   GET /v1/stock/warehouses?archived=false&pageSize=100 → Paginated<WarehouseDto>
import { useQuery } from '@tanstack/react-query';
import type { CrmClientDetail, CrmClientListItem, FormatOption, Paginated, WarehouseDto } from 'shared-kernel/contracts';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export const lookupKeys = createQueryKeys('sales', 'lookups');

/** What a picker shows of a client: name, code, typology. */
export interface ClientChoice {
  id: number;
  name: string;
  code: string | null;
  typology: string | null;
}

export const toClientChoice = (c: Pick<CrmClientListItem, 'id' | 'name' | 'code' | 'typology'>): ClientChoice => ({
  id: c.id,
  name: c.name,
  code: c.code,
  typology: c.typology,
});

export function useClientSearch(q: string, enabled = true) {
  const keys = useQueryKeys(lookupKeys);
  return useQuery({
    queryKey: [...keys.all, 'clients', q],
    queryFn: ({ signal }) =>
      api.get<Paginated<CrmClientListItem>>('/crm/clients', { query: { q: q || undefined, pageSize: 20 }, silent: true, signal }),
    select: (page) => page.items.map(toClientChoice),
    enabled,
    placeholderData: (prev) => prev,
    staleTime: 30_000,
  });
}

/** One client by id (only when `id` is given): the client a form opens with. */
export function useClientChoice(id: number | null | undefined) {
  const keys = useQueryKeys(lookupKeys);
  return useQuery({
    queryKey: [...keys.all, 'client', id],
    queryFn: ({ signal }) => api.get<CrmClientDetail>(`/crm/clients/${id}`, { silent: true, signal }),
    select: toClientChoice,
    enabled: typeof id === 'number' && id > 0,
    staleTime: 60_000,
  });
}

/** The catalogue articles searched by `q`; with `clientId` each priced at that client's tariff; `formatId`: that one only. */
export function useFormatOptions(q: string, opts: { clientId?: number | null; formatId?: number | null; enabled?: boolean } = {}) {
  const keys = useQueryKeys(lookupKeys);
  const query = { q: q || undefined, clientId: opts.clientId || undefined, formatId: opts.formatId || undefined };
  return useQuery({
    queryKey: [...keys.all, 'formats', q, query.clientId ?? null, query.formatId ?? null],
    queryFn: ({ signal }) => api.get<FormatOption[]>('/stock/format-options', { query, silent: true, signal }),
    placeholderData: (prev) => prev,
    staleTime: 30_000,
    enabled: opts.enabled ?? true,
  });
}

export function useWarehouses() {
  const keys = useQueryKeys(lookupKeys);
  return useQuery({
    queryKey: [...keys.all, 'warehouses'],
    queryFn: ({ signal }) =>
      api.get<Paginated<WarehouseDto>>('/stock/warehouses', { query: { archived: false, pageSize: 100 }, silent: true, signal }),
    select: (page) => page.items.map((w) => ({ value: w.id, label: w.name })),
    staleTime: 60_000,
  });
}
