// The opportunities board: GET /opportunities/board, the writes, and the CRM settings (stages) it is drawn from.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OpportunityBoard,
  OpportunityBody,
  OpportunityMoveBody,
  OpportunitySaved,
  OpportunityStatusValue,
  OpportunityWon,
} from 'shared-kernel/contracts';
import { useViewerKey } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

export interface BoardQuery {
  status?: OpportunityStatusValue;
  ownerId?: number;
  q?: string;
}

const ROOT = ['crm', 'opportunities'] as const;

export function useBoard(query: BoardQuery) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...ROOT, viewer, 'board', query],
    queryFn: ({ signal }) => api.get<OpportunityBoard>('/opportunities/board', { query: { ...query }, silent: true, signal }),
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ROOT });
}

export function useSaveOpportunity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: OpportunityBody }) =>
      id === undefined
        ? api.post<OpportunitySaved>('/opportunities', input, { silent: true })
        : api.put<OpportunitySaved>(`/opportunities/${id}`, input, { silent: true }),
    onSuccess: refresh,
  });
}

/** Moves a card; the board shows the move at once and goes back to the server's order afterwards (or on an error). */
export function useMoveOpportunity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OpportunityMoveBody }) =>
      api.post<OpportunitySaved>(`/opportunities/${id}/move`, body, { silent: true }),
    onSettled: refresh,
  });
}

export type CloseAction = { kind: 'won' } | { kind: 'lost'; reason: string } | { kind: 'reopen' } | { kind: 'delete' };

export function useOpportunityAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      id,
      action,
    }: {
      id: number;
      action: CloseAction;
    }): Promise<OpportunitySaved | OpportunityWon | { success: true; message: string }> => {
      switch (action.kind) {
        case 'won':
          return api.post<OpportunityWon>(`/opportunities/${id}/won`, undefined, { silent: true });
        case 'lost':
          return api.post<OpportunitySaved>(`/opportunities/${id}/lost`, { reason: action.reason }, { silent: true });
        case 'reopen':
          return api.post<OpportunitySaved>(`/opportunities/${id}/reopen`, undefined, { silent: true });
        default:
          return api.del<{ success: true; message: string }>(`/opportunities/${id}`, undefined, { silent: true });
      }
    },
    onSuccess: refresh,
  });
}
