// The sign-up request. A plain function: the register pages render outside react-query (lean public entry points)
// and the sign-up is a one-shot write.
import type { LoginResponse } from 'shared-kernel/contracts';
import { api } from 'shared-kernel/runtime';

/** What POST /v1/auth/register answers: its message, and a seller's session (they are signed in at once). */
export type RegisterResponse = { success: true; message: string } & Partial<LoginResponse>;

/** POST /v1/auth/register. Silent: the page shows the snackbar itself, in the visitor's language. */
export const signUp = (body: Record<string, unknown>) => api.post<RegisterResponse>('/auth/register', body, { silent: true });
