// Query strings and answers of /v1/shop-data.
import { z } from 'zod';
import { listQuery } from '../../platform/list-query';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';

export const ENTITIES = ['products', 'clients', 'stock'] as const;
export const INTEGRATIONS = ['default', 'isagri', 'vinistoria', 'baqio'] as const;
export const STATUSES = ['pending', 'processing', 'completed', 'reverted', 'error'] as const;

/** POST /shop-data/imports: what the raw body is (the file's bytes). */
export const importQuerySchema = z.object({
  entity: z.enum(ENTITIES, { error: M.entity }),
  integration: z.enum(INTEGRATIONS, { error: M.integration }).default('default'),
  fileName: z.string({ error: M.fileName }).trim().min(1, M.fileName).max(200, M.fileName),
  dryRun: z
    .enum(['true', 'false'], { error: M.dryRun })
    .default('true')
    .transform((v) => v === 'true'),
});

export const listImportsQuery = listQuery({
  sort: ['createdAt'],
  defaultSort: '-createdAt',
  filters: {
    status: z.enum(STATUSES, { error: 'Le filtre status vaut pending, processing, completed, reverted ou error' }).optional(),
    entity: z.enum(ENTITIES, { error: M.entity }).optional(),
  },
});

const rowErrorSchema = z.object({ row: z.number().int(), field: z.string().optional(), message: z.string() });

export const importSchema = z
  .object({
    id: z.number().int(),
    entity: z.enum(ENTITIES),
    integration: z.enum(INTEGRATIONS),
    fileName: z.string(),
    status: z.enum(STATUSES),
    total: z.number().int(),
    processed: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    errors: z.array(rowErrorSchema),
    errorCount: z.number().int(),
    revertible: z.boolean(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    revertedAt: z.string().nullable(),
  })
  .meta({ id: 'ShopImport' });

export const importListSchema = z.object({
  items: z.array(importSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const importPreviewSchema = z
  .object({
    dryRun: z.literal(true),
    entity: z.enum(ENTITIES),
    integration: z.enum(INTEGRATIONS),
    fileName: z.string(),
    columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
    counts: z.object({
      total: z.number().int(),
      create: z.number().int(),
      update: z.number().int(),
      unchanged: z.number().int(),
      error: z.number().int(),
    }),
    preview: z.array(
      z.object({
        row: z.number().int(),
        action: z.enum(['create', 'update', 'unchanged', 'error']),
        label: z.string(),
        details: z.string(),
      }),
    ),
    errors: z.array(rowErrorSchema),
    errorCount: z.number().int(),
  })
  .meta({ id: 'ShopImportPreview' });

export const exportSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['pending', 'processing', 'ready', 'error', 'expired']),
    createdAt: z.string(),
    fileName: z.string(),
  })
  .meta({ id: 'ShopExport' });

export const linkQuerySchema = z.object({ token: z.string({ error: M.linkInvalid }).min(1, M.linkInvalid).max(2000, M.linkInvalid) });
