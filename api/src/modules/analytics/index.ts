/** Analytics of a shop: activities, budget, campaigns, custom reports, objectives and commissions charts. */
export * from './analytics.tables';
export { createAnalyticsRouter } from './analytics.router';
export { createAnalyticsService, commissionOf, ANALYTICS_NOTIFICATIONS, type AnalyticsService } from './analytics.service';
