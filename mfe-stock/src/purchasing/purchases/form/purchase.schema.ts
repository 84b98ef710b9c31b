import { z } from 'zod';
import { PURCHASING_MESSAGES as M, type PurchaseOrderBody, type PurchaseOrderDetail } from 'shared-kernel/contracts';

/** Unit costs are typed in euros (decimal comma) and sent in integer cents. */
export const eurosToCents = (euros: number) => Math.round(euros * 100);

const lineSchema = z
  .object({
    formatId: z.number().int().positive().nullable(),
    label: z.string(),
    quantity: z.number({ error: M.quantity }).int(M.quantity).positive(M.quantity),
    unitCost: z.number({ error: M.unitCost }).min(0, M.unitCost),
  })
  .refine((l) => l.formatId !== null || l.label.trim().length > 0, { message: M.lineLabel, path: ['label'] });

export const purchaseFormSchema = z.object({
  supplierId: z.number({ error: 'Choisissez le fournisseur' }).int().positive('Choisissez le fournisseur'),
  warehouseId: z.number().int().positive().nullish(),
  expectedAt: z.string().nullish(),
  notes: z.string(),
  lines: z.array(lineSchema).min(1, M.linesEmpty),
});
export type PurchaseFormValues = z.input<typeof purchaseFormSchema>;
export type PurchaseFormLine = PurchaseFormValues['lines'][number];

export const emptyLine = (): PurchaseFormLine => ({
  formatId: null,
  label: '',
  quantity: null as unknown as number,
  unitCost: null as unknown as number,
});

export function purchaseFormDefaults(o?: PurchaseOrderDetail, supplierId?: number | null): PurchaseFormValues {
  return {
    supplierId: o?.supplierId ?? (supplierId as number),
    warehouseId: o?.warehouseId ?? null,
    expectedAt: o?.expectedAt ?? null,
    notes: o?.notes ?? '',
    lines: o
      ? o.lines.map((l) => ({ formatId: l.formatId, label: l.label, quantity: l.quantity, unitCost: l.unitCostCents / 100 }))
      : [emptyLine()],
  };
}

export function toPurchaseBody(v: z.output<typeof purchaseFormSchema>): PurchaseOrderBody {
  return {
    supplierId: v.supplierId,
    warehouseId: v.warehouseId ?? null,
    expectedAt: v.expectedAt || null,
    notes: v.notes || null,
    lines: v.lines.map((l) => ({
      formatId: l.formatId,
      label: l.label.trim() || null,
      quantity: l.quantity,
      unitCostCents: eurosToCents(l.unitCost),
    })),
  };
}
