// The password reset's last step. A plain function: the reset page renders outside react-query (a lean public page)
// and the reset is a one-shot write. Asking for the link is the validate module's `requestEmailLink`.
import { api } from 'shared-kernel/runtime';

/** POST /v1/auth/reset-password/confirm. Silent: the form shows the answer itself. */
export const confirmPasswordReset = (token: string, password: string) =>
  api.post<{ message: string }>('/auth/reset-password/confirm', { token, password }, { silent: true });
