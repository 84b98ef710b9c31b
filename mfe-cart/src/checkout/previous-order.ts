// A cart order can still carry the id of an order placed earlier (payment left unfinished, or a paid order whose
// removal from the saved cart was lost). Before placing, the checkout asks the server about that order: when it was
// paid for exactly what the cart holds, the buyer sees its confirmation instead of paying twice; when the cart now
// holds something else, the new content is a new order.
import type { OrderDetail } from 'shared-kernel/contracts';
import type { CartOrder } from 'shared-kernel/domain';

const key = (...parts: (number | string | null | undefined)[]) => parts.map((p) => (p == null ? '' : String(p))).join(':');

function productKeys(lines: OrderDetail['lines']): string[] {
  return lines
    .filter((l) => l.kind === 'product')
    .map((l) => key(l.productId, l.formatId, l.vintageId, l.quantity))
    .sort();
}

function reservationKeys(lines: OrderDetail['lines']): string[] {
  return [...new Set(lines.filter((l) => l.kind === 'reservation').map((l) => key(l.eventId, l.slotId)))].sort();
}

/** True when the earlier order holds the same products (format, vintage, quantity) and the same event slots as the cart order. */
export function sameContent(previous: Pick<OrderDetail, 'lines'>, order: CartOrder): boolean {
  const cartProducts = order.products.map((p) => key(p.id, p.chosenFormat?.id, p.chosenVintage?.id, p.quantity)).sort();
  const cartSlots = [...new Set((order.reservations ?? []).map((r) => key(r.eventId, r.selectedSlot?.id)))].sort();
  return (
    JSON.stringify(productKeys(previous.lines)) === JSON.stringify(cartProducts) &&
    JSON.stringify(reservationKeys(previous.lines)) === JSON.stringify(cartSlots)
  );
}
