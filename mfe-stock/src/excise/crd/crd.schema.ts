import { z } from 'zod';
import { MESSAGES } from 'shared-kernel/validation';

/** The CRD colour form (§3 carrier / CRD item: name, colour, type, isCRD). */
export const crdColorSchema = z.object({
  name: z.string().trim().min(1, MESSAGES.needed).max(100),
  color: z.string().trim().min(1, MESSAGES.needed).max(50),
  type: z.string().trim().min(1, MESSAGES.needed).max(50),
  isCRD: z.boolean(),
  archived: z.boolean(),
  initialStock: z.number({ error: MESSAGES.number }).int(MESSAGES.number).min(0, MESSAGES.number).nullable(),
});
export type CrdColorFormValues = z.output<typeof crdColorSchema>;

/** A purchase (capsules bought) or an inventory (capsules counted). */
export const crdMovementSchema = z
  .object({
    kind: z.enum(['purchase', 'adjustment']),
    amount: z.number({ error: MESSAGES.number }).int(MESSAGES.number).min(0, MESSAGES.number).nullable(),
    reason: z.string().max(500),
  })
  .refine((v) => v.amount !== null, { path: ['amount'], message: MESSAGES.needed })
  .refine((v) => v.kind !== 'purchase' || (v.amount ?? 0) > 0, {
    path: ['amount'],
    message: 'La quantité doit être un nombre entier supérieur à 0',
  });
export type CrdMovementFormValues = z.output<typeof crdMovementSchema>;
