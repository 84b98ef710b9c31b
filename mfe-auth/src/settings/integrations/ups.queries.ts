// The shop's UPS account (api modules/shipping, module `ups`, manageDelivery):
//   GET  /v1/shipping/ups/account       → { configured, clientId, clientSecretSet, accountNumber, environment, verifiedAt }
//   PUT  /v1/shipping/ups/account       body { clientId, clientSecret ('' keeps the stored one), accountNumber, environment }
//   POST /v1/shipping/ups/account/test  → { ok, message } (asks UPS for a token with the saved credentials)
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export type UpsEnvironment = 'test' | 'production';
export interface UpsAccount {
  configured: boolean;
  clientId: string | null;
  /** the secret itself never comes back */
  clientSecretSet: boolean;
  accountNumber: string | null;
  environment: UpsEnvironment;
  verifiedAt: string | null;
}
export interface UpsAccountInput {
  clientId: string;
  clientSecret: string;
  accountNumber: string;
  environment: UpsEnvironment;
}
export interface UpsConnectionTest {
  ok: boolean;
  message: string;
}

export const upsAccountKeys = createQueryKeys<void, string>('auth', 'ups-account');
const PATH = '/shipping/ups/account';

export function useUpsAccount() {
  const keys = useQueryKeys(upsAccountKeys);
  return useQuery({ queryKey: keys.lists(), queryFn: ({ signal }) => api.get<UpsAccount>(PATH, { silent: true, signal }) });
}

export function useSaveUpsAccount() {
  const client = useQueryClient();
  const keys = useQueryKeys(upsAccountKeys);
  return useMutation({
    mutationFn: (input: UpsAccountInput) => api.put<UpsAccount & { message: string }>(PATH, input, { silent: true }),
    onSuccess: ({ message: _message, ...saved }) => client.setQueryData(keys.lists(), saved),
  });
}

export function useTestUpsConnection() {
  const client = useQueryClient();
  const keys = useQueryKeys(upsAccountKeys);
  return useMutation({
    mutationFn: () => api.post<UpsConnectionTest>(`${PATH}/test`, {}, { silent: true }),
    // the account's « vérifiée le » moves with the test
    onSettled: () => client.invalidateQueries({ queryKey: keys.lists() }),
  });
}
