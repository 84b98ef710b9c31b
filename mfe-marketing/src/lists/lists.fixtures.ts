import type { MarketingListDetail, MarketingListMember } from 'shared-kernel/contracts';

export const dynamicList = (over: Partial<MarketingListDetail> = {}): MarketingListDetail => ({
  id: 4,
  name: 'Professionnels de Paris',
  kind: 'dynamic',
  filters: { kinds: ['professional'], departments: ['75'] },
  memberCount: null,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-12T10:00:00.000Z',
  count: { total: 9, recipients: 5, duplicates: 1, cannotBeMailed: { noEmail: 1, unsubscribed: 1, bounced: 0, noConsent: 1 } },
  ...over,
});

export const member = (over: Partial<MarketingListMember> = {}): MarketingListMember => ({
  clientId: 11,
  name: 'Cave Durand',
  email: 'contact@cave-durand.fr',
  kind: 'professional',
  typology: null,
  reason: null,
  ...over,
});
