import { z } from 'zod';
import { texts as t } from './texts';

/**
 * The « Ajouter à une liste » dialog: a static list picked among the shop's, or the name of a new one. Only the field
 * of the chosen mode is required (the other keeps whatever was typed before switching).
 */
export const addToListSchema = z
  .object({
    mode: z.enum(['existing', 'new']),
    listId: z.number().nullable(),
    name: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'existing' && v.listId === null) ctx.addIssue({ code: 'custom', path: ['listId'], message: t.addToListPickRequired });
    if (v.mode === 'new' && !v.name.trim()) ctx.addIssue({ code: 'custom', path: ['name'], message: t.addToListNameRequired });
  });
export type AddToListValues = z.input<typeof addToListSchema>;
