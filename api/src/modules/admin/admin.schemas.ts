import { z } from 'zod';
import { ADMIN_PRODUCT_STATUSES, paginated, PRODUCT_TYPES } from 'shared-kernel/contracts';
import { ORDER_STATUSES } from 'shared-kernel/domain';
import { listQuery } from '../../platform/list-query';

export const ADMIN_MESSAGES = {
  shopNotFound: 'Boutique introuvable',
  alreadySuspended: 'Cette boutique est déjà suspendue',
  notSuspended: "Cette boutique n'est pas suspendue",
  suspended: 'La boutique a été suspendue',
  reopened: 'La boutique a été rouverte',
  reasonNeeded: 'Indiquez la raison de la suspension',
  reasonTooLong: 'La raison ne doit pas dépasser 500 caractères',
  maintenanceSaved: 'La maintenance a été enregistrée',
  maintenanceEnded: 'La maintenance a été arrêtée',
  noMaintenance: "Aucune maintenance n'est programmée",
  messageNeeded: 'Indiquez le message affiché pendant la maintenance',
  messageTooLong: 'Le message ne doit pas dépasser 1000 caractères',
  mode: 'Le mode vaut banner (bandeau) ou page (page entière)',
  startDate: 'La date de début est invalide',
  endDate: 'La date de fin est invalide',
  endAfterStart: 'La date de fin doit être après la date de début',
  endPassed: 'La date de fin est déjà passée',
} as const;

const shopIdFilter = z
  .string({ error: 'Le filtre shopId doit être un identifiant de boutique' })
  .regex(/^\d{1,9}$/, 'Le filtre shopId doit être un identifiant de boutique')
  .transform(Number)
  .optional()
  .describe('a shop id');
const dayFilter = (name: string) =>
  z.iso
    .date({ error: `Le filtre ${name} doit être une date AAAA-MM-JJ` })
    .optional()
    .describe('YYYY-MM-DD (Paris day, inclusive)');

/** GET /v1/admin/orders: `q` on the number, the shop (name, code) and the buyer (name, email). */
export const listAdminOrdersQuery = listQuery({
  sort: ['createdAt', 'number', 'totalTTC'],
  defaultSort: '-createdAt',
  filters: {
    status: z
      .enum(ORDER_STATUSES, { error: "Le filtre status n'est pas un statut de commande" })
      .optional()
      .describe(ORDER_STATUSES.join(', ')),
    shopId: shopIdFilter,
    from: dayFilter('from'),
    to: dayFilter('to'),
  },
});

/** GET /v1/admin/products: every shop's products; `q` on the product's and the shop's names. */
export const listAdminProductsQuery = listQuery({
  sort: ['name', 'createdAt'],
  defaultSort: 'name',
  filters: {
    shopId: shopIdFilter,
    status: z
      .enum(ADMIN_PRODUCT_STATUSES, { error: "Le filtre status n'est pas un statut de produit" })
      .optional()
      .describe(ADMIN_PRODUCT_STATUSES.join(', ')),
    productType: z
      .enum(PRODUCT_TYPES, { error: "Le filtre productType n'est pas un type de produit" })
      .optional()
      .describe(PRODUCT_TYPES.join(', ')),
  },
});

export const SHOP_BUSINESS_TYPES = ['wine', 'champaign', 'beer', 'spirit', 'cider', 'other'] as const;

/** GET /v1/admin/shops: `q` on the name, code, urlShop and the owner's email or username. */
export const listAdminShopsQuery = listQuery({
  sort: ['name', 'createdAt', 'lastActivity'],
  defaultSort: '-createdAt',
  filters: {
    suspended: z.enum(['true', 'false'], { error: 'Le filtre suspended vaut true ou false' }).optional().describe('true or false'),
    businessType: z
      .enum(SHOP_BUSINESS_TYPES, { error: "Le filtre businessType n'est pas un type d'activité" })
      .optional()
      .describe(SHOP_BUSINESS_TYPES.join(', ')),
  },
});

/** GET /v1/admin/audit: newest first; `q` on who and the action. */
export const listAdminAuditQuery = listQuery({
  sort: ['at'],
  defaultSort: '-at',
  filters: {
    targetType: z.enum(['shop', 'maintenance', 'user'], { error: 'Le filtre targetType vaut shop, maintenance ou user' }).optional(),
    targetId: z.string({ error: 'Le filtre targetId doit être un texte' }).max(50, 'Le filtre targetId est trop long').optional(),
  },
});

export const suspendBodySchema = z.object({
  reason: z
    .string({ error: ADMIN_MESSAGES.reasonNeeded })
    .trim()
    .min(1, ADMIN_MESSAGES.reasonNeeded)
    .max(500, ADMIN_MESSAGES.reasonTooLong),
});

/** PUT /v1/admin/maintenance: what GET /v1/maintenances serves between the two dates. */
export const maintenanceBodySchema = z
  .object({
    mode: z.enum(['banner', 'page'], { error: ADMIN_MESSAGES.mode }),
    message: z
      .string({ error: ADMIN_MESSAGES.messageNeeded })
      .trim()
      .min(1, ADMIN_MESSAGES.messageNeeded)
      .max(1000, ADMIN_MESSAGES.messageTooLong),
    startDate: z.iso.datetime({ offset: true, error: ADMIN_MESSAGES.startDate }),
    endDate: z.iso.datetime({ offset: true, error: ADMIN_MESSAGES.endDate }),
  })
  .refine((m) => new Date(m.endDate) > new Date(m.startDate), { message: ADMIN_MESSAGES.endAfterStart, path: ['endDate'] })
  .refine((m) => new Date(m.endDate) > new Date(), { message: ADMIN_MESSAGES.endPassed, path: ['endDate'] });
export type MaintenanceInput = z.output<typeof maintenanceBodySchema>;

export const adminOrderSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    subType: z.string(),
    status: z.string(),
    paymentStatus: z.string(),
    totalTTC: z.number().int().describe('cents'),
    createdAt: z.string(),
    shop: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
    buyer: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string() }),
  })
  .meta({ id: 'AdminOrder' });

export const adminProductSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    productType: z.string(),
    status: z.string(),
    archived: z.boolean(),
    createdAt: z.string(),
    shop: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  })
  .meta({ id: 'AdminProduct' });

export const adminShopSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    urlShop: z.string(),
    businessType: z.string(),
    owner: z.object({ id: z.number().int(), username: z.string(), email: z.string() }).nullable(),
    modules: z.array(z.string()).describe('the modules switched on'),
    createdAt: z.string(),
    lastActivityAt: z.string().describe('latest order or update of the shop'),
    suspendedAt: z.string().nullable(),
    suspendedReason: z.string().nullable(),
  })
  .meta({ id: 'AdminShop' });

export const adminAuditSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int().nullable(),
    userName: z.string(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()).nullable(),
    at: z.string(),
  })
  .meta({ id: 'AdminAuditEntry' });

export const adminMaintenanceSchema = z
  .object({
    id: z.number().int(),
    mode: z.enum(['banner', 'page']),
    message: z.string(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    /** served now by GET /v1/maintenances */
    active: z.boolean(),
  })
  .meta({ id: 'AdminMaintenance' });

export const adminOverviewSchema = z
  .object({
    shops: z.number().int(),
    suspendedShops: z.number().int(),
    ordersToday: z.number().int().describe('orders placed today (Paris day)'),
  })
  .meta({ id: 'AdminOverview' });

export const adminOrderListSchema = paginated(adminOrderSchema);
export const adminProductListSchema = paginated(adminProductSchema);
export const adminShopListSchema = paginated(adminShopSchema);
export const adminAuditListSchema = paginated(adminAuditSchema);
export const shopActionResponseSchema = z.object({ success: z.literal(true), message: z.string(), shop: adminShopSchema });
export const maintenanceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  maintenance: adminMaintenanceSchema.nullable(),
});

export type AdminOrder = z.infer<typeof adminOrderSchema>;
export type AdminProduct = z.infer<typeof adminProductSchema>;
export type AdminShop = z.infer<typeof adminShopSchema>;
export type AdminAuditEntry = z.infer<typeof adminAuditSchema>;
export type AdminMaintenance = z.infer<typeof adminMaintenanceSchema>;
