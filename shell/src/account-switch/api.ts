// A master account's switch to one of its sub-accounts (one-shot write: a plain function).
import type { LoginResponse } from 'shared-kernel/contracts';
import { api } from 'shared-kernel/runtime';

/** POST /v1/auth/switch-account. Not silent: a refusal also shows as a snackbar. */
export const switchAccount = (userId: number) => api.post<LoginResponse>('/auth/switch-account', { userId });
