import { z } from 'zod';
import { paginated } from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';

export const IFRAME_MESSAGES = {
  notFound: 'Iframe introuvable',
  productRequired: 'Veuillez choisir le produit à afficher',
  productNotFound: 'Produit inexistant',
  created: "L'iframe a été créée",
  updated: "L'iframe a été mise à jour",
  deleted: "L'iframe a été supprimée",
} as const;

export const iframeBodySchema = z
  .object({
    name: z
      .string({ error: 'Le nom est obligatoire' })
      .trim()
      .min(1, 'Le nom est obligatoire')
      .max(100, 'Le nom ne doit pas dépasser 100 caractères'),
    kind: z.enum(['list', 'product'], { error: "Le type d'iframe doit être list ou product" }),
    productId: z.number({ error: 'Le produit doit être un numéro' }).int().positive().nullable().optional(),
  })
  .strict();
export type IframeBody = z.infer<typeof iframeBodySchema>;

export const listIframesQuery = listQuery({
  sort: ['id', 'name', 'createdAt'],
  defaultSort: '-id',
  filters: {
    kind: z.enum(['list', 'product'], { error: 'Le filtre kind accepte list ou product' }).optional().describe('list or product'),
  },
});

export const iframeSchema = z
  .object({
    id: z.number().int(),
    shopId: z.number().int(),
    name: z.string(),
    kind: z.enum(['list', 'product']),
    productId: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Iframe' });
export const iframeListSchema = paginated(iframeSchema);
