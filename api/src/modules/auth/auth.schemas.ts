import { z } from 'zod';
import { loginRequestSchema, masterAccountSchema, userSchema } from 'shared-kernel/contracts';

export { loginRequestSchema };

export const loginResponseSchema = z.object({
  user: userSchema.nullable(),
  jwt: z.string(),
  masterAccount: masterAccountSchema.nullable(),
});

/** POST /v1/auth/switch-account body. */
export const switchAccountSchema = z.object({
  userId: z.coerce.number().int().positive(),
});
