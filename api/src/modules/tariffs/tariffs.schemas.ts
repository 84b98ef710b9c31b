import { z } from 'zod';
import { listQuery } from '../../platform/list-query';

export {
  productDefaultsSchema,
  tariffChangesSchema,
  tariffGridSchema,
  tariffImportBodySchema,
  tariffImportResultSchema,
  tariffIncreaseBodySchema,
  tariffPricesBodySchema,
  tariffTypologyInputSchema,
  tariffTypologySchema,
  tariffTypologyUsageSchema,
} from 'shared-kernel/contracts';

const text = (name: string, max: number) =>
  z
    .string({ error: `Le filtre ${name} doit être un texte` })
    .max(max, `Le filtre ${name} ne doit pas dépasser ${max} caractères`)
    .optional();

/** GET /tariffs/grid: same filters as the screen's list state (mfe-stock/src/tarifs/grid/filters.ts). */
export const gridQuery = listQuery({
  sort: ['product', 'gamme', 'formatId'],
  defaultSort: 'product',
  filters: { gamme: text('gamme', 200), productType: text('productType', 50), type: text('type', 100) },
});

/** GET /tariffs/export */
export const exportQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'Le paramètre format vaut csv ou xlsx' }).default('csv'),
  q: z.string().trim().max(200, 'La recherche ne doit pas dépasser 200 caractères').optional(),
  gamme: text('gamme', 200),
  productType: text('productType', 50),
  type: text('type', 100),
});

/** GET /tariffs/price-list.pdf */
export const priceListQuery = z.object({
  typology: z.string({ error: 'Choisissez une typologie' }).min(1, 'Choisissez une typologie').max(100),
});

/** A typology in the path: its id ('particulier'). */
export const typologyParams = z.object({
  key: z.string().min(1, 'Typologie introuvable').max(100, 'Typologie introuvable').describe('typology id'),
});
