/**
 * The order lines snapshotted from the rebuilt, priced order (cents): what the order keeps whatever the catalogue,
 * the events or the delivery settings become, and what each line holds of the web stock and event places.
 */
import { toCents, vatOf, vatRateOf, type VatType } from 'shared-kernel/domain';
import type { BuiltOrder } from './orders.pricing';
import type { OrderLineInsert } from './orders.repository';

/** A slot as its lines show it, Paris time ("12/06/2026 10:00 – 12:00"). */
const slotText = (start: Date, end: Date) => {
  const d = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Paris' });
  const h = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });
  const sameDay = d.format(start) === d.format(end);
  return sameDay
    ? `${d.format(start)} ${h.format(start)} – ${h.format(end)}`
    : `${d.format(start)} ${h.format(start)} – ${d.format(end)} ${h.format(end)}`;
};

/** Order lines snapshot (cents) from the rebuilt, priced order. */
export function snapshotLines(built: BuiltOrder): Array<Omit<OrderLineInsert, 'orderId'>> {
  const shopId = built.shop.id;
  const out: Array<Omit<OrderLineInsert, 'orderId'>> = [];
  const vatOn = built.cartOrder.seller.settings?.hasTVA !== false;
  const rates = built.cartOrder.seller.settings?.vatRate as Partial<Record<VatType, number>> | undefined;
  built.products.forEach((p, i) => {
    const l = built.priced.lines[i];
    out.push({
      shopId,
      position: out.length,
      kind: 'product',
      productId: p.product.id,
      formatId: p.format.id,
      vintageId: p.vintage?.id ?? null,
      label: p.product.name,
      details:
        [p.vintage ? (p.vintage.name === 'NV' ? 'Non millésimé' : p.vintage.name) : null, p.format.nameInShop]
          .filter(Boolean)
          .join(' · ') || null,
      quantity: l.quantity,
      addQuantity: l.addQuantity,
      unitPriceHT: l.unitPrice,
      promoAmount: l.promoAmount,
      duties: l.duties + l.customTax,
      vatRate: l.vatRate,
      totalHT: l.totalHT,
      totalTTC: l.totalHT + vatOf(l.totalHT, l.vatRate),
      reserved: l.quantity + l.addQuantity,
    });
  });
  for (const r of built.reservations) {
    const rate = vatOn ? vatRateOf(r.cart.vatType ?? 'standard', rates) : 0;
    const details = slotText(r.slot.startsAt, r.slot.endsAt) + (r.slot.name ? ` (${r.slot.name})` : '');
    for (const sp of r.cart.selectedPrices ?? []) {
      const unit = toCents(sp.priceTTC);
      if (sp.productType === 'touristTax') {
        const qty = r.cart.taxQuantities ?? 0;
        if (qty > 0) {
          out.push({
            shopId,
            position: out.length,
            kind: 'touristTax',
            eventId: r.event.id,
            slotId: r.slot.id,
            label: `${r.event.title} — ${sp.name ?? ''}`.trim(),
            details,
            quantity: qty,
            unitPriceHT: unit,
            vatRate: 0,
            totalHT: unit * qty,
            totalTTC: unit * qty,
            reserved: 0,
          });
        }
        continue;
      }
      if (sp.quantity <= 0) continue;
      const ttc = unit * sp.quantity;
      out.push({
        shopId,
        position: out.length,
        kind: 'reservation',
        eventId: r.event.id,
        slotId: r.slot.id,
        label: `${r.event.title} — ${sp.name ?? ''}`.trim(),
        details,
        quantity: sp.quantity,
        unitPriceHT: Math.round((unit * 100) / (100 + rate)),
        vatRate: rate,
        totalHT: Math.round((ttc * 100) / (100 + rate)),
        totalTTC: ttc,
        reserved: sp.notCounting ? 0 : sp.quantity,
      });
    }
  }
  if (built.delivery || built.collectionPoint) {
    const ht = built.priced.price.shipping;
    const rate = built.delivery && vatOn ? vatRateOf('standard', rates) : 0;
    out.push({
      shopId,
      position: out.length,
      kind: 'shipping',
      label: built.delivery?.name ?? built.collectionPoint!.name,
      details: built.priced.franco ? 'Franco de port atteint' : null,
      quantity: 1,
      unitPriceHT: ht,
      vatRate: rate,
      totalHT: ht,
      totalTTC: ht + vatOf(ht, rate),
      reserved: 0,
    });
  }
  return out;
}
