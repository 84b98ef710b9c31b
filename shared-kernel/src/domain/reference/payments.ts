import type { RefOption } from './option';

export const PAYMENT_METHODS = [
  { value: 'stripe', label: 'Carte bancaire en ligne' },
  { value: 'stripeSepa', label: 'Prélèvement SEPA en ligne' },
  { value: 'cb', label: 'Carte bancaire' },
  { value: 'cbnc', label: 'Carte bancaire sans contact' },
  { value: 'sample', label: 'Échantillon' },
  { value: 'transfer', label: 'Virement' },
  { value: 'bill', label: 'Lettre de change' },
  { value: 'cash', label: 'Espèces' },
  { value: 'tips', label: 'Pourboire' },
  { value: 'check', label: 'Chèque' },
  { value: 'ticket', label: 'Titre-restaurant' },
  { value: 'gift', label: 'Bon cadeau' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'sumUp', label: 'SumUp' },
  { value: 'up2Pay', label: 'Up2Pay' },
] as const satisfies readonly RefOption[];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];

/** Payment types a shop records on its side. */
export const SHOP_PAYMENT_TYPES = [
  { value: 'card', label: 'Carte bancaire' },
  { value: 'directDebit', label: 'Prélèvement' },
  { value: 'transfer', label: 'Virement' },
  { value: 'billOfExchange', label: 'Lettre de change' },
  { value: 'providerCard', label: 'Carte bancaire via prestataire' },
  { value: 'cash', label: 'Espèces' },
  { value: 'tips', label: 'Pourboire' },
  { value: 'cheque', label: 'Chèque' },
  { value: 'restaurantTicket', label: 'Titre-restaurant' },
  { value: 'giftVoucher', label: 'Bon cadeau' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'creditNote', label: 'Avoir' },
  { value: 'other', label: 'Autre' },
] as const satisfies readonly RefOption[];

export const PAYMENT_DELAYS = [
  { value: 'order', label: 'À la commande' },
  { value: 'delivery', label: 'À la livraison' },
  { value: '7', label: '7 jours' },
  { value: '10', label: '10 jours' },
  { value: '14', label: '14 jours' },
  { value: '30', label: '30 jours' },
  { value: '45', label: '45 jours' },
  { value: '60', label: '60 jours' },
  { value: '75', label: '75 jours' },
  { value: '90', label: '90 jours' },
  { value: '120', label: '120 jours' },
  { value: 'endOfMonth', label: 'Fin de mois' },
  { value: '30EndOfMonth', label: '30 jours fin de mois' },
  { value: '45EndOfMonth', label: '45 jours fin de mois' },
  { value: '60EndOfMonth', label: '60 jours fin de mois' },
] as const satisfies readonly RefOption[];
export type PaymentDelay = (typeof PAYMENT_DELAYS)[number]['value'];

/** Due date of an invoice issued on `date` (null for 'order'/'delivery', which have no fixed date). */
export function paymentDueDate(date: Date, delay: PaymentDelay): Date | null {
  if (delay === 'order' || delay === 'delivery') return null;
  const endOfMonth = (d: Date) => new Date(d.getFullYear(), d.getMonth() + 1, 0);
  if (delay === 'endOfMonth') return endOfMonth(date);
  const m = /^(\d+)(EndOfMonth)?$/.exec(delay)!;
  const shifted = new Date(date.getFullYear(), date.getMonth(), date.getDate() + Number(m[1]));
  return m[2] ? endOfMonth(shifted) : shifted;
}

export const INTEGRATION_NAMES = [
  { value: 'default', label: 'Par défaut' },
  { value: 'isagri', label: 'Isagri' },
  { value: 'vinistoria', label: 'Vinistoria' },
  { value: 'baqio', label: 'Baqio' },
] as const satisfies readonly RefOption[];
