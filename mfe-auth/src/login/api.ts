// The sign-in request. A plain function, not a react-query hook: the sign-in page is a lean public entry point
// (no react-query in its first paint) and the login is a one-shot write.
import type { LoginResponse } from 'shared-kernel/contracts';
import { api } from 'shared-kernel/runtime';
import type { loginBody } from './login-flow';

/** POST /v1/auth/login. Silent: the page shows the error inline next to the form rather than as a snackbar. */
export const login = (body: ReturnType<typeof loginBody>) => api.post<LoginResponse>('/auth/login', body, { silent: true });
