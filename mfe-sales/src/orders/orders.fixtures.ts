// Test data of the orders screens (imported by tests only): list rows and details as the api answers them.
import type { OrderDetail, OrderLine, OrderSummary } from 'shared-kernel/contracts';

/** French money as displayed: narrow no-break space between thousands, no-break space before €. */
export const EURO = (s: string) => s.replace(' €', '\u00a0€').replace(/ /g, '\u202f');

export function summary(over: Partial<OrderSummary> & { id: number }): OrderSummary {
  return {
    number: `C-2026-${String(over.id).padStart(4, '0')}`,
    createdAt: '2026-03-21T14:05:00',
    status: 'validated',
    paymentStatus: 'paid',
    deliveryStatus: 'pending',
    hasReservations: false,
    shop: { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' },
    buyer: { id: 6, name: 'Béatrice Acheteuse', email: 'buyer@demo.test' },
    totalTTC: 12345,
    reservations: [],
    ...over,
  };
}

export function detail(over: Partial<OrderDetail> & { id: number }): OrderDetail {
  return {
    ...summary(over),
    lines: [],
    price: { totalHT: 0, tva: 0, totalTTC: 0, shipping: 0, promoAmount: 0, touristTax: 0 },
    deliveryAddress: null,
    billingAddress: null,
    phone: null,
    shipping: { type: null, name: null, collectionPoint: null, instructions: null, nbrPackages: 0 },
    payments: [],
    expiresAt: null,
    ...over,
  } as OrderDetail;
}

export const line = (over: Partial<OrderLine> & { id: number }): OrderLine => ({
  kind: 'product',
  productId: 1,
  formatId: 10,
  vintageId: 100,
  eventId: null,
  slotId: null,
  label: 'Cuvée Prestige',
  details: '2019 · Bouteille 75 cl',
  quantity: 12,
  addQuantity: 1,
  unitPriceHT: 1050,
  promoAmount: 630,
  duties: 42,
  vatRate: 20,
  totalHT: 12012,
  totalTTC: 14414,
  ...over,
});

/** A grouped order of Domaine de Démo (two payers, expiring in 2999), waiting for the seller: every detail block filled. */
export const ORDER = detail({
  id: 42,
  number: 'C-2026-0042',
  createdAt: '2026-03-21T14:05:00',
  status: 'pending',
  paymentStatus: 'setup',
  deliveryStatus: 'preparation',
  totalTTC: 123456,
  phone: '06 12 34 56 78',
  deliveryAddress: {
    firstname: 'Béatrice',
    lastname: 'Acheteuse',
    street: '3 rue des Vignes',
    zipcode: '21200',
    city: 'Beaune',
    country: 'FR',
  },
  billingAddress: {
    firstname: 'Béatrice',
    lastname: 'Acheteuse',
    company: 'Cave B',
    street: '8 place Carnot',
    zipcode: '75001',
    city: 'Paris',
    country: 'FR',
  },
  shipping: { type: 'colissimo', name: 'Colissimo domicile', collectionPoint: null, instructions: 'Sonner deux fois', nbrPackages: 2 },
  lines: [
    line({ id: 1 }),
    line({
      id: 2,
      label: 'Rosé d’été',
      details: null,
      quantity: 6,
      addQuantity: 0,
      unitPriceHT: 800,
      promoAmount: 0,
      duties: 0,
      vatRate: 5.5,
      totalHT: 4800,
      totalTTC: 5064,
    }),
    line({
      id: 3,
      kind: 'reservation',
      productId: null,
      formatId: null,
      vintageId: null,
      eventId: 3,
      slotId: 8,
      label: 'Visite des chais',
      details: '12/04/2026 10:00 - 11:30',
      quantity: 4,
      addQuantity: 0,
      unitPriceHT: 1250,
      promoAmount: 0,
      duties: 0,
      vatRate: 20,
      totalHT: 5000,
      totalTTC: 6000,
    }),
    line({
      id: 4,
      kind: 'shipping',
      label: 'Colissimo domicile',
      details: null,
      quantity: 1,
      addQuantity: 0,
      unitPriceHT: 990,
      promoAmount: 0,
      duties: 0,
      vatRate: 20,
      totalHT: 990,
      totalTTC: 1188,
    }),
  ],
  price: { totalHT: 102880, tva: 20376, shipping: 990, touristTax: 240, promoAmount: 630, totalTTC: 123456 },
  payments: [
    {
      id: 7,
      orderId: 42,
      status: 'setup',
      method: 'imprint',
      amount: 100000,
      provider: 'sandbox',
      instructions: null,
      payerEmail: 'ami@demo.test',
      paidAt: null,
    },
    {
      id: 8,
      orderId: 42,
      status: 'paid',
      method: 'stripe',
      amount: 23456,
      provider: 'sandbox',
      instructions: null,
      payerEmail: 'buyer@demo.test',
      paidAt: '2026-03-21T14:07:00',
    },
  ],
  expiresAt: '2999-01-01T10:00:00',
});

/** A simple (not grouped) order paid by card imprint, waiting for the seller. */
export const IMPRINT_ORDER: OrderDetail = {
  ...ORDER,
  expiresAt: null,
  payments: [{ ...ORDER.payments[0], amount: 123456, payerEmail: 'buyer@demo.test' }],
};
