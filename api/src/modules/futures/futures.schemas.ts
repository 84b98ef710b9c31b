import { z } from 'zod';
import { FUTURES_CAMPAIGN_STATUSES } from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';

export const listCampaignsQuery = listQuery({
  sort: ['createdAt', 'name', 'vintage', 'deliveryFrom'],
  defaultSort: '-createdAt',
  filters: {
    status: z.enum(FUTURES_CAMPAIGN_STATUSES, { error: 'Le filtre status accepte open ou closed' }).optional().describe('open or closed'),
  },
});

export type CampaignsListQuery = z.output<typeof listCampaignsQuery>;
