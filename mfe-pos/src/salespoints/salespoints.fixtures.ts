// Test data of the sales points screens, shaped as the contract's answers (shared-kernel/contracts/pos.ts).
import type { ChainVerification, PosClosing, PosSession, PosTicket, SalesPoint } from 'shared-kernel/contracts';

/** '1 200,00 €' as formatCents writes it (narrow no-break spaces, no-break space before €). */
export const EURO = (s: string) => s.replace(' €', '\u00a0€').replace(/ /g, '\u202f');

export function session(over: Partial<PosSession> & { id: number }): PosSession {
  return {
    salesPointId: 3,
    openedAt: '2026-11-26T08:05:00Z',
    openedBy: 'Marie Caviste',
    float: 15000,
    closedAt: null,
    closedBy: null,
    closingId: null,
    ...over,
  };
}

export function salesPoint(over: Partial<SalesPoint> & { id: number }): SalesPoint {
  return {
    name: 'Caveau',
    warehouse: { id: 2, name: 'Chai principal' },
    methods: ['cash', 'card'],
    typology: null,
    receiptHeader: 'Domaine des Lys\n12 route des Vignes, 21200 Beaune',
    receiptFooter: 'Merci de votre visite',
    display: false,
    today: { total: 0, tickets: 0 },
    session: null,
    ...over,
  };
}

export function ticket(over: Partial<PosTicket> & { id: number }): PosTicket {
  const number = over.number ?? over.id;
  return {
    salesPointId: 3,
    sessionId: 9,
    number,
    ref: `CAVEAU-${String(number).padStart(6, '0')}`,
    kind: 'sale',
    refundOf: null,
    at: '2026-11-26T10:30:00Z',
    seller: 'Marie Caviste',
    client: null,
    lines: [
      {
        formatId: 11,
        label: 'Beaune 1er cru 2022 · 75 cl',
        quantity: 2,
        unitPriceTTC: 3600,
        vatRate: 20,
        accountingType: 'product',
        gross: 7200,
        lineDiscount: 720,
        ticketDiscount: 0,
        totalTTC: 6480,
        totalHT: 5400,
        vat: 1080,
      },
      {
        formatId: null,
        label: 'Tire-bouchon',
        quantity: 1,
        unitPriceTTC: 1200,
        vatRate: 20,
        accountingType: 'marchandise',
        gross: 1200,
        lineDiscount: 0,
        ticketDiscount: 0,
        totalTTC: 1200,
        totalHT: 1000,
        vat: 200,
      },
    ],
    discount: 0,
    totalTTC: 7680,
    totalHT: 6400,
    totalVAT: 1280,
    vat: [{ rate: 20, ttc: 7680, ht: 6400, vat: 1280 }],
    payments: [
      { method: 'card', amount: 5000 },
      { method: 'cash', amount: 2680 },
    ],
    cashGiven: 3000,
    change: 320,
    refunded: [0, 0],
    offline: null,
    hash: '9f2c4e1a7b3d5f60aa11bb22cc33dd44',
    ...over,
  };
}

export function closing(over: Partial<PosClosing> & { id: number }): PosClosing {
  return {
    salesPointId: 3,
    kind: 'day',
    period: '2026-11-25',
    ref: `Z-CAVEAU-${String(over.id).padStart(4, '0')}`,
    at: '2026-11-25T18:10:00Z',
    by: 'Marie Caviste',
    totals: {
      tickets: 14,
      totalTTC: 123450,
      totalHT: 104125,
      totalVAT: 19325,
      byVat: [
        { rate: 20, ttc: 115950, ht: 96625, vat: 19325 },
        { rate: 0, ttc: 7500, ht: 7500, vat: 0 },
      ],
      byMethod: [
        { method: 'card', amount: 98450 },
        { method: 'cash', amount: 25000 },
      ],
      byType: [
        { accountingType: 'product', vatRate: 20, totalHT: 90000, vat: 18000 },
        { accountingType: 'productTasting', vatRate: 20, totalHT: 6625, vat: 1325 },
        { accountingType: 'prestation', vatRate: 0, totalHT: 7500, vat: 0 },
      ],
    },
    grandTotal: 4567800,
    float: 15000,
    expected: { cash: 40000, card: 98450 },
    counted: { cash: 39500, card: 98450 },
    gap: -500,
    hash: 'ab12cd34ef56ab78cd90ef12ab34cd56',
    ...over,
  };
}

export function verification(over: Partial<ChainVerification> = {}): ChainVerification {
  return { intact: true, records: 1284, broken: null, grandTotal: 4567800, checkedAt: '2026-11-26T14:00:00Z', ...over };
}

/** Only `Date` is faked (timers stay real for antd and user-event): 'now' is `iso` during the test. */
export function fixClock(iso: string) {
  jest.useFakeTimers({
    now: new Date(iso),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
