import { listStateSchema, multiEnum } from 'shared-kernel/kit';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;

/** Mirrors the api's listCampaignsQuery (api/src/modules/campaigns/campaigns.schemas.ts). */
export const campaignsList = listStateSchema({
  sort: ['name', 'createdAt', 'scheduledAt', 'sentAt'] as const,
  defaultSort: '-createdAt',
  filters: { status: multiEnum(CAMPAIGN_STATUSES) },
});
