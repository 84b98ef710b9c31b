import { z } from 'zod';
import { listStateSchema } from 'shared-kernel/kit';

/** Mirrors GET /excise/crd-colors (listCrdColorsQuery). */
export const crdColorsList = listStateSchema({
  sort: ['name', 'color', 'stock', 'createdAt'] as const,
  defaultSort: 'name',
  filters: {
    archived: z.enum(['true', 'false']).optional(),
    isCRD: z.enum(['true', 'false']).optional(),
  },
  defaultPageSize: 20,
});
