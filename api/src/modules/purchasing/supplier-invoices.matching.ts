// Matching a received invoice's lines to what the shop knows: the lines of the purchase order it references (BT-13),
// then catalogue formats. Only sure matches are kept (same order line reference, same label, or same quantity and
// price); anything doubtful stays unmatched for the owner to read.
import type { SupplierInvoiceLine } from './purchasing.tables';
import type { PurchaseOrderLineRow } from './purchasing.tables';

const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Each invoice line gets at most one order line, and each order line serves one invoice line. */
export function matchOrderLines(
  lines: Array<SupplierInvoiceLine & { orderLineRef?: string | null }>,
  orderLines: PurchaseOrderLineRow[],
): Array<number | null> {
  const free = new Set(orderLines.map((l) => l.id));
  const take = (pred: (o: PurchaseOrderLineRow) => boolean): number | null => {
    const hit = orderLines.find((o) => free.has(o.id) && pred(o));
    if (!hit) return null;
    free.delete(hit.id);
    return hit.id;
  };
  const out: Array<number | null> = lines.map(() => null);
  // BT-132 names the order line: our order lines are numbered from 1 in their order (the PDF we send shows them so)
  lines.forEach((l, i) => {
    const ref = l.orderLineRef?.trim();
    if (ref && /^\d+$/.test(ref)) out[i] = take((o) => orderLines.indexOf(o) === Number(ref) - 1);
  });
  lines.forEach((l, i) => {
    if (out[i] === null) out[i] = take((o) => norm(o.label) === norm(l.label));
  });
  lines.forEach((l, i) => {
    if (out[i] === null) out[i] = take((o) => o.quantity === l.quantity && Math.abs(o.unitCostCents - l.unitPrice) < 0.5);
  });
  return out;
}

/** A format whose label (as the order form writes it) is the invoice line's label, when exactly one is. */
export function matchFormat(label: string, formats: Array<{ id: number; label: string }>): number | null {
  const wanted = norm(label);
  const hits = formats.filter((f) => norm(f.label) === wanted);
  return hits.length === 1 ? hits[0].id : null;
}
