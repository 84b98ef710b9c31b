// The roles section's data: the shop's collaborators and their rights (a team is small: the first 100).
import { useQuery } from '@tanstack/react-query';
import type { Paginated, TeamMember } from 'shared-kernel/contracts';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export const rolesKeys = createQueryKeys<void, number>('auth', 'roles');

export function useTeam() {
  const keys = useQueryKeys(rolesKeys);
  return useQuery({
    queryKey: keys.lists(),
    queryFn: ({ signal }) =>
      api.get<Paginated<TeamMember>>('/team/collaborators', { query: { pageSize: 100, sort: 'name' }, silent: true, signal }),
  });
}
