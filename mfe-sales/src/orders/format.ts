// Pure display helpers of the orders screens (French, spec §9 formats).
import { CHECKOUT_PAYMENT_LABELS, type CheckoutAddress, type OrderDetail, type OrderLine } from 'shared-kernel/contracts';
import { PAYMENT_METHODS, formatCents, formatDateTime, refLabel } from 'shared-kernel/domain';
import type { OrderKind } from './orders-api';

export { formatCents, formatDateTime };

export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

export const TEXTS = {
  order: {
    base: '/dashboard/orders',
    buyerTitle: 'Mes commandes',
    sellerTitle: 'Commandes de la boutique',
    agentTitle: 'Commandes',
    empty: 'Aucune commande pour le moment',
    emptyFiltered: 'Aucune commande avec ce statut',
    buyerEmptyHint: 'Vos commandes passées auprès des producteurs apparaîtront ici.',
    notFound: 'Commande introuvable',
    notFoundHint: 'Cette commande n’existe pas ou vous n’y avez pas accès.',
    back: 'Retour aux commandes',
    detailTitle: (n: string) => `Commande n° ${n}`,
    listLabel: 'Liste des commandes',
  },
  reservation: {
    base: '/dashboard/reservations',
    buyerTitle: 'Mes réservations',
    sellerTitle: 'Réservations de la boutique',
    agentTitle: 'Réservations',
    empty: 'Aucune réservation pour le moment',
    emptyFiltered: 'Aucune réservation avec ce statut',
    buyerEmptyHint: 'Vos réservations de visites et dégustations apparaîtront ici.',
    notFound: 'Réservation introuvable',
    notFoundHint: 'Cette réservation n’existe pas ou vous n’y avez pas accès.',
    back: 'Retour aux réservations',
    detailTitle: (n: string) => `Réservation n° ${n}`,
    listLabel: 'Liste des réservations',
  },
} as const satisfies Record<OrderKind, unknown>;

export const COMMON = {
  seeShops: 'Découvrir les producteurs',
  retry: 'Réessayer',
  loadError: 'Impossible de charger les données',
  statusFilter: 'Filtrer par statut',
  allStatuses: 'Tous les statuts',
  showAll: 'Voir tout',
  loading: 'Chargement…',
} as const;

/** '20 %', '5,5 %' (no-break space before the sign, French decimal comma). */
export function formatRate(rate: number): string {
  return `${rate.toLocaleString('fr-FR', { maximumFractionDigits: 2 })}\u00a0%`;
}

/** Payment method label: the checkout wording first, then the §3 reference list, else the raw value. */
export function paymentMethodLabel(method: string): string {
  const checkout = (CHECKOUT_PAYMENT_LABELS as Record<string, { fr: string } | undefined>)[method];
  if (checkout) return checkout.fr;
  const ref = refLabel(PAYMENT_METHODS, method as (typeof PAYMENT_METHODS)[number]['value']);
  return ref || method;
}

const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['fr'], { type: 'region' }) : null;

export function countryName(code: string): string {
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Address as display lines: name, company, street, street2, zipcode + city, country. */
export function addressLines(a: CheckoutAddress): string[] {
  return [
    `${a.firstname} ${a.lastname}`.trim(),
    a.company ?? '',
    a.street,
    a.street2 ?? '',
    `${a.zipcode} ${a.city}`.trim(),
    countryName(a.country),
  ].filter((l) => l.trim() !== '');
}

export const productLines = (o: Pick<OrderDetail, 'lines'>): OrderLine[] => o.lines.filter((l) => l.kind === 'product');
export const reservationLines = (o: Pick<OrderDetail, 'lines'>): OrderLine[] => o.lines.filter((l) => l.kind === 'reservation');

/** '3 place(s)' — a reservation line's quantity is its number of places. */
export const placesLabel = (n: number): string => `${n} place${n > 1 ? 's' : ''}`;

/** Quantity with the free units added by quantity tiers: '12 + 1 offert', '12 + 2 offerts'. */
export function quantityLabel(l: Pick<OrderLine, 'quantity' | 'addQuantity'>): string {
  return l.addQuantity > 0 ? `${l.quantity} + ${l.addQuantity} offert${l.addQuantity > 1 ? 's' : ''}` : String(l.quantity);
}

/** Accept only positive integers for page/pageSize from the URL. */
export function positiveInt(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!raw || !/^\d+$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : fallback;
}
