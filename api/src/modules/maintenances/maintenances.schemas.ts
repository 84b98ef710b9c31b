import { z } from 'zod';
import { maintenanceSchema } from 'shared-kernel/contracts';

export { maintenanceSchema };

/** POST /v1/maintenances (superAdmin). */
export const createMaintenanceSchema = z
  .object({
    banner: z.string().max(1000).nullable().optional(),
    page: z.boolean().default(false),
    startDate: z.iso.datetime({ offset: true }),
    endDate: z.iso.datetime({ offset: true }),
  })
  .refine((m) => new Date(m.endDate) > new Date(m.startDate), {
    message: 'La date de fin doit être après la date de début',
    path: ['endDate'],
  });
