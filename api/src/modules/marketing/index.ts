/** Marketing: client lists and email templates; the campaigns module reads lists and models through here. */
export * from './marketing.tables';
export { createMarketingRouter } from './marketing.router';
export { createMarketingService, recipientsOfLists, renderModel, type MarketingService } from './marketing.service';
export { sanitizeEmailHtml, sanitizeRichHtml, applyMergeFields, escapeHtml } from './marketing.sanitize';
export { MERGE_FIELDS, MERGE_FIELD_KEYS, unknownMergeFields } from 'shared-kernel/contracts';
