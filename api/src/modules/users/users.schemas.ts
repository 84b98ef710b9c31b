import { z } from 'zod';
import { addressSchema, userSchema } from 'shared-kernel/contracts';

const s = (max: number) => z.string().max(max);

/** Address as stored (spec §3 Address); the shared contract fields plus the optional extras. */
export const storedAddressSchema = addressSchema.extend({
  name: s(200).optional(),
  street_number: s(20).optional(),
  street: s(300).optional(),
  street2: s(300).optional(),
  complement: s(300).optional(),
  zipcode: s(20).optional(),
  city: s(120).optional(),
  country: s(60).optional(),
  county: s(120).optional(),
  state: s(120).optional(),
  stateCode: s(20).optional(),
  title: s(120).optional(),
  isMountain: z.boolean().optional(),
  exciseNumber: s(60).optional(),
  phone: s(40).optional(),
  email: s(254).optional(),
  firstname: s(120).optional(),
  lastname: s(120).optional(),
});

/** Cart as saved by the shell (spec §3 Cart: orders and lastUpdated). Contents are owned by mfe-cart. */
export const cartSchema = z
  .object({
    orders: z.array(z.unknown()).max(200),
    lastUpdated: z
      .union([z.string().max(64), z.number()])
      .nullable()
      .optional(),
  })
  .catchall(z.unknown());

/** PUT /v1/users/me body. Unknown keys (id, role, email…) are ignored: they cannot be changed here. */
export const updateMeSchema = z
  .object({
    lastname: s(120).nullable(),
    firstname: s(120).nullable(),
    phone: s(40).nullable(),
    language: z.enum(['fr', 'en']),
    cart: cartSchema.nullable(),
    deliveryAddress: storedAddressSchema.nullable(),
    billingAddress: storedAddressSchema.nullable(),
    business: z.object({ reason: s(200).optional(), name: s(200).optional() }).nullable(),
    /** false = no confirmation message in the response (cart saves). */
    message: z.boolean(),
  })
  .partial();
export type UpdateMeBody = z.infer<typeof updateMeSchema>;

export const updateMeResponseSchema = userSchema.extend({ message: z.string().optional() });
