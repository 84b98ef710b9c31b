import { z } from 'zod';
import { listStateSchema } from 'shared-kernel/kit';

/** Mirrors the api's GET /v1/marketing/lists list query. */
export const listsList = listStateSchema({
  sort: ['name', 'createdAt', 'updatedAt'] as const,
  defaultSort: 'name',
  filters: { kind: z.enum(['static', 'dynamic']).optional() },
});

/** Mirrors GET /v1/marketing/lists/:id/members. */
export const membersList = listStateSchema({
  sort: ['name', 'email'] as const,
  defaultSort: 'name',
  filters: { reason: z.enum(['ok', 'noEmail', 'unsubscribed', 'bounced', 'noConsent']).optional() },
});
