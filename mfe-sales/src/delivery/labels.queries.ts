// UPS shipments of an order and their labels (api modules/shipping, module `ups`, manageDelivery):
//   GET  /v1/shipping/orders/:id            → { orderId, shipment | null, suggestedParcels, accountConfigured }
//   POST /v1/shipping/orders/:id/ups        { service, parcels? } → the shipment + message (the order is marked shipped)
//   GET  /v1/shipping/shipments/:id/label.pdf → the labels (a page per parcel)
//   POST /v1/shipping/labels.pdf            { orderIds } → the labels of several orders in one PDF
//   POST /v1/shipping/shipments/:id/void    → the shipment voided + message
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createQueryKeys, downloadApiFile, downloadBlob, useQueryKeys } from 'shared-kernel/kit';
import { api, buildUrl, getSession } from 'shared-kernel/runtime';
import { orderKeys } from '../orders/orders.queries';
import { deliveryKeys, useInvalidate } from '../sales.keys';

export interface UpsParcel {
  weightKg: number;
  bottles: number | null;
}
export type UpsShipmentStatus = 'created' | 'transit' | 'delivered' | 'exception' | 'voided';
export interface UpsShipment {
  id: number;
  orderId: number;
  carrier: 'ups';
  service: string;
  serviceLabel: string;
  trackingNumber: string;
  trackingUrl: string;
  status: UpsShipmentStatus;
  parcels: UpsParcel[];
  cost: { cents: number; currency: string } | null;
  environment: 'test' | 'production';
  createdAt: string;
  deliveredAt: string | null;
  voidedAt: string | null;
  lastEvent: string | null;
}
export interface OrderUpsShipping {
  orderId: number;
  shipment: UpsShipment | null;
  /** every shipment of the order, voided ones included, newest first */
  shipments?: UpsShipment[];
  suggestedParcels: UpsParcel[];
  accountConfigured: boolean;
}

/** The UPS services offered (the api's UPS_SERVICES, modules/shipping/shipping.schemas.ts). */
export const UPS_SERVICE_OPTIONS = [
  { value: '11', label: 'UPS Standard' },
  { value: '65', label: 'UPS Express Saver' },
  { value: '07', label: 'UPS Express' },
  { value: '54', label: 'UPS Express Plus' },
  { value: '08', label: 'UPS Expedited' },
] as const;

export const upsShippingKeys = createQueryKeys<void, number>('sales', 'ups-shipping');

export function useOrderUpsShipping(orderId: number) {
  const keys = useQueryKeys(upsShippingKeys);
  return useQuery({
    queryKey: keys.detail(orderId),
    queryFn: ({ signal }) => api.get<OrderUpsShipping>(`/shipping/orders/${orderId}`, { silent: true, signal }),
  });
}

/** Books the shipment; the order is shipped by the api, so the deliveries and orders refetch. */
export function useCreateUpsShipment(orderId: number) {
  const client = useQueryClient();
  const keys = useQueryKeys(upsShippingKeys);
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { service: string; parcels: Array<{ weightKg: number; bottles?: number | null }> }) =>
      api.post<UpsShipment & { message: string }>(`/shipping/orders/${orderId}/ups`, input, { silent: true }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: keys.detail(orderId) }), invalidate(deliveryKeys, orderKeys)]),
  });
}

export function useVoidUpsShipment(orderId: number) {
  const client = useQueryClient();
  const keys = useQueryKeys(upsShippingKeys);
  return useMutation({
    mutationFn: (shipmentId: number) =>
      api.post<UpsShipment & { message: string }>(`/shipping/shipments/${shipmentId}/void`, {}, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.detail(orderId) }),
  });
}

/** 'Imprimer l'étiquette': the shipment's labels as a PDF. */
export function downloadUpsLabel(shipment: Pick<UpsShipment, 'id' | 'trackingNumber'>): Promise<void> {
  return downloadApiFile(`/shipping/shipments/${shipment.id}/label.pdf`, undefined, `etiquette-ups-${shipment.trackingNumber}.pdf`);
}

/** 'Imprimer les étiquettes UPS' of Expéditions: the labels of the chosen orders in one PDF (a POST: the list can be long). */
export async function downloadUpsLabels(orderIds: number[]): Promise<void> {
  const { jwt } = getSession();
  const res = await fetch(buildUrl('/shipping/labels.pdf'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}) },
    body: JSON.stringify({ orderIds }),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `Les étiquettes n'ont pas pu être téléchargées (erreur ${res.status})`);
  }
  downloadBlob('etiquettes-ups.pdf', await res.blob());
}
