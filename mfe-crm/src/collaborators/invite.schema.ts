import { z } from 'zod';
import { PERMISSIONS } from 'shared-kernel/contracts';
import { schemas } from 'shared-kernel/validation';

const name = z.string().trim().max(60, 'Le nom doit contenir au maximum 60 caractères');

export const inviteSchema = z.object({
  email: schemas.email,
  firstname: name,
  lastname: name,
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type InviteInput = z.output<typeof inviteSchema>;
