import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnalyticsActivities,
  AnalyticsAgentRates,
  AnalyticsBudget,
  AnalyticsBudgetBody,
  AnalyticsCampaigns,
  AnalyticsCommission,
  AnalyticsCommissionRate,
  AnalyticsCommissions,
  AnalyticsCustomReport,
  AnalyticsObjective,
  AnalyticsObjectiveBody,
  AnalyticsObjectives,
  AnalyticsOverview,
  AnalyticsPeriod,
  AnalyticsSavedReport,
  AnalyticsSavedReportBody,
  CustomReportDefinition,
} from 'shared-kernel/contracts';
import { useViewerKey } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';

/** Every analytics query key starts with ['crm', 'analytics', viewer]: a write refreshes them all. */
function useKey(...parts: unknown[]) {
  const viewer = useViewerKey();
  return ['crm', 'analytics', viewer, ...parts];
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['crm', 'analytics'] });
}

const get = <T>(path: string, query: Record<string, unknown> | undefined, signal: AbortSignal) =>
  api.get<T>(path, { query, silent: true, signal });

export function useOverview(p: AnalyticsPeriod) {
  return useQuery({
    queryKey: useKey('overview', p),
    queryFn: ({ signal }) => get<AnalyticsOverview>('/analytics/overview', { ...p }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useActivities(p: AnalyticsPeriod) {
  return useQuery({
    queryKey: useKey('activities', p),
    queryFn: ({ signal }) => get<AnalyticsActivities>('/analytics/activities', { ...p }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBudget(year: number) {
  return useQuery({
    queryKey: useKey('budget', year),
    queryFn: ({ signal }) => get<AnalyticsBudget>('/analytics/budget', { year: String(year) }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSetBudget() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AnalyticsBudgetBody) => api.put<AnalyticsBudget>('/analytics/budget', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useCampaigns(p: AnalyticsPeriod) {
  return useQuery({
    queryKey: useKey('campaigns', p),
    queryFn: ({ signal }) => get<AnalyticsCampaigns>('/analytics/campaigns', { ...p }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomReport(def: CustomReportDefinition) {
  const query: Record<string, unknown> = { from: def.from, to: def.to, dimension: def.dimension };
  if (def.gamme) query.gamme = def.gamme;
  if (def.typology) query.typology = def.typology;
  if (def.agentId) query.agentId = String(def.agentId);
  return useQuery({
    queryKey: useKey('custom', query),
    queryFn: ({ signal }) => get<AnalyticsCustomReport>('/analytics/custom', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSavedReports() {
  return useQuery({
    queryKey: useKey('reports'),
    queryFn: ({ signal }) => get<AnalyticsSavedReport[]>('/analytics/reports', undefined, signal),
  });
}

export function useSaveReport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AnalyticsSavedReportBody) => api.post<AnalyticsSavedReport>('/analytics/reports', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteReport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.del(`/analytics/reports/${id}`, undefined, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useObjectives() {
  return useQuery({
    queryKey: useKey('objectives'),
    queryFn: ({ signal }) => get<AnalyticsObjectives>('/analytics/objectives', undefined, signal),
  });
}

export function useSaveObjective() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AnalyticsObjectiveBody }) =>
      id
        ? api.put<AnalyticsObjective>(`/analytics/objectives/${id}`, body, { silent: true })
        : api.post<AnalyticsObjective>('/analytics/objectives', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteObjective() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.del(`/analytics/objectives/${id}`, undefined, { silent: true }),
    onSuccess: invalidate,
  });
}

export interface CommissionsFilter {
  agentId?: number;
  month?: string;
}

export function useCommissions(f: CommissionsFilter) {
  const query: Record<string, unknown> = {};
  if (f.agentId) query.agentId = String(f.agentId);
  if (f.month) query.month = f.month;
  return useQuery({
    queryKey: useKey('commissions', query),
    queryFn: ({ signal }) => get<AnalyticsCommissions>('/analytics/commissions', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRates(enabled: boolean) {
  return useQuery({
    queryKey: useKey('rates'),
    queryFn: ({ signal }) => get<AnalyticsAgentRates[]>('/analytics/commissions/rates', undefined, signal),
    enabled,
  });
}

export function useSetRates() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ agentId, rates }: { agentId: number; rates: AnalyticsCommissionRate[] }) =>
      api.put<AnalyticsAgentRates>(`/analytics/commissions/rates/${agentId}`, { rates }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useMarkPaid() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.post<AnalyticsCommission>(`/analytics/commissions/${id}/pay`, undefined, { silent: true }),
    onSuccess: invalidate,
  });
}
