import { z } from 'zod';
import { USER_ROLES } from '../domain/access';
import { permissionSchema, shopModuleSchema } from './route-meta';

export { USER_ROLES };

/**
 * The request header naming the shop a caller acts for when they belong to several (a sales agent representing
 * several producers): one of their own memberships, else 404; absent, their first shop (§6).
 */
export const SHOP_HEADER = 'X-Shop-Id';
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

export const addressSchema = z.object({
  name: z.string().optional(),
  street_number: z.string().optional(),
  street: z.string().optional(),
  street2: z.string().optional(),
  zipcode: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
});
export type Address = z.infer<typeof addressSchema>;

/** Membership of a user in a shop (spec §3 User.shops). authorizations null/absent = everything allowed. */
export const userShopSchema = z.object({
  id: z.number().int(),
  authorizations: z.partialRecord(permissionSchema, z.boolean()).nullable().optional(),
  typology: z.string().nullable().optional(),
});
export type UserShop = z.infer<typeof userShopSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  lastname: z.string().nullable().optional(),
  firstname: z.string().nullable().optional(),
  role: userRoleSchema,
  language: z.enum(['fr', 'en']).optional(),
  business: z.object({ reason: z.string().optional(), name: z.string().optional() }).nullable().optional(),
  isPro: z.boolean().optional(),
  /** false while the account's email address has not been validated (login stays allowed); absent = validated. */
  emailValidated: z.boolean().optional(),
  shops: z.array(userShopSchema),
  cart: z.unknown().optional(),
  deliveryAddress: addressSchema.nullable().optional(),
  billingAddress: addressSchema.nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** A sub-account listed by a master account. */
export const subAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  shopName: z.string().nullable().optional(),
});
export const masterAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  isSuperAdmin: z.boolean().optional(),
  subAccounts: z.array(subAccountSchema),
});
export type MasterAccount = z.infer<typeof masterAccountSchema>;

export const shopIntegrationSchema = z.partialRecord(shopModuleSchema, z.object({ active: z.boolean() }).passthrough());
export const typologySchema = z.object({
  id: z.string(),
  name: z.string(),
  public: z.boolean(),
  ttc: z.boolean(),
  globalDiscount: z.number().optional(),
  allRulesInEq75: z.boolean().optional(),
});
export const shopSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  urlShop: z.string(),
  businessType: z.enum(['wine', 'champaign', 'beer', 'spirit', 'cider', 'other']),
  settings: z.object({
    logStartMonth: z.number().int().min(0).max(11),
    logStartDay: z.number().int().min(1).max(31),
    hasTVA: z.boolean(),
    vatRate: z.object({ standard: z.number(), medium: z.number(), reduced: z.number() }),
    titleProducts: z.string().optional(),
    allRulesInEq75: z.boolean().optional(),
  }),
  typologies: z.array(typologySchema),
  integration: shopIntegrationSchema,
  editedShop: z
    .object({ color: z.string().nullable().optional(), banner: z.string().nullable().optional(), logo: z.string().nullable().optional() })
    .nullable()
    .optional(),
  contactEmail: z.string().nullable().optional(),
  /** suspended by the platform's operator: the back office reads but cannot change anything */
  suspended: z.boolean().optional(),
  owner: z.object({ id: z.number().int(), username: z.string(), email: z.string(), phone: z.string().nullable().optional() }).optional(),
});
export type Shop = z.infer<typeof shopSchema>;
/** Public view of a shop (GET /v1/shops/{id}) — no settings secrets. */
export type PublicShop = Pick<Shop, 'id' | 'code' | 'name' | 'urlShop' | 'businessType' | 'editedShop'>;

export const loginRequestSchema = z.object({
  username: z.string().max(254).optional(),
  email: z.string().max(254).optional(),
  password: z.string().min(1, 'Ce champ ne peut pas être vide').max(256),
  /** a solved captcha: lets the real user past the wait of an account under attack (when a captcha is configured) */
  captchaToken: z.string().max(4096).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
/** POST /v1/auth/login and POST /v1/auth/switch-account. user is null for a master-account login. */
export interface LoginResponse {
  user: User | null;
  jwt: string;
  masterAccount: MasterAccount | null;
}

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  content: z.string(),
  createdAt: z.string(),
  seen: z.boolean(),
  redirectLink: z.string().nullable().optional(),
});
export type AppNotification = z.infer<typeof notificationSchema>;
export const markAsSeenSchema = z.object({ arrayOfIds: z.array(z.number().int()).min(1) });

export const maintenanceSchema = z.object({
  banner: z.string().nullable(),
  page: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
/** GET /v1/maintenances → the active maintenance or null. */
export type Maintenance = z.infer<typeof maintenanceSchema>;

/** Error body of every failing /v1 call (spec §8). */
export interface ApiErrorBody {
  success: false;
  message: string;
  field?: string;
}
