// The emailed links of the auth pages: confirming an address, asking for a new validation or reset link. Plain
// functions: these pages render outside react-query (lean public pages) and each call is a one-shot write.
import type { User } from 'shared-kernel/contracts';
import { api } from 'shared-kernel/runtime';

type Message = { message: string };

/** The endpoints that mail a link: the same answer whether or not the account exists. */
export type EmailLinkEndpoint = '/auth/validate/resend' | '/auth/reset-password';

/** POST /v1/auth/validate: confirms the address of a (single-use) link's token. */
export const confirmEmail = (token: string) => api.post<Message>('/auth/validate', { token }, { silent: true });

/** Asks for a new link by email (`captchaToken` when the form's captcha gave one). */
export const requestEmailLink = (endpoint: EmailLinkEndpoint, body: { email: string; captchaToken?: string }) =>
  api.post<Message>(endpoint, body, { silent: true });

/** A new validation link for the signed-in user's address. */
export const resendValidationEmail = (email: string) => requestEmailLink('/auth/validate/resend', { email });

/** The signed-in user as the api has them now. */
export const fetchMe = () => api.get<User>('/users/me', { silent: true });
