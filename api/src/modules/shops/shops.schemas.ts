import { z } from 'zod';
import { shopIntegrationSchema, shopModuleSchema, shopSchema } from 'shared-kernel/contracts';
import { MESSAGES } from '../../platform/errors';

/** Public view of a shop (GET /v1/shops/{id}, GET /v1/shops). */
export const publicShopSchema = shopSchema.pick({ id: true, code: true, name: true, urlShop: true, businessType: true, editedShop: true });

export const shopSettingsSchema = shopSchema.shape.settings;

const editedShopSchema = z.object({
  color: z.string().max(50).nullable().optional(),
  banner: z.string().max(2000).nullable().optional(),
  logo: z.string().max(2000).nullable().optional(),
});

/** PUT /v1/shops/me body: partial; unknown keys are ignored; `noMessage` suppresses the confirmation message. */
export const updateShopSchema = z.object({
  name: z.string().trim().min(1, MESSAGES.emptyField).max(120),
  contactEmail: z.union([z.literal('').transform(() => null), z.email('Le mail est incorrect').max(254)]).nullable(),
  settings: shopSettingsSchema.partial(),
  editedShop: editedShopSchema.nullable(),
  integration: z.partialRecord(shopModuleSchema, z.object({ active: z.boolean() }).catchall(z.unknown())),
  noMessage: z.boolean(),
  message: z.boolean(),
}).partial();
export type UpdateShopBody = z.infer<typeof updateShopSchema>;

export const listShopsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100000).default(0),
});

export const shopResponseSchema = shopSchema;
export const shopUpdateResponseSchema = shopSchema.extend({ message: z.string().optional() });
export { shopIntegrationSchema };
