// The ventilation of a period (contract shared-kernel/contracts/sales.ts):
//   GET /v1/sales/ventilation?from=&to= → Ventilation (totals = invoices − credit notes issued in the period; rows per
//       axis adding up to them; paymentMethod = the payments received in the period, TTC only)
//   GET /v1/sales/ventilation/export?from=&to=&format=csv|xlsx → the same tables as a file
// Keyed under the invoices (['sales', 'invoices', <viewer>, 'ventilation', from, to]): issuing a document or recording
// a payment refreshes it.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Ventilation } from 'shared-kernel/contracts';
import { downloadApiFile, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { Period } from '../period';
import { invoiceKeys, useSalesRetry } from '../sales.keys';

export function useVentilation({ from, to }: Period) {
  const keys = useQueryKeys(invoiceKeys);
  const retry = useSalesRetry();
  return useQuery({
    queryKey: [...keys.all, 'ventilation', from, to],
    queryFn: ({ signal }) => api.get<Ventilation>('/sales/ventilation', { query: { from, to }, silent: true, signal }),
    placeholderData: keepPreviousData,
    retry,
  });
}

export type VentilationFormat = 'csv' | 'xlsx';

/** 'Exporter (CSV)' / 'Exporter (Excel)': the file the api builds, 'ventilation-<from>-<to>.<format>'. */
export function downloadVentilation({ from, to }: Period, format: VentilationFormat): Promise<void> {
  return downloadApiFile('/sales/ventilation/export', { from, to, format }, `ventilation-${from}-${to}.${format}`);
}
