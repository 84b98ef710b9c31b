// The campaign-mail recipient's preferences, by the token of their link (public, no account):
// GET /v1/t/p/:token → Preferences · PUT /v1/t/p/:token { unsubscribed?, trackingOff? } → Preferences
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createQueryKeys, retryUnlessClientError, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export interface Preferences {
  shopName: string;
  email: string;
  unsubscribed: boolean;
  trackingOff: boolean;
}
export type PreferencesChange = { unsubscribed?: boolean; trackingOff?: boolean };

export const trackingKeys = createQueryKeys<void, string>('marketing', 'tracking');

const pathOf = (token: string) => `/t/p/${encodeURIComponent(token)}`;

/** The preferences of the link's token; `enabled` false (a malformed token) asks nothing. */
export function useTrackingPreferences(token: string, enabled: boolean) {
  const keys = useQueryKeys(trackingKeys);
  return useQuery({
    queryKey: keys.detail(token),
    queryFn: ({ signal }) => api.get<Preferences>(pathOf(token), { silent: true, signal }),
    enabled,
    retry: retryUnlessClientError(),
  });
}

/** Changes one preference; the answer replaces the shown preferences, then `onChanged` says what was done. */
export function useChangeTrackingPreferences(token: string, onChanged: (p: Preferences, change: PreferencesChange) => void) {
  const keys = useQueryKeys(trackingKeys);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesChange) => api.put<Preferences>(pathOf(token), body, { silent: true }),
    onSuccess: (p, body) => {
      client.setQueryData(keys.detail(token), p);
      onChanged(p, body);
    },
  });
}
