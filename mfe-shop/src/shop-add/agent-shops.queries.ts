// A producer's shop opened by an agent: POST /v1/agent/shops (contract auth.ts agentShopSchema) creates the shop and
// its owner's account, and mails the owner an invitation.
import { useMutation } from '@tanstack/react-query';
import type { AgentShopInput } from 'shared-kernel/contracts';
import { api } from 'shared-kernel/runtime';

export type CreatedAgentShop = { shop: { id: number; name: string; urlShop: string }; message: string };

/** Silent: the form puts an api error under its field, or shows it as a snackbar. */
export function useCreateAgentShop() {
  return useMutation({ mutationFn: (body: AgentShopInput) => api.post<CreatedAgentShop>('/agent/shops', body, { silent: true }) });
}
