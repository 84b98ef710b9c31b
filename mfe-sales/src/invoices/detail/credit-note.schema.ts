// The credit note dialog: the whole invoice, or chosen lines and quantities; a reason; kept as the client's credit or
// refunded now. Sent as the contract's CreditNoteInput (lines by their index on the invoice).
import { z } from 'zod';
import { SALES_MESSAGES as M, type CreditNoteInput, type InvoiceDetail } from 'shared-kernel/contracts';

export const creditNoteFormSchema = z
  .object({
    mode: z.enum(['full', 'lines']),
    lines: z.array(z.object({ selected: z.boolean(), quantity: z.number().nullable(), max: z.number() })),
    reason: z.string().max(500, 'Doit contenir au maximum 500 caractères'),
    settlement: z.enum(['credit', 'refund']),
    refundMethod: z.string().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'lines') {
      if (!v.lines.some((l) => l.selected)) ctx.addIssue({ code: 'custom', message: M.creditNothing, path: ['mode'] });
      v.lines.forEach((l, i) => {
        if (!l.selected) return;
        if (l.quantity === null || !Number.isInteger(l.quantity) || l.quantity < 1)
          ctx.addIssue({ code: 'custom', message: M.quantity, path: ['lines', i, 'quantity'] });
        else if (l.quantity > l.max) ctx.addIssue({ code: 'custom', message: M.creditQuantity(l.max), path: ['lines', i, 'quantity'] });
      });
    }
    if (v.settlement === 'refund' && !v.refundMethod) ctx.addIssue({ code: 'custom', message: M.paymentMethod, path: ['refundMethod'] });
  });
export type CreditNoteFormValues = z.input<typeof creditNoteFormSchema>;

export const creditNoteDefaults = (invoice: Pick<InvoiceDetail, 'lines'>): CreditNoteFormValues => ({
  mode: 'full',
  lines: invoice.lines.map((l) => ({ selected: false, quantity: l.quantity, max: l.quantity })),
  reason: '',
  settlement: 'credit',
  refundMethod: null,
});

export function toCreditNoteInput(v: z.output<typeof creditNoteFormSchema>): CreditNoteInput {
  return {
    ...(v.mode === 'lines'
      ? { lines: v.lines.flatMap((l, index) => (l.selected && l.quantity ? [{ index, quantity: l.quantity }] : [])) }
      : {}),
    reason: v.reason.trim() || null,
    settlement: v.settlement,
    ...(v.settlement === 'refund' ? { refundMethod: v.refundMethod } : {}),
  };
}
