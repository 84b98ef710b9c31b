// The orders to prepare and ship (contract shared-kernel/contracts/sales.ts):
//   GET  /v1/sales/deliveries?deliveryStatus=&q=&sort=&page=&pageSize= → Paginated<DeliveryItem>   manageDelivery
//   GET  /v1/sales/orders/:id/delivery-note.pdf → the delivery note (packages of 12 bottles)
//   POST /v1/sales/orders/:id/actions/ship { carrier, trackingNumber } · …/actions/deliver → OrderActionResult
import { useMutation } from '@tanstack/react-query';
import type { DeliveryItem, OrderActionInput, OrderActionResult, Paginated } from 'shared-kernel/contracts';
import { createResourceHooks, downloadApiFile } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import { orderKeys } from '../orders/orders.queries';
import { deliveryKeys, useInvalidate, type DeliveriesQuery } from '../sales.keys';

export type { DeliveriesQuery };

const hooks = createResourceHooks({
  keys: deliveryKeys,
  list: (q: DeliveriesQuery, signal) => api.get<Paginated<DeliveryItem>>('/sales/deliveries', { query: q, silent: true, signal }),
});

export const { useList: useDeliveries, fetchList: fetchDeliveries } = hooks;

/**
 * 'Expédier' / 'Marquer livrée'. Silent: the screen shows the api's message. After the answer (a success, or a 409:
 * the order moved meanwhile) the deliveries and the orders refetch.
 */
export function useDeliveryAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action, input }: { id: number; action: 'ship' | 'deliver'; input?: OrderActionInput }) =>
      api.post<OrderActionResult>(`/sales/orders/${id}/actions/${action}`, input ?? {}, { silent: true }),
    onSettled: () => invalidate(deliveryKeys, orderKeys),
  });
}

/** 'Bon de livraison': the delivery note's PDF. */
export function downloadDeliveryNote(id: number, number: string): Promise<void> {
  return downloadApiFile(`/sales/orders/${id}/delivery-note.pdf`, undefined, `bon-de-livraison-${number}.pdf`);
}
