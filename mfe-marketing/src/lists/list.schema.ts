import { z } from 'zod';
import { MARKETING_LIST_KINDS, MARKETING_MESSAGES as M, marketingListFiltersSchema } from 'shared-kernel/contracts';

/** The list form: the api's rules (shared-kernel/contracts/marketing.ts). */
export const listFormSchema = z.object({
  name: z.string().trim().min(1, M.name).max(200, M.nameMax),
  kind: z.enum(MARKETING_LIST_KINDS, { error: M.listKind }),
  filters: marketingListFiltersSchema,
});
export type ListFormValues = z.output<typeof listFormSchema>;
