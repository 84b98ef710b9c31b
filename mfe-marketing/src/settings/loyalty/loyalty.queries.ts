// The shop's loyalty programme (api modules/loyalty, contract shared-kernel/contracts/loyalty.ts), owner and iam:
//   GET /v1/loyalty/program → LoyaltyProgram (inactive, without levels, while never saved)
//   PUT /v1/loyalty/program  body LoyaltyProgramInput → LoyaltyProgram + message
// The products an offer gives come from the promotion codes' product options (../promotions/promotions.queries).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoyaltyProgram, LoyaltyProgramInput } from 'shared-kernel/contracts';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export const loyaltyKeys = createQueryKeys<void, 'program'>('marketing', 'loyalty-program');
const PATH = '/loyalty/program';

export type SavedLoyaltyProgram = LoyaltyProgram & { message: string };

export function useLoyaltyProgram() {
  const keys = useQueryKeys(loyaltyKeys);
  return useQuery({
    queryKey: keys.detail('program'),
    queryFn: ({ signal }) => api.get<LoyaltyProgram>(PATH, { silent: true, signal }),
  });
}

export function useSaveLoyaltyProgram() {
  const client = useQueryClient();
  const keys = useQueryKeys(loyaltyKeys);
  return useMutation({
    mutationFn: (input: LoyaltyProgramInput) => api.put<SavedLoyaltyProgram>(PATH, input, { silent: true }),
    onSuccess: ({ message: _message, ...saved }) => client.setQueryData(keys.detail('program'), saved),
  });
}
