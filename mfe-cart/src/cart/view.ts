// Pure display helpers shared by the drawer and the /cart page.
import { NON_VINTAGE_LABELS } from 'shared-kernel/domain';
import type { CartOrder, CartProduct, CartReservation } from 'shared-kernel/domain';
import { dateText, dateTimeText, type Lang } from '../format';
import { TEXTS, type Texts } from '../texts';

export const sellerName = (o: CartOrder, t: Texts = TEXTS.fr): string =>
  (typeof o.seller.name === 'string' && o.seller.name) || t.cart.sellerFallback(o.seller.id);

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

export const productTitle = (p: CartProduct, t: Texts = TEXTS.fr): string =>
  (typeof p.name === 'string' && p.name) || t.cart.productFallback(p.id);

export const eventTitle = (r: CartReservation, t: Texts = TEXTS.fr): string => r.event?.title || t.cart.eventFallback(r.eventId);

/** Slot dates: 'dd/LL/yyyy HH:mm – HH:mm', or dates only for a period / without hours. */
export function slotDates(r: CartReservation, lang: Lang = 'fr'): string {
  const { start, end, noHours, periodeMode } = r.selectedSlot;
  const fmt = noHours || periodeMode ? dateText : dateTimeText;
  const a = fmt(start, lang);
  const b = fmt(end, lang);
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
