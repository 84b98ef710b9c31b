// The salespoint form: the contract's salesPointInputSchema (its messages are the api's, POS_MESSAGES), with the
// empty typology field read as null (the shop's public typology).
import { z } from 'zod';
import { salesPointInputSchema, type PosPaymentMethod, type SalesPoint } from 'shared-kernel/contracts';

export const salesPointFormSchema = salesPointInputSchema.extend({
  typology: z
    .string()
    .trim()
    .max(60, 'La typologie fait 60 caractères au plus')
    .transform((v) => v || null),
});

export type SalesPointFormValues = z.input<typeof salesPointFormSchema>;

/** A new salespoint takes cash and cards until told otherwise. */
export const DEFAULT_METHODS: PosPaymentMethod[] = ['cash', 'card'];

export function formValuesOf(salesPoint: SalesPoint | undefined): SalesPointFormValues {
  return {
    name: salesPoint?.name ?? '',
    // null until chosen: the schema answers POS_MESSAGES.warehouse
    warehouseId: (salesPoint?.warehouse.id ?? null) as unknown as number,
    methods: salesPoint ? [...salesPoint.methods] : [...DEFAULT_METHODS],
    typology: salesPoint?.typology ?? '',
    receiptHeader: salesPoint?.receiptHeader ?? '',
    receiptFooter: salesPoint?.receiptFooter ?? '',
    display: salesPoint?.display ?? false,
  };
}
