import { listStateSchema, multiEnum } from 'shared-kernel/kit';

export const RECIPIENT_STATUSES = ['queued', 'sent', 'failed', 'bounced', 'opened', 'clicked', 'unsubscribed'] as const;

/** Mirrors the api's listRecipientsQuery (api/src/modules/campaigns/campaigns.schemas.ts). */
export const recipientsList = listStateSchema({
  sort: ['email', 'status', 'sentAt'] as const,
  defaultSort: 'email',
  defaultPageSize: 10,
  filters: { status: multiEnum(RECIPIENT_STATUSES) },
});
