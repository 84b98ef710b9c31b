// Data of the team screens (contract: shared-kernel/contracts/team.ts), through the shared api client.
// GET /v1/team/collaborators · /team/agents (Paginated) · GET /team/collaborators/:id · /team/agents/:id
// POST /team/collaborators · /team/agents (invite) · PUT /team/collaborators/:id/permissions
// POST /team/{collaborators|agents}/:id/suspend|reactivate · DELETE /team/{collaborators|agents}/:id
// GET /team/invitations?kind= · POST /team/invitations/:id/resend · DELETE /team/invitations/:id
// GET /team/agents/search?q=&department= · POST /team/agents/attach
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AgentDetail,
  AgentListItem,
  AgentSearchItem,
  InviteAgentBody,
  InviteCollaboratorBody,
  Paginated,
  PendingInvitation,
  Permission,
  TeamMember,
  TeamWriteAnswer,
} from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, useQueryKeys, type ApiQueryOf } from 'shared-kernel/kit';
import { api, type ApiError } from 'shared-kernel/runtime';
import type { membersList } from './filters';

export type MembersQuery = ApiQueryOf<typeof membersList>;
export type TeamKind = 'iam' | 'agent';

export const collaboratorKeys = createQueryKeys<MembersQuery, number>('crm', 'collaborators');
export const agentKeys = createQueryKeys<MembersQuery, number>('crm', 'agents');
export const invitationKeys = createQueryKeys<TeamKind, number>('crm', 'team-invitations');

const collaborators = createResourceHooks({
  keys: collaboratorKeys,
  list: (q: MembersQuery, signal) => api.get<Paginated<TeamMember>>('/team/collaborators', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<TeamMember>(`/team/collaborators/${id}`, { silent: true, signal }),
});
const agents = createResourceHooks({
  keys: agentKeys,
  list: (q: MembersQuery, signal) => api.get<Paginated<AgentListItem>>('/team/agents', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<AgentDetail>(`/team/agents/${id}`, { silent: true, signal }),
});

export const { useList: useCollaborators, useOne: useCollaborator, fetchList: fetchCollaborators } = collaborators;
export const { useList: useAgents, useOne: useAgent, fetchList: fetchAgents } = agents;

/** Invite a collaborator (silent: ZodForm puts a field error under its field, the page shows the success). */
export function useInviteCollaborator() {
  const invalidate = useTeamInvalidation();
  return useMutation<TeamWriteAnswer, ApiError, InviteCollaboratorBody>({
    mutationFn: (input) => api.post<TeamWriteAnswer>('/team/collaborators', input, { silent: true }),
    onSuccess: () => invalidate(),
  });
}

/** Invite a sales agent by email. */
export function useInviteAgent() {
  const invalidate = useTeamInvalidation();
  return useMutation<TeamWriteAnswer, ApiError, InviteAgentBody>({
    mutationFn: (input) => api.post<TeamWriteAnswer>('/team/agents', input, { silent: true }),
    onSuccess: () => invalidate(),
  });
}

/** Pending invitations of one kind. */
export function useInvitations(kind: TeamKind) {
  const keys = useQueryKeys(invitationKeys);
  return useQuery<PendingInvitation[], ApiError>({
    queryKey: keys.list(kind),
    queryFn: ({ signal }) => api.get<PendingInvitation[]>('/team/invitations', { query: { kind }, silent: true, signal }),
  });
}

/** Refreshes every team list and detail after a write. */
function useTeamInvalidation() {
  const client = useQueryClient();
  const c = useQueryKeys(collaboratorKeys);
  const a = useQueryKeys(agentKeys);
  const i = useQueryKeys(invitationKeys);
  return () => Promise.all([c.all, a.all, i.all].map((queryKey) => client.invalidateQueries({ queryKey })));
}

type Action =
  | { type: 'permissions'; id: number; permissions: Permission[] }
  | { type: 'suspend' | 'reactivate' | 'remove'; kind: TeamKind; id: number }
  | { type: 'resend' | 'revoke'; invitationId: number }
  | { type: 'attach'; userId: number };

const path = (kind: TeamKind) => (kind === 'iam' ? '/team/collaborators' : '/team/agents');

/**
 * Every team write but the invitations forms. Silent: the page shows the answer's message itself (success snackbar)
 * or the error (error snackbar).
 */
export function useTeamAction() {
  const invalidate = useTeamInvalidation();
  return useMutation<TeamWriteAnswer, ApiError, Action>({
    mutationFn: (a) => {
      switch (a.type) {
        case 'permissions':
          return api.put<TeamWriteAnswer>(`/team/collaborators/${a.id}/permissions`, { permissions: a.permissions }, { silent: true });
        case 'suspend':
        case 'reactivate':
          return api.post<TeamWriteAnswer>(`${path(a.kind)}/${a.id}/${a.type}`, undefined, { silent: true });
        case 'remove':
          return api.del<TeamWriteAnswer>(`${path(a.kind)}/${a.id}`, undefined, { silent: true });
        case 'resend':
          return api.post<TeamWriteAnswer>(`/team/invitations/${a.invitationId}/resend`, undefined, { silent: true });
        case 'revoke':
          return api.del<TeamWriteAnswer>(`/team/invitations/${a.invitationId}`, undefined, { silent: true });
        case 'attach':
          return api.post<TeamWriteAnswer>('/team/agents/attach', { userId: a.userId }, { silent: true });
      }
    },
    onSettled: () => invalidate(),
  });
}

/** GET /team/agents/search (enabled once a term or a department is given). */
export function useAgentSearch(q: string, department: string) {
  const keys = useQueryKeys(agentKeys);
  const enabled = q.trim().length >= 2 || /^(\d{2}|2[AB]|97\d)$/i.test(department.trim());
  return useQuery<AgentSearchItem[], ApiError>({
    queryKey: [...keys.all, 'search', q.trim(), department.trim()],
    queryFn: ({ signal }) =>
      api.get<AgentSearchItem[]>('/team/agents/search', {
        query: { ...(q.trim() ? { q: q.trim() } : {}), ...(department.trim() ? { department: department.trim() } : {}) },
        silent: true,
        signal,
      }),
    enabled,
  });
}
