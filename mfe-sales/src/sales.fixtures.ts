// Test data of the back-office sales screens (imported by tests only): the staff block of an order, invoices, payments, credits,
// a ventilation, orders to ship, the unpaid summary.
import type {
  ClientCredit,
  DeliveryItem,
  InvoiceDetail,
  InvoiceSummary,
  OrderDetail,
  SalesOrderExtra,
  SalesPayment,
  UnpaidSummary,
  Ventilation,
} from 'shared-kernel/contracts';
import { IMPRINT_ORDER } from './orders/orders.fixtures';

export function salesExtra(over: Partial<SalesOrderExtra> = {}): SalesOrderExtra {
  return {
    subType: 'order',
    source: 'backoffice',
    client: { id: 5, name: 'Cave Dupont', code: 'C005', kind: 'professional' },
    quoteNumber: null,
    validUntil: null,
    warehouse: { id: 1, name: 'Chai' },
    paymentDelay: '30',
    notes: 'Livrer avant 10 h',
    agent: null,
    carrier: null,
    trackingNumber: null,
    allowedActions: [],
    history: [],
    invoices: [],
    remainingToInvoice: 123456,
    ...over,
  };
}

/** A back-office order of Cave Dupont (one payment by transfer), with its staff block. */
export function salesOrder(over: Partial<SalesOrderExtra> = {}, order: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...IMPRINT_ORDER,
    status: 'validated',
    paymentStatus: 'pending',
    payments: [],
    ...order,
    sales: salesExtra(over),
  };
}

export function invoiceSummary(over: Partial<InvoiceSummary> & { id: number }): InvoiceSummary {
  return {
    kind: 'invoice',
    number: `F2026-${String(over.id).padStart(5, '0')}`,
    issuedAt: '2026-03-02',
    dueDate: '2026-04-01',
    orderId: 42,
    orderNumber: 'C-2026-0042',
    client: { id: 5, name: 'Cave Dupont' },
    totalHT: 10000,
    totalVAT: 2000,
    totalTTC: 12000,
    amountDue: 12000,
    paid: 0,
    credited: 0,
    remaining: 12000,
    paymentStatus: 'pending',
    creditStatus: null,
    relatedInvoice: null,
    overdueDays: 0,
    lastReminderAt: null,
    reminderLevel: 0,
    ...over,
  };
}

const party = (name: string) => ({
  name,
  legalForm: null,
  capital: null,
  siret: null,
  siren: null,
  rcs: null,
  vatNumber: null,
  exciseNumber: null,
  address: null,
  email: 'contact@cave-dupont.test',
  phone: null,
  isPro: true,
});

export function invoiceDetail(over: Partial<InvoiceDetail> & { id: number }): InvoiceDetail {
  return {
    ...invoiceSummary(over),
    saleDate: '2026-03-02',
    seller: party('Domaine de Démo'),
    buyer: party('Cave Dupont'),
    lines: [
      {
        label: 'Les Galets',
        details: '2022 · 75 cl',
        quantity: 12,
        unitPriceHT: 500,
        discountHT: 0,
        duties: 0,
        vatRate: 20,
        totalHT: 6000,
        accountingType: 'product',
        formatId: 11,
      },
      {
        label: 'Rosé d’été',
        details: null,
        quantity: 8,
        unitPriceHT: 500,
        discountHT: 0,
        duties: 0,
        vatRate: 20,
        totalHT: 4000,
        accountingType: 'product',
        formatId: 12,
      },
    ],
    vat: [{ rate: 20, baseHT: 10000, vat: 2000 }],
    duties: 0,
    depositsDeducted: [],
    paymentTerms: '30 jours',
    legalMentions: [],
    payments: [],
    creditNotes: [],
    reason: null,
    ...over,
  };
}

export function salesPayment(over: Partial<SalesPayment> & { id: number }): SalesPayment {
  return {
    direction: 'in',
    method: 'transfer',
    amount: 12000,
    paidAt: '2026-03-10',
    reference: 'VIR 42',
    client: { id: 5, name: 'Cave Dupont' },
    allocations: [{ invoiceId: 1, number: 'F2026-00001', amount: 12000, lettering: 'AA' }],
    unallocated: 0,
    source: 'backoffice',
    createdAt: '2026-03-10T09:00:00',
    ...over,
  };
}

export function clientCredit(over: Partial<ClientCredit> = {}): ClientCredit {
  return {
    client: { id: 5, name: 'Cave Dupont' },
    balance: 2500,
    creditNotes: [{ id: 30, number: 'AV2026-00001', remaining: 2500, creditStatus: 'partial' }],
    ...over,
  };
}

/** February 2026: 3 invoices and 1 credit note; the rows of each axis add up to the totals. */
export function ventilation(over: Partial<Ventilation> = {}): Ventilation {
  const row = (key: string, label: string, ht: number, vat: number) => ({ key, label, ht, vat, ttc: ht + vat });
  return {
    from: '2026-02-01',
    to: '2026-02-28',
    totals: { ht: 100000, vat: 20000, ttc: 120000, invoices: 3, credits: 1 },
    axes: {
      accountingType: [row('product', 'Vins', 90000, 18000), row('shipping', 'Frais de port', 10000, 2000)],
      vatRate: [row('20', '20 %', 100000, 20000)],
      typology: [row('caviste', 'Caviste', 70000, 14000), row('particulier', 'Particulier', 30000, 6000)],
      range: [row('Prestige', 'Prestige', 100000, 20000)],
      agent: [row('Vente directe', 'Vente directe', 100000, 20000)],
      paymentMethod: [
        { key: 'transfer', label: 'Virement', ht: 0, vat: 0, ttc: 80000 },
        { key: 'cheque', label: 'Chèque', ht: 0, vat: 0, ttc: 15000 },
      ],
    },
    ...over,
  };
}

export function deliveryItem(over: Partial<DeliveryItem> & { orderId: number }): DeliveryItem {
  return {
    number: `C-2026-${String(over.orderId).padStart(4, '0')}`,
    createdAt: '2026-03-02T09:00:00',
    status: 'validated',
    deliveryStatus: 'pending',
    client: { id: 5, name: 'Cave Dupont' },
    city: 'Beaune',
    bottles: 18,
    packages: 2,
    warehouse: 'Chai',
    carrier: null,
    trackingNumber: null,
    shippedAt: null,
    deliveredAt: null,
    ...over,
  };
}

export function unpaidSummary(over: Partial<UnpaidSummary> = {}): UnpaidSummary {
  return {
    outstanding: 450000,
    overdue: 180000,
    overdueCount: 7,
    oldest: [
      invoiceSummary({ id: 3, client: { id: 5, name: 'Cave Dupont' }, overdueDays: 64, remaining: 60000 }),
      invoiceSummary({ id: 4, client: { id: 6, name: 'Bistrot du Port' }, overdueDays: 21, remaining: 12000 }),
    ],
    ...over,
  };
}
