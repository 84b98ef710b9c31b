// Test data of the issue 14 screens (imported by tests only): the staff block of an order, invoices, payments, credits.
import type { ClientCredit, InvoiceDetail, InvoiceSummary, OrderDetail, SalesOrderExtra, SalesPayment } from 'shared-kernel/contracts';
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
