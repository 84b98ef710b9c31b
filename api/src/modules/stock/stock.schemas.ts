import { z } from 'zod';
import { paginated, STOCK_ENTRY_KINDS, STOCK_EXIT_KINDS, STOCK_MOVEMENT_KINDS } from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';
import { STOCK_MESSAGES as M } from './stock.messages';

const NUMBER = 'Doit être un nombre';
const NEEDED = 'Ce champ ne peut pas être vide';
const id = (message: string) => z.number({ error: message }).int(message).positive(message);
const positiveInt = z.number({ error: NUMBER }).int(NUMBER).min(1, M.quantityPositive).max(1_000_000_000, M.quantityPositive);
const isoDate = z.iso.datetime({ offset: true, error: 'La date est invalide' }).or(z.iso.date({ error: 'La date est invalide' }));
const optDate = isoDate
  .nullable()
  .optional()
  .transform((v) => (v ? new Date(v) : undefined));
const yesNo = z
  .enum(['true', 'false', '1', '0'], { error: 'Ce filtre accepte true ou false' })
  .transform((v) => v === 'true' || v === '1')
  .optional();
const intFilter = (name: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v, ctx) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 2147483647) {
        ctx.addIssue({ code: 'custom', message: `Le filtre ${name} doit être un identifiant` });
        return z.NEVER;
      }
      return n;
    })
    .optional();

// ------------------------------------------------------------------ warehouses

export const warehouseBodySchema = z
  .object({
    name: z.string({ error: NEEDED }).trim().min(1, NEEDED).max(100, 'Le nom ne doit pas dépasser 100 caractères'),
    address: z
      .object({
        line1: z.string().max(200).nullable().optional(),
        line2: z.string().max(200).nullable().optional(),
        zip: z.string().max(20).nullable().optional(),
        city: z.string().max(100).nullable().optional(),
        country: z.string().max(60).nullable().optional(),
      })
      .optional(),
    dutyStatus: z.enum(['suspended', 'paid'], { error: 'Le statut fiscal doit être suspended (sous douane) ou paid (droits acquittés)' }),
    exciseNumber: z.string().trim().max(30, "Le numéro d'accise ne doit pas dépasser 30 caractères").nullable().optional(),
    feedsWebShop: z.boolean({ error: 'Doit valoir true ou false' }),
    cashRegisters: z.array(z.string().trim().min(1).max(60)).max(50).optional(),
    archived: z.boolean().optional(),
  })
  .strict();
export type WarehouseBody = z.infer<typeof warehouseBodySchema>;

export const listWarehousesQuery = listQuery({
  sort: ['name', 'createdAt'],
  defaultSort: 'name',
  filters: { archived: yesNo.describe('true: archived ones only, false: active ones') },
});

export const warehouseSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    address: z.record(z.string(), z.unknown()),
    dutyStatus: z.enum(['suspended', 'paid']),
    exciseNumber: z.string().nullable(),
    feedsWebShop: z.boolean(),
    cashRegisters: z.array(z.string()),
    archived: z.boolean(),
    onHand: z.number(),
    hasMovements: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Warehouse' });
export const warehouseListSchema = paginated(warehouseSchema);

// ------------------------------------------------------------------ levels

export const listLevelsQuery = listQuery({
  sort: ['product', 'onHand', 'available', 'threshold'],
  defaultSort: 'product',
  filters: {
    warehouseId: intFilter('warehouseId').describe('formats with stock in this warehouse'),
    productType: z.enum(['bottle', 'accessory', 'box'], { error: 'Le filtre productType accepte bottle, accessory ou box' }).optional(),
    underThreshold: yesNo.describe('true: formats at or under their alert threshold'),
  },
});

const formatStockShape = {
  formatId: z.number(),
  productId: z.number(),
  productName: z.string(),
  productType: z.string(),
  vintageName: z.string().nullable(),
  formatName: z.string(),
  label: z.string(),
  byWarehouse: z.record(z.string(), z.number()),
  onHand: z.number(),
  reserved: z.number(),
  allocated: z.number(),
  available: z.number(),
  webStock: z.number(),
  threshold: z.number().nullable(),
  underThreshold: z.boolean(),
};
export const formatStockSchema = z.object(formatStockShape).meta({ id: 'FormatStock' });
export const formatStockListSchema = paginated(formatStockSchema);
export const formatStockDetailSchema = z
  .object({
    ...formatStockShape,
    levels: z.array(
      z.object({
        warehouseId: z.number(),
        warehouseName: z.string(),
        onHand: z.number(),
        feedsWebShop: z.boolean(),
        archived: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'FormatStockDetail' });

export const thresholdBodySchema = z
  .object({
    threshold: z.number({ error: NUMBER }).int(NUMBER).min(0, 'Le seuil doit être positif ou nul').max(1_000_000_000).nullable(),
  })
  .strict();

export const formatOptionsQuery = z.object({
  q: z.string().max(100, 'La recherche ne doit pas dépasser 100 caractères').optional(),
  formatId: intFilter('formatId'),
  /** prices the options at this client's typology (an agent: one of their own clients) */
  clientId: intFilter('clientId'),
  /** a shop the caller belongs to (an agent: a producer they represent); default their shop */
  shopId: intFilter('shopId'),
});
export const formatOptionsSchema = z.array(
  z.object({
    value: z.number(),
    label: z.string(),
    productId: z.number(),
    vintageId: z.number().nullable().describe('the one vintage of this format, null: any of the product'),
    vintages: z.array(z.object({ id: z.number(), name: z.string() })).describe('the vintages an order line may take it in'),
    priceHT: z.number().int().nullable().optional().describe("with clientId: unit price HT in cents at the client's typology"),
  }),
);

// ------------------------------------------------------------------ movements

const common = {
  occurredAt: optDate,
  reason: z.string().trim().max(500, 'Le motif ne doit pas dépasser 500 caractères').nullable().optional(),
};
export const movementBodySchema = z.discriminatedUnion(
  'kind',
  [
    z
      .object({
        kind: z.enum([...STOCK_ENTRY_KINDS, ...STOCK_EXIT_KINDS]),
        warehouseId: id(M.warehouseNotFound),
        formatId: id(M.formatNotFound),
        quantity: positiveInt,
        crdColorId: id(M.crdNotFound).nullable().optional(),
        ...common,
      })
      .strict(),
    z
      .object({
        kind: z.literal('transfer'),
        fromWarehouseId: id(M.warehouseNotFound),
        toWarehouseId: id(M.warehouseNotFound),
        formatId: id(M.formatNotFound),
        quantity: positiveInt,
        ...common,
      })
      .strict(),
    z
      .object({
        kind: z.literal('inventory'),
        warehouseId: id(M.warehouseNotFound),
        formatId: id(M.formatNotFound),
        countedQuantity: z
          .number({ error: NUMBER })
          .int(NUMBER)
          .min(0, 'La quantité comptée doit être positive ou nulle')
          .max(1_000_000_000),
        ...common,
      })
      .strict(),
  ],
  { error: 'Le type de mouvement est inconnu' },
);
export type MovementBody = z.infer<typeof movementBodySchema>;

export const listMovementsQuery = listQuery({
  sort: ['occurredAt', 'quantity'],
  defaultSort: '-occurredAt',
  filters: {
    warehouseId: intFilter('warehouseId'),
    formatId: intFilter('formatId'),
    kind: z.enum(STOCK_MOVEMENT_KINDS, { error: 'Le filtre kind est inconnu' }).optional(),
    from: isoDate.optional().describe('ISO date: from this day (Europe/Paris) included'),
    to: isoDate.optional().describe('ISO date: to this day included'),
  },
});

export const movementSchema = z
  .object({
    id: z.number(),
    occurredAt: z.string(),
    kind: z.string(),
    quantity: z.number(),
    warehouseId: z.number(),
    warehouseName: z.string(),
    formatId: z.number(),
    formatLabel: z.string(),
    reason: z.string().nullable(),
    documentType: z.string().nullable(),
    documentId: z.number().nullable(),
    transferId: z.string().nullable(),
    userName: z.string().nullable(),
  })
  .meta({ id: 'StockMovement' });
export const movementListSchema = paginated(movementSchema);
export const movementResultSchema = z.object({ success: z.literal(true), message: z.string(), movements: z.array(movementSchema) });

// ------------------------------------------------------------------ allocations

export const allocationBodySchema = z
  .object({
    formatId: id(M.formatNotFound),
    clientUserId: id(M.allocationClient).nullable().optional(),
    typology: z.string().trim().max(100).nullable().optional(),
    quantity: positiveInt,
    startsAt: optDate,
    endsAt: optDate,
    note: z.string().trim().max(500).nullable().optional(),
  })
  .strict();
export type AllocationBody = z.infer<typeof allocationBodySchema>;

export const allocationUpdateSchema = z
  .object({
    quantity: positiveInt.optional(),
    endsAt: optDate,
    note: z.string().trim().max(500).nullable().optional(),
    /** true: ends it now (its remaining quantity goes back on sale) */
    end: z.boolean().optional(),
  })
  .strict();
export type AllocationUpdate = z.infer<typeof allocationUpdateSchema>;

export const listAllocationsQuery = listQuery({
  sort: ['startsAt', 'endsAt', 'quantity'],
  defaultSort: '-startsAt',
  filters: { formatId: intFilter('formatId'), active: yesNo.describe('true: running ones, false: ended ones') },
});

export const allocationSchema = z
  .object({
    id: z.number(),
    formatId: z.number(),
    formatLabel: z.string(),
    clientUserId: z.number().nullable(),
    clientName: z.string().nullable(),
    typology: z.string().nullable(),
    quantity: z.number(),
    consumed: z.number(),
    remaining: z.number(),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    active: z.boolean(),
    note: z.string().nullable(),
  })
  .meta({ id: 'StockAllocation' });
export const allocationListSchema = paginated(allocationSchema);
export const allocationTargetsSchema = z.object({
  clients: z.array(z.object({ value: z.number(), label: z.string() })),
  typologies: z.array(z.object({ value: z.string(), label: z.string() })),
});

export const alertsSchema = z.array(z.object({ formatId: z.number(), label: z.string(), available: z.number(), threshold: z.number() }));
