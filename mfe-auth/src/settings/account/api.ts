// The account section's writes: the user's own name, email and password (PUT /v1/users/me…). The name change shows
// the api's snackbar; the email and password changes are silent (the section shows their answer in place).
import type { User } from 'shared-kernel/contracts';
import { api } from 'shared-kernel/runtime';

export function updateName(input: { firstname: string; lastname: string }) {
  return api.put<User & { message?: string }>('/users/me', input);
}

export function changeEmail(input: { email: string; password: string }) {
  return api.put<{ message: string }>('/users/me/email', input, { silent: true });
}

export function changePassword(input: { currentPassword: string; password: string }) {
  return api.put<{ message: string; jwt: string }>('/users/me/password', input, { silent: true });
}
