// Fixtures of the till's tests (jest only): a salespoint, its catalogue, tickets priced by the real priceTicket, and a
// fake offline module (../offline is mocked in each test file with `jest.mock('../offline')`).
import type { PosCatalog, PosCatalogItem, PosClosing, PosSession, PosTicket, SalesPoint, TicketInput } from 'shared-kernel/contracts';
import { changeDue, priceTicket, withGtinCheckDigit, type PricedTicket } from 'shared-kernel/domain';
import type * as Offline from '../offline';

export const GTIN_MACON = withGtinCheckDigit('376012345678');
export const GTIN_CREMANT = withGtinCheckDigit('376012345679');
/** valid check digit, not in the catalogue */
export const GTIN_UNKNOWN = withGtinCheckDigit('376099999999');

export const MACON: PosCatalogItem = {
  formatId: 6,
  vintageId: 60,
  productId: 1,
  label: 'Mâcon-Pierreclos 2023',
  details: '2023 · 75 cl',
  gtin: GTIN_MACON,
  gamme: 'Bourgogne',
  productType: 'bottle',
  color: 'white',
  unitPriceTTC: 1450,
  vatRate: 20,
  accountingType: 'product',
  stock: 24,
  visual: null,
};
export const CREMANT: PosCatalogItem = {
  ...MACON,
  formatId: 7,
  vintageId: null,
  productId: 2,
  label: 'Crémant de Bourgogne',
  details: 'Brut · 75 cl',
  gtin: GTIN_CREMANT,
  gamme: 'Bulles',
  unitPriceTTC: 1200,
};
export const JAM: PosCatalogItem = {
  ...MACON,
  formatId: 9,
  vintageId: null,
  productId: 3,
  label: 'Confiture de cassis',
  details: '250 g',
  gtin: null,
  gamme: null,
  productType: 'accessory',
  color: null,
  unitPriceTTC: 600,
  vatRate: 5.5,
  accountingType: 'marchandise',
  stock: 0,
};

export const CATALOG: PosCatalog = { typology: 'Caveau', items: [MACON, CREMANT, JAM], at: '2026-11-26T08:00:00.000Z' };

export const SESSION: PosSession = {
  id: 7,
  salesPointId: 3,
  openedAt: '2026-11-26T08:30:00.000Z',
  openedBy: 'Marie Caveau',
  float: 15000,
  closedAt: null,
  closedBy: null,
  closingId: null,
};

export const SALES_POINT: SalesPoint = {
  id: 3,
  name: 'Caveau de Pierreclos',
  warehouse: { id: 1, name: 'Chai' },
  methods: ['card', 'cash', 'cheque'],
  typology: 'Caveau',
  receiptHeader: 'Domaine de Démo\n71960 Pierreclos',
  receiptFooter: 'Merci de votre visite',
  display: false,
  today: { total: 0, tickets: 0 },
  session: SESSION,
};

/** The PosTicket the api would answer for `input` (priced from the catalogue by the real priceTicket). */
export function ticketFor(
  input: Omit<TicketInput, 'offline'>,
  extra: Partial<PosTicket> = {},
  items: PosCatalogItem[] = CATALOG.items,
): PosTicket {
  const priced = pricedFor(input, items);
  return {
    id: 501,
    salesPointId: 3,
    sessionId: SESSION.id,
    number: 42,
    ref: 'CAVEAU-000042',
    kind: 'sale',
    refundOf: null,
    at: '2026-11-26T10:15:00.000Z',
    seller: 'Marie Caveau',
    client: null,
    lines: priced.lines.map((l) => ({
      formatId: l.formatId ?? null,
      label: l.label,
      quantity: l.quantity,
      unitPriceTTC: l.unitPriceTTC,
      vatRate: l.vatRate,
      accountingType: l.accountingType,
      gross: l.gross,
      lineDiscount: l.lineDiscount,
      ticketDiscount: l.ticketDiscount,
      totalTTC: l.totalTTC,
      totalHT: l.totalHT,
      vat: l.vat,
    })),
    discount: priced.discount,
    totalTTC: priced.totalTTC,
    totalHT: priced.totalHT,
    totalVAT: priced.totalVAT,
    vat: priced.vat,
    payments: input.payments,
    cashGiven: input.cashGiven ?? null,
    change: changeDue(input.payments, input.cashGiven),
    refunded: priced.lines.map(() => 0),
    offline: null,
    hash: 'f'.repeat(64),
    ...extra,
  };
}

export function pricedFor(input: Omit<TicketInput, 'offline'>, items: PosCatalogItem[] = CATALOG.items): PricedTicket {
  const byFormat = new Map(items.map((i) => [i.formatId, i]));
  return priceTicket({
    lines: input.lines.map((l) => {
      const item = l.formatId ? byFormat.get(l.formatId) : undefined;
      return {
        formatId: l.formatId ?? null,
        label: l.label ?? item?.label ?? '',
        quantity: l.quantity,
        unitPriceTTC: l.unitPriceTTC ?? item?.unitPriceTTC ?? 0,
        vatRate: l.vatRate ?? item?.vatRate ?? 20,
        accountingType: l.accountingType ?? item?.accountingType ?? 'prestation',
        discount: l.discount ?? null,
        free: l.free,
      };
    }),
    discount: input.discount ?? null,
  });
}

export const CLOSING: PosClosing = {
  id: 12,
  salesPointId: 3,
  kind: 'day',
  period: '2026-11-26',
  ref: 'Z-CAVEAU-0012',
  at: '2026-11-26T18:05:00.000Z',
  by: 'Marie Caveau',
  totals: {
    tickets: 2,
    totalTTC: 5550,
    totalHT: 4625,
    totalVAT: 925,
    byVat: [{ rate: 20, ttc: 5550, ht: 4625, vat: 925 }],
    byMethod: [
      { method: 'cash', amount: 3550 },
      { method: 'card', amount: 2000 },
    ],
    byType: [{ accountingType: 'product', vatRate: 20, totalHT: 4625, vat: 925 }],
  },
  grandTotal: 1_234_550,
  float: 15000,
  counted: { cash: 18500, card: 2000, cheque: 0 },
  expected: { cash: 18550, card: 2000, cheque: 0 },
  gap: -50,
  hash: 'e'.repeat(64),
};

type Submit = (input: Parameters<Offline.TillQueue['submit']>[0]) => ReturnType<Offline.TillQueue['submit']>;

/**
 * The queue the till is given: `submit` answers what the test says; online, pending and rejected as the test says;
 * `pending()` lists `state.waiting` (the queued and rejected tickets), `retry` does what the test says.
 */
export function fakeQueue(
  submit: Submit,
  state: { online?: boolean; pending?: number; waiting?: Offline.QueuedTicket[]; retry?: (key: string) => Promise<void> } = {},
) {
  const waiting = state.waiting ?? [];
  const queue = {
    submit: jest.fn(submit),
    pending: jest.fn(async () => waiting),
    retry: jest.fn(state.retry ?? (async () => undefined)),
  } as unknown as Offline.TillQueue & { submit: jest.Mock; pending: jest.Mock; retry: jest.Mock };
  return {
    queue,
    online: state.online ?? true,
    pending: state.pending ?? waiting.filter((x) => x.status === 'queued').length,
    rejected: waiting.filter((x) => x.status === 'rejected').length,
  };
}

/** A ticket made offline and refused by the api (as ../offline keeps it). */
export function rejectedTicket(seq: number, input: Omit<TicketInput, 'offline'>, message: string, at: string): Offline.QueuedTicket {
  return {
    salesPointId: 3,
    seq,
    number: `HL-3-${seq}`,
    key: input.key,
    at,
    input,
    priced: pricedFor(input),
    prevHash: '0'.repeat(64),
    hash: String(seq).repeat(64).slice(0, 64),
    status: 'rejected',
    attempts: 1,
    lastError: null,
    rejection: { status: 400, message, field: null, at },
  };
}

/** What the mocked ../offline answers. */
export function mockOffline(
  offline: typeof Offline,
  options: { catalog?: PosCatalog; catalogOffline?: boolean; queue?: ReturnType<typeof fakeQueue> } = {},
) {
  const queue = options.queue ?? fakeQueue(async (input) => ({ status: 'recorded', ticket: ticketFor({ key: 'k', ...input }) }));
  jest.mocked(offline.useCachedCatalog).mockReturnValue({
    catalog: options.catalog ?? CATALOG,
    offline: options.catalogOffline ?? false,
    isPending: false,
    error: null,
  });
  jest.mocked(offline.useTillQueue).mockReturnValue(queue as unknown as ReturnType<typeof Offline.useTillQueue>);
  return queue;
}
