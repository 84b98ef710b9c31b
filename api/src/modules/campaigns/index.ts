/** Campaigns: compose, test, send now or at a date at the shop's rate, tracking, one-click unsubscribe. */
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import type { JobHandler } from '../../platform/jobs';
import type { Logger } from '../../platform/logger';
import { createLinkKey } from './campaigns.mail';
import { createCampaignSender } from './campaigns.sender';

export { createCampaignsRouter, TRACKING_LIMITS, type TrackingLimits } from './campaigns.router';
export { createCampaignsService, figuresOf, type CampaignsService } from './campaigns.service';
export { CAMPAIGN_SEND_JOB, CAMPAIGN_START_JOB, createCampaignSender, pace, settingsOf, type CampaignSender } from './campaigns.sender';
export { CAMPAIGN_MESSAGES } from './campaigns.schemas';
export { createLinkKey } from './campaigns.mail';

/** The 'campaign-start' and 'campaign-send' job handlers (the server's and the test app's worker). */
export function campaignJobHandlers(deps: {
  db: Db;
  config: Pick<AppConfig, 'accounts'>;
  jwtSecret: Uint8Array;
  logger?: Logger;
}): Record<string, JobHandler<never>> {
  return createCampaignSender({
    db: deps.db,
    config: deps.config,
    links: createLinkKey(deps.jwtSecret),
    logger: deps.logger,
  }).jobHandlers();
}
