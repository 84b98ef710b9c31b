import type { Campaign, CampaignDetail, CampaignStats, Recipient } from './campaigns.queries';

export const STATS: CampaignStats = {
  recipients: 120,
  queued: 0,
  sent: 120,
  delivered: 118,
  failed: 1,
  bounced: 1,
  opened: 59,
  clicked: 12,
  unsubscribed: 2,
  openRate: 0.5,
  clickRate: 0.1017,
  unsubscribeRate: 0.0169,
  bounceRate: 0.0083,
};

export const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  id: 7,
  name: 'Millésime 2024',
  status: 'sent',
  subject: 'Le millésime 2024 est arrivé, {{firstname}}',
  previewText: 'Trois cuvées à découvrir',
  modelId: 3,
  modelName: 'Nouveau millésime',
  listIds: [1],
  scheduledAt: null,
  startedAt: '2026-03-02T09:00:00.000Z',
  sentAt: '2026-03-02T09:30:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T09:30:00.000Z',
  stats: STATS,
  ...over,
});

export const detail = (over: Partial<CampaignDetail> = {}): CampaignDetail => ({
  ...campaign(),
  lists: [{ id: 1, name: 'Clients fidèles', kind: 'static' }],
  actions: { edit: false, send: false, schedule: false, cancel: false, delete: false },
  ...over,
});

export const recipient = (over: Partial<Recipient> = {}): Recipient => ({
  id: 1,
  clientId: 10,
  email: 'alice@client.test',
  name: 'Alice Martin',
  status: 'opened',
  error: null,
  sentAt: '2026-03-02T09:01:00.000Z',
  openedAt: '2026-03-02T10:00:00.000Z',
  clickedAt: null,
  unsubscribedAt: null,
  ...over,
});

export const OPTIONS = {
  models: [
    { id: 3, name: 'Nouveau millésime', kind: 'standard' as const, subject: 'Nouveau millésime' },
    { id: 4, name: 'Invitation salon', kind: 'advanced' as const, subject: null },
  ],
  lists: [
    { id: 1, name: 'Clients fidèles', kind: 'static' as const },
    { id: 2, name: 'Particuliers de Côte-d’Or', kind: 'dynamic' as const },
  ],
};
