// The shop's payment provider keys (api modules/shops/payment-keys.ts), owner only:
//   GET /v1/shops/me/settings/payment-keys → { stripe: { publishableKey, mode, secretKey: {set,last4}, webhookSecret } | null, paypal }
//   PUT /v1/shops/me/settings/payment-keys  body { stripe?: {…} | null, paypal?: {…} | null } ('' keeps a stored key)
//   POST /v1/payments/connection-tests/:provider → { ok, message } (one harmless call to Stripe / PayPal with the saved keys)
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export interface SecretState {
  set: boolean;
  last4: string | null;
}
export interface PaymentKeys {
  stripe: { publishableKey: string; mode: 'test' | 'live'; secretKey: SecretState; webhookSecret: SecretState } | null;
  paypal: { clientId: string; mode: 'test' | 'live'; webhookId: string | null; clientSecret: SecretState } | null;
}
export interface PaymentKeysInput {
  stripe?: { publishableKey: string; secretKey: string; webhookSecret: string } | null;
  paypal?: { clientId: string; clientSecret: string; mode: 'test' | 'live'; webhookId: string } | null;
}

export const paymentKeysKeys = createQueryKeys<void, string>('auth', 'payment-keys');
const PATH = '/shops/me/settings/payment-keys';

export function usePaymentKeys(enabled: boolean) {
  const keys = useQueryKeys(paymentKeysKeys);
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) => api.get<PaymentKeys>(PATH, { silent: true, signal }),
    enabled,
  });
}

export function useSavePaymentKeys() {
  const client = useQueryClient();
  const keys = useQueryKeys(paymentKeysKeys);
  return useMutation({
    mutationFn: (input: PaymentKeysInput) => api.put<PaymentKeys & { message: string }>(PATH, input, { silent: true }),
    onSuccess: ({ message: _message, ...saved }) => client.setQueryData(keys.lists(), saved),
  });
}

export interface ConnectionTest {
  ok: boolean;
  message: string;
}

/** « Tester la connexion »: the api calls the provider once with the saved keys and says how it went, in French. */
export function useTestConnection() {
  return useMutation({
    mutationFn: (provider: 'stripe' | 'paypal') => api.post<ConnectionTest>(`/payments/connection-tests/${provider}`, {}, { silent: true }),
  });
}
