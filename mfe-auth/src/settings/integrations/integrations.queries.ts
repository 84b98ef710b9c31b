// The shop's module switches and import integration (api modules/shops):
//   GET /v1/shops/me/settings/integrations → { modules: Record<ShopModule, boolean>, importSource }      owner, iam
//   PUT /v1/shops/me/settings/integrations  body { modules (those changed), importSource } → same + shop + message   owner
// The answer's `shop` replaces the session's: the sidebar and the route guard follow the switches at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Shop, ShopModule } from 'shared-kernel/contracts';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api, useSession } from 'shared-kernel/runtime';

export type ImportSource = 'default' | 'isagri' | 'vinistoria' | 'baqio';
export interface ShopIntegrations {
  modules: Record<ShopModule, boolean>;
  importSource: ImportSource;
}
export interface ShopIntegrationsInput {
  modules: Partial<Record<ShopModule, boolean>>;
  importSource: ImportSource;
}
type Saved = ShopIntegrations & { shop: Shop; message: string };

export const integrationsKeys = createQueryKeys<void, string>('auth', 'integrations-settings');
const PATH = '/shops/me/settings/integrations';

export function useShopIntegrations() {
  const keys = useQueryKeys(integrationsKeys);
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) => api.get<ShopIntegrations>(PATH, { silent: true, signal }),
  });
}

export function useSaveShopIntegrations() {
  const client = useQueryClient();
  const keys = useQueryKeys(integrationsKeys);
  const setShop = useSession((s) => s.setShop);
  return useMutation({
    mutationFn: (input: ShopIntegrationsInput) => api.put<Saved>(PATH, input, { silent: true }),
    onSuccess: ({ shop, message: _message, ...saved }) => {
      client.setQueryData(keys.lists(), saved);
      setShop(shop);
    },
  });
}
