import type { FuturesCampaign, FuturesCampaignSummary, FuturesClients } from 'shared-kernel/contracts';

export const SUMMARY: FuturesCampaignSummary = {
  id: 3,
  name: 'Primeurs 2025',
  vintage: '2025',
  status: 'open',
  depositPercent: 30,
  deliveryFrom: '2027-03-01',
  deliveryTo: '2027-06-30',
  createdAt: '2026-01-10T09:00:00.000Z',
  orders: 1,
  bottles: 18,
  orderedTTC: 32400,
};

export const CAMPAIGN: FuturesCampaign = {
  ...SUMMARY,
  description: 'Livraison au printemps 2027',
  lines: [
    { id: 31, formatId: 11, label: 'Les Galets – 2025 – 75 cl', prices: { particulier: 1800, professionnel: 1250 }, ordered: 12 },
    { id: 32, formatId: 12, label: 'Clos du Bourg – 2025 – 75 cl', prices: { professionnel: 2000 }, ordered: 6 },
  ],
  totals: {
    orders: 1,
    clients: 1,
    bottles: 18,
    bottlesDelivered: 0,
    bottlesToDeliver: 18,
    orderedTTC: 32400,
    invoicedTTC: 9720,
    paidTTC: 9720,
    toDeliverTTC: 32400,
  },
};

export const CLIENTS: FuturesClients = {
  totals: CAMPAIGN.totals,
  items: [
    {
      client: { id: 5, name: 'Cave Dupont', typology: 'professionnel' },
      ...CAMPAIGN.totals,
      clients: 1,
      orderList: [
        {
          orderId: 42,
          number: 'C2026-00042',
          createdAt: '2026-01-12T10:00:00.000Z',
          status: 'draft',
          state: 'toDeliver',
          bottles: 18,
          totalTTC: 32400,
          deposit: { id: 7, number: 'F2026-00007', totalTTC: 9720 },
          invoice: null,
          invoicedTTC: 9720,
          paidTTC: 9720,
          lines: [
            { lineId: 31, label: 'Les Galets – 2025 – 75 cl', quantity: 12, unitPriceHT: 1250 },
            { lineId: 32, label: 'Clos du Bourg – 2025 – 75 cl', quantity: 6, unitPriceHT: 2000 },
          ],
        },
      ],
    },
  ],
};
