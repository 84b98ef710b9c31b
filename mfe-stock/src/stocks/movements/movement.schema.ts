import { z } from 'zod';
import { STOCK_ENTRY_KINDS, STOCK_EXIT_KINDS, type MovementRequest } from 'shared-kernel/contracts';
import { MESSAGES } from 'shared-kernel/validation';

export const MOVEMENT_FORM_KINDS = [...STOCK_ENTRY_KINDS, ...STOCK_EXIT_KINDS, 'transfer', 'inventory'] as const;
export type MovementFormKind = (typeof MOVEMENT_FORM_KINDS)[number];

export const MOVEMENT_MESSAGES = {
  sameWarehouse: "L'entrepôt de destination doit être différent de l'entrepôt de départ",
  positive: 'La quantité doit être un nombre entier supérieur à 0',
  counted: 'La quantité comptée doit être positive ou nulle',
  future: 'La date ne peut pas être dans le futur',
} as const;

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const int = z.number({ error: MESSAGES.number }).int(MESSAGES.number);

export const movementSchema = z
  .object({
    kind: z.enum(MOVEMENT_FORM_KINDS, { error: MESSAGES.needed }),
    warehouseId: z.number({ error: MESSAGES.needed }).int(),
    toWarehouseId: z.number().int().nullable(),
    formatId: z.number({ error: MESSAGES.needed }).int(),
    quantity: int.nullable(),
    countedQuantity: int.nullable(),
    occurredAt: z.string({ error: MESSAGES.needed }).min(1, MESSAGES.needed),
    reason: z.string().max(500),
    /** production entries: the CRD capsules the bottling consumes */
    crdColorId: z.number().int().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.occurredAt > todayIso()) ctx.addIssue({ code: 'custom', path: ['occurredAt'], message: MOVEMENT_MESSAGES.future });
    if (v.kind === 'inventory') {
      if (v.countedQuantity == null) ctx.addIssue({ code: 'custom', path: ['countedQuantity'], message: MESSAGES.needed });
      else if (v.countedQuantity < 0) ctx.addIssue({ code: 'custom', path: ['countedQuantity'], message: MOVEMENT_MESSAGES.counted });
      return;
    }
    if (v.quantity == null) ctx.addIssue({ code: 'custom', path: ['quantity'], message: MESSAGES.needed });
    else if (v.quantity < 1) ctx.addIssue({ code: 'custom', path: ['quantity'], message: MOVEMENT_MESSAGES.positive });
    if (v.kind === 'transfer') {
      if (v.toWarehouseId == null) ctx.addIssue({ code: 'custom', path: ['toWarehouseId'], message: MESSAGES.needed });
      else if (v.toWarehouseId === v.warehouseId)
        ctx.addIssue({ code: 'custom', path: ['toWarehouseId'], message: MOVEMENT_MESSAGES.sameWarehouse });
    }
  });
export type MovementFormValues = z.input<typeof movementSchema>;

export function defaultMovement(formatId?: number | null): MovementFormValues {
  return {
    kind: 'production',
    warehouseId: undefined as unknown as number,
    toWarehouseId: null,
    formatId: (formatId ?? undefined) as unknown as number,
    quantity: null,
    countedQuantity: null,
    occurredAt: todayIso(),
    reason: '',
    crdColorId: null,
  };
}

/** The api body: the sign of the quantity comes from the kind (on the server); today = now. */
export function toMovementRequest(v: z.output<typeof movementSchema>): MovementRequest {
  const occurredAt = v.occurredAt === todayIso() ? undefined : new Date(`${v.occurredAt}T12:00:00`).toISOString();
  const reason = v.reason.trim() || null;
  if (v.kind === 'transfer')
    return {
      kind: 'transfer',
      fromWarehouseId: v.warehouseId,
      toWarehouseId: v.toWarehouseId!,
      formatId: v.formatId,
      quantity: v.quantity!,
      occurredAt,
      reason,
    };
  if (v.kind === 'inventory')
    return { kind: 'inventory', warehouseId: v.warehouseId, formatId: v.formatId, countedQuantity: v.countedQuantity!, occurredAt, reason };
  const crd = v.kind === 'production' && v.crdColorId != null ? { crdColorId: v.crdColorId } : {};
  return { kind: v.kind, warehouseId: v.warehouseId, formatId: v.formatId, quantity: v.quantity!, occurredAt, reason, ...crd };
}
