// The primeurs' data (contract shared-kernel/contracts/futures.ts):
//   GET  /v1/futures/campaigns (list query) · POST /v1/futures/campaigns · GET/PUT /v1/futures/campaigns/:id
//   POST /v1/futures/campaigns/:id/close | /reopen
//   GET  /v1/futures/campaigns/:id/clients → FuturesClients (per client: ordered, invoiced, paid, to deliver)
//   POST /v1/futures/campaigns/:id/orders → FuturesOrderResult (the order and its deposit invoice)
//   POST /v1/futures/orders/:orderId/deliver → FuturesDeliverResult (final invoice, deposit deducted)
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  FuturesCampaign,
  FuturesCampaignInput,
  FuturesCampaignSummary,
  FuturesClients,
  FuturesDeliverInput,
  FuturesDeliverResult,
  FuturesOrderInput,
  FuturesOrderResult,
  Paginated,
} from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import { orderKeys } from '../orders/orders.queries';
import { deliveryKeys, invoiceKeys, useInvalidate, useSalesRetry } from '../sales.keys';
import type { campaignsList } from './list/filters';

export type CampaignsQuery = ApiQueryOf<typeof campaignsList>;
type Saved = FuturesCampaign & { message: string };

export const campaignKeys = createQueryKeys<CampaignsQuery, number>('sales', 'futures');

const hooks = createResourceHooks({
  keys: campaignKeys,
  list: (q: CampaignsQuery, signal) => api.get<Paginated<FuturesCampaignSummary>>('/futures/campaigns', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<FuturesCampaign>(`/futures/campaigns/${id}`, { silent: true, signal }),
  create: (input: FuturesCampaignInput) => api.post<Saved>('/futures/campaigns', input, { silent: true }),
  update: (id: number, input: FuturesCampaignInput) => api.put<Saved>(`/futures/campaigns/${id}`, input, { silent: true }),
});

export const {
  useList: useCampaigns,
  useOne: useCampaign,
  useCreate: useCreateCampaign,
  useUpdate: useUpdateCampaign,
  fetchList: fetchCampaigns,
} = hooks;

/** The per-client table of a campaign (kept under the campaign's detail key: an order or a delivery refreshes both). */
export function useCampaignClients(id: number | null) {
  const keys = useQueryKeys(campaignKeys);
  const retry = useSalesRetry();
  return useQuery({
    queryKey: [...keys.detail(id ?? 0), 'clients'],
    queryFn: ({ signal }) => api.get<FuturesClients>(`/futures/campaigns/${id}/clients`, { silent: true, signal }),
    enabled: id !== null,
    retry,
  });
}

/** Close / reopen, a new order, a delivery: the campaign, its lists and the sales documents refresh. */
function useFuturesMutation<V, R>(fn: (v: V) => Promise<R>) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: fn, onSettled: () => invalidate(campaignKeys, orderKeys, invoiceKeys, deliveryKeys) });
}

export const useCampaignStatus = () =>
  useFuturesMutation(({ id, action }: { id: number; action: 'close' | 'reopen' }) =>
    api.post<Saved>(`/futures/campaigns/${id}/${action}`, {}, { silent: true }),
  );

export const usePlaceFuturesOrder = () =>
  useFuturesMutation(({ id, input }: { id: number; input: FuturesOrderInput }) =>
    api.post<FuturesOrderResult>(`/futures/campaigns/${id}/orders`, input, { silent: true }),
  );

export const useDeliverFuturesOrder = () =>
  useFuturesMutation(({ orderId, input }: { orderId: number; input?: FuturesDeliverInput }) =>
    api.post<FuturesDeliverResult>(`/futures/orders/${orderId}/deliver`, input ?? {}, { silent: true }),
  );
