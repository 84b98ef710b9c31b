// Pure display helpers shared by the drawer and the /cart page.
import { NON_VINTAGE_LABELS, formatCents, formatDateTime, formatDate } from 'shared-kernel/domain';
import type { CartOrder, CartProduct, CartReservation } from 'shared-kernel/domain';

export const TEXTS = {
  title: 'Mon panier',
  empty: 'Votre panier est vide',
  emptyHint: 'Ajoutez des produits depuis la page d’un producteur.',
  seeProducers: 'Voir les producteurs',
  seeCart: 'Voir le panier',
  emptyCart: 'Vider le panier',
  confirmTitle: 'Attention !!',
  confirmText: 'Vous êtes sur le point de vider votre panier',
  totalTTC: 'Total TTC',
  totalHT: 'Total HT',
  tva: 'TVA',
  touristTax: 'Taxe de séjour',
  shipping: 'Frais de port',
  shippingToChoose: 'Selon la livraison',
  noShipping: 'Sans livraison',
  shippingCollection: 'Point de retrait',
  order: 'Commander',
  places: 'place(s)',
  touristTaxPlaces: 'place(s) soumise(s) à la taxe de séjour',
  optionalPlaces: 'option(s)',
  decrease: 'Retirer un',
  increase: 'Ajouter un',
  promo: 'Remise',
  duties: 'Droits et taxes',
  removeReservation: 'Retirer la réservation',
  loginToOrder: 'Connectez-vous pour commander : votre panier est conservé.',
  checkoutOpen: 'Remplissez le formulaire ci-dessous pour commander chez ce producteur.',
} as const;

export const sellerName = (o: CartOrder): string => (typeof o.seller.name === 'string' && o.seller.name) || `Producteur n°${o.seller.id}`;

/** Vintage label unless non-vintage (spec §2: vintage unless NV). */
export function vintageLabel(p: CartProduct): string | null {
  const name = p.chosenVintage?.name;
  if (!name) return null;
  return (NON_VINTAGE_LABELS as readonly string[]).includes(String(name)) ? null : String(name);
}

/** Packing text, bottles only (e.g. 'Carton de 6'). */
export function packingLabel(p: CartProduct): string | null {
  if (p.productType !== 'bottle') return null;
  if (typeof p.packing === 'string' && p.packing) return p.packing;
  const onFormat = p.chosenFormat?.packing; // mfe-shop puts the format's packing on chosenFormat
  if (typeof onFormat === 'string' && onFormat) return onFormat;
  return null;
}

export function imageOf(p: CartProduct): string | null {
  if (typeof p.image === 'string' && p.image) return p.image;
  for (const visuals of [p.chosenFormat?.visuals, p.visuals]) {
    if (Array.isArray(visuals) && typeof visuals[0] === 'string' && visuals[0]) return visuals[0];
  }
  return null;
}

export const productTitle = (p: CartProduct): string => (typeof p.name === 'string' && p.name) || `Produit n°${p.id}`;

export const formatPrice = (cents: number): string => formatCents(cents);

/** Slot dates: 'dd/LL/yyyy HH:mm – HH:mm', or dates only for a period / without hours. */
export function slotDates(r: CartReservation): string {
  const { start, end, noHours, periodeMode } = r.selectedSlot;
  const fmt = noHours || periodeMode ? formatDate : formatDateTime;
  const a = fmt(start);
  const b = fmt(end);
  if (!b || a === b) return a;
  return `${a} – ${b}`;
}

/** The shop page of an order's seller (where 'Vider le panier' returns from /cart). */
export function shopPathOf(o: CartOrder | undefined): string {
  const url = o?.seller.urlShop;
  if (typeof url === 'string' && url) return `/${url}`;
  const code = o?.seller.code;
  if (typeof code === 'string' && code) return `/shops/${encodeURIComponent(code)}`;
  return '/shops';
}
