/** Api contract: analytics. Shared by api/src/modules/analytics and mfe-crm. */

/**
 * §9: the 7 fixed chart colours, always in this order (first series = first colour). A colour-blind-safe set
 * (Okabe–Ito based), each with a contrast of at least 3:1 on white (WCAG 1.4.11 for graphical objects).
 */
export const CHART_COLORS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#8A6D00', '#56419E', '#5C5C5C'] as const;

/** Order statuses that never count as revenue. */
export const REVENUE_EXCLUDED_STATUSES = ['aborted', 'expired', 'cancelled', 'refused'] as const;

export const ANALYTICS_MESSAGES = {
  from: 'La date de début doit être une date au format AAAA-MM-JJ',
  to: 'La date de fin doit être une date au format AAAA-MM-JJ',
  range: 'La date de fin doit être postérieure à la date de début',
  rangeTooLong: 'La période ne peut pas dépasser 5 ans',
  month: 'Le mois doit être au format AAAA-MM',
  year: "L'année doit être comprise entre 2000 et 2100",
  amount: 'Le montant doit être un nombre entier de centimes positif ou nul',
  dimension: "L'axe d'analyse n'est pas valide",
  reportName: 'Ce champ ne peut pas être vide',
  reportNotFound: 'Rapport introuvable',
  reportSaved: 'Rapport enregistré',
  reportDeleted: 'Rapport supprimé',
  budgetSaved: 'Budget enregistré',
  objectiveNotFound: 'Objectif introuvable',
  objectiveSaved: 'Objectif enregistré',
  objectiveDeleted: 'Objectif supprimé',
  objectiveUser: "Ce membre n'appartient pas à l'équipe de la boutique",
  agentNotFound: 'Agent introuvable',
  agentId: "L'identifiant de l'agent doit être un nombre",
  rate: 'Le taux doit être compris entre 0 et 100 %',
  rateValue: 'Ce champ ne peut pas être vide',
  ratesSaved: 'Taux de commission enregistrés',
  commissionNotFound: 'Commission introuvable',
  commissionPaid: 'Commission marquée payée',
  commissionAlreadyPaid: 'Cette commission est déjà payée',
} as const;

/** A period: calendar days (YYYY-MM-DD, inclusive), Paris time. */
export interface AnalyticsPeriod {
  from: string;
  to: string;
}

// ------------------------------------------------------------------ overview (/dashboard/analytics)

export interface AnalyticsRevenueMonth {
  /** YYYY-MM */
  month: string;
  revenueCents: number;
  orders: number;
}

export interface AnalyticsOverview extends AnalyticsPeriod {
  kpis: { revenueCents: number; orders: number; averageBasketCents: number };
  months: AnalyticsRevenueMonth[];
  topProducts: { productId: number | null; name: string; quantity: number; revenueCents: number }[];
  topClients: { key: string; name: string; orders: number; revenueCents: number }[];
}

// ------------------------------------------------------------------ activities

/** Interaction kinds of the client timeline (modules/clients) plus 'task' = tasks done. */
export const ANALYTICS_ACTIVITY_KINDS = ['call', 'email', 'visit', 'meeting', 'tasting', 'note', 'other', 'task'] as const;
export type AnalyticsActivityKind = (typeof ANALYTICS_ACTIVITY_KINDS)[number];

export interface AnalyticsActivitiesRow {
  userId: number | null;
  name: string;
  counts: Record<AnalyticsActivityKind, number>;
  total: number;
}

export interface AnalyticsActivities extends AnalyticsPeriod {
  rows: AnalyticsActivitiesRow[];
  totals: Record<AnalyticsActivityKind, number> & { total: number };
}

// ------------------------------------------------------------------ budget

export interface AnalyticsBudgetMonth {
  /** YYYY-MM */
  month: string;
  targetCents: number | null;
  actualCents: number;
  /** actual / target × 100, one decimal; null without a target */
  percent: number | null;
}

export interface AnalyticsBudget {
  year: number;
  months: AnalyticsBudgetMonth[];
  totals: { targetCents: number; actualCents: number; percent: number | null };
  canEdit: boolean;
}

export interface AnalyticsBudgetBody {
  /** YYYY-MM */
  month: string;
  /** null removes the month's target */
  targetCents: number | null;
}

// ------------------------------------------------------------------ campaigns

/**
 * The figures of campaigns, counted as the campaign page counts them (api/src/modules/campaigns statsFrom): `sent` = mails
 * handed to the mail server (failed and bounced ones included: they were sent first), `delivered` = sent − failed −
 * bounced, an opened or clicked mail counts as opened, a click as a click. Rates are fractions (0.4567 = 45,67 %) over
 * `delivered`, rounded to 4 decimals; 0 when nothing was delivered.
 */
export interface AnalyticsCampaignFigures {
  recipients: number;
  /** still waiting to be sent (a campaign being sent) */
  queued: number;
  sent: number;
  delivered: number;
  failed: number;
  bounced: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
  openRate: number;
  clickRate: number;
  unsubscribeRate: number;
}

/** A campaign sent (or being sent) in the period: dated by its end of sending, else its start, Paris time. */
export interface AnalyticsCampaignRow extends AnalyticsCampaignFigures {
  id: number;
  name: string;
  subject: string;
  status: 'sending' | 'sent';
  startedAt: string | null;
  /** end of the sending; null while it is being sent */
  sentAt: string | null;
}

/** The campaigns dated in a month (YYYY-MM) and their figures (opens and clicks counted with their campaign's month). */
export interface AnalyticsCampaignMonth extends AnalyticsCampaignFigures {
  month: string;
  campaigns: number;
}

export interface AnalyticsCampaigns extends AnalyticsPeriod {
  /** newest first */
  items: AnalyticsCampaignRow[];
  /** number of campaigns */
  total: number;
  totals: AnalyticsCampaignFigures & { campaigns: number };
  /** every month of the period, empty ones included */
  months: AnalyticsCampaignMonth[];
}

// ------------------------------------------------------------------ custom reports

export const CUSTOM_DIMENSIONS = ['product', 'gamme', 'client', 'typology', 'agent', 'department', 'month'] as const;
export type CustomDimension = (typeof CUSTOM_DIMENSIONS)[number];

export interface CustomReportFilters {
  gamme?: string;
  typology?: string;
  agentId?: number;
}

export interface CustomReportDefinition extends AnalyticsPeriod, CustomReportFilters {
  dimension: CustomDimension;
}

export interface CustomReportRow {
  key: string;
  label: string;
  revenueCents: number;
  quantity: number;
  orders: number;
}

export interface AnalyticsCustomReport extends CustomReportDefinition {
  rows: CustomReportRow[];
  totals: { revenueCents: number; quantity: number; orders: number };
  /** values the filters can take in this shop */
  options: { gammes: string[]; typologies: string[]; agents: { id: number; name: string }[] };
}

export interface AnalyticsSavedReport {
  id: number;
  name: string;
  definition: CustomReportDefinition;
  createdAt: string;
}

export interface AnalyticsSavedReportBody {
  name: string;
  definition: CustomReportDefinition;
}

// ------------------------------------------------------------------ objectives

export interface AnalyticsMember {
  id: number;
  name: string;
  kind: 'owner' | 'iam' | 'agent';
}

export interface AnalyticsObjective {
  id: number;
  userId: number;
  userName: string;
  periodStart: string;
  periodEnd: string;
  targetCents: number;
  label: string | null;
  /** revenue excl. VAT of the orders credited to the member (orders.agent_id) over the period */
  actualCents: number;
  percent: number;
}

export interface AnalyticsObjectiveBody {
  userId: number;
  periodStart: string;
  periodEnd: string;
  targetCents: number;
  label?: string | null;
}

export interface AnalyticsObjectives {
  items: AnalyticsObjective[];
  members: AnalyticsMember[];
}

// ------------------------------------------------------------------ commissions

export type AnalyticsRateScope = 'default' | 'typology' | 'gamme';

export interface AnalyticsCommissionRate {
  scope: AnalyticsRateScope;
  /** the typology or the gamme; null for the default rate */
  value: string | null;
  /** basis points: 750 = 7,5 % */
  rateBp: number;
}

export interface AnalyticsAgentRates {
  agentId: number;
  agentName: string;
  rates: AnalyticsCommissionRate[];
}

export interface AnalyticsRatesBody {
  rates: AnalyticsCommissionRate[];
}

export type AnalyticsCommissionStatus = 'due' | 'paid';

export interface AnalyticsCommission {
  id: number;
  agentId: number;
  agentName: string;
  orderId: number;
  orderNumber: string;
  clientName: string;
  baseCents: number;
  rateBp: number;
  amountCents: number;
  /** YYYY-MM-DD, first day of the month the order was paid in */
  periodMonth: string;
  status: AnalyticsCommissionStatus;
  paidAt: string | null;
  createdAt: string;
}

export interface AnalyticsCommissions {
  items: AnalyticsCommission[];
  totals: { dueCents: number; paidCents: number };
  agents: { id: number; name: string }[];
  /** owner / iam with commissionsAnalytics: may edit rates and mark paid; an agent only reads his own */
  canManage: boolean;
}

/** Percent (as typed, '7,5' or 7.5) → basis points. */
export function analyticsPercentToBp(percent: number): number {
  return Math.round(percent * 100);
}

/** Basis points → percent (750 → 7.5). */
export function analyticsBpToPercent(bp: number): number {
  return bp / 100;
}

/** actual / target × 100 with one decimal; null without a target. */
export function analyticsPercentOf(actual: number, target: number | null): number | null {
  if (target === null || target <= 0) return null;
  return Math.round((actual * 1000) / target) / 10;
}
