// The shop's information (api modules/shops):
//   GET /v1/shops/me/settings/infos → ShopInfos                                                    owner, iam
//   PUT /v1/shops/me/settings/infos  body ShopInfosBody → ShopInfos + shop + message                owner
//     400 { field } on a bad value, 409 { field: 'urlShop' } when another shop has the url name
// The answer's `shop` replaces the session's: the header and the sidebar show the new name at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Shop } from 'shared-kernel/contracts';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api, useSession } from 'shared-kernel/runtime';
import type { ShopInfos, ShopInfosBody } from './infos.schema';

type Saved = ShopInfos & { shop: Shop; message: string };

export const infosKeys = createQueryKeys<void, string>('auth', 'infos-settings');
const PATH = '/shops/me/settings/infos';

export function useShopInfos() {
  const keys = useQueryKeys(infosKeys);
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) => api.get<ShopInfos>(PATH, { silent: true, signal }),
  });
}

export function useSaveShopInfos() {
  const client = useQueryClient();
  const keys = useQueryKeys(infosKeys);
  const setShop = useSession((s) => s.setShop);
  return useMutation({
    mutationFn: (input: ShopInfosBody) => api.put<Saved>(PATH, input, { silent: true }),
    onSuccess: ({ shop, message: _message, ...saved }) => {
      client.setQueryData(keys.lists(), saved);
      setShop(shop);
    },
  });
}
