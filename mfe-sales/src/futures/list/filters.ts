import { z } from 'zod';
import { FUTURES_CAMPAIGN_STATUSES } from 'shared-kernel/contracts';
import { listStateSchema } from 'shared-kernel/kit';

/** Mirrors the api's listCampaignsQuery (api/src/modules/futures/futures.schemas.ts). */
export const campaignsList = listStateSchema({
  sort: ['createdAt', 'name', 'vintage', 'deliveryFrom'] as const,
  defaultSort: '-createdAt',
  filters: { status: z.enum(FUTURES_CAMPAIGN_STATUSES).optional() },
});
