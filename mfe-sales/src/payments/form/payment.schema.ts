// 'Enregistrer un règlement': the contract's PaymentInput as typed (amounts in euros), the allocation of a payment to
// the client's open invoices (prefilled oldest first) and the rest, which becomes the client's credit.
import { z } from 'zod';
import { SALES_MESSAGES as M, paymentInputSchema, type PaymentInput, type SalesPaymentMethod } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { ApiError } from 'shared-kernel/runtime';
import { eurosToCents } from '../../orders/form/sales-order.schema';
import { texts } from '../texts';

const t = texts.form;

/** Today in the browser's time zone (YYYY-MM-DD). */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export const paymentFormSchema = z
  .object({
    clientId: paymentInputSchema.shape.clientId,
    direction: z.enum(['in', 'out']),
    method: paymentInputSchema.shape.method,
    amount: z.number({ error: t.amountRequired }).positive(t.amountRequired),
    paidAt: z
      .string({ error: 'Date au format AAAA-MM-JJ attendue' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date au format AAAA-MM-JJ attendue')
      .refine((d) => d <= localToday(), M.paymentDate),
    reference: z.string().max(100, 'Doit contenir au maximum 100 caractères'),
    note: z.string().max(500, 'Doit contenir au maximum 500 caractères'),
    allocations: z.array(
      z.object({
        invoiceId: z.number(),
        number: z.string(),
        /** cents still due on the invoice */
        remaining: z.number(),
        dueDate: z.string().nullable(),
        /** euros */
        amount: z.number().min(0, t.allocationPositive).nullable(),
      }),
    ),
  })
  .superRefine((v, ctx) => {
    let sum = 0;
    v.allocations.forEach((a, i) => {
      const cents = a.amount ? eurosToCents(a.amount) : 0;
      sum += cents;
      if (cents > a.remaining)
        ctx.addIssue({ code: 'custom', message: M.paymentTooLarge(formatCents(a.remaining)), path: ['allocations', i, 'amount'] });
    });
    if (v.direction === 'in' && sum > eurosToCents(v.amount))
      ctx.addIssue({ code: 'custom', message: M.paymentAllocations, path: ['allocations'] });
  });
export type PaymentFormValues = z.input<typeof paymentFormSchema>;
export type PaymentFormAllocation = PaymentFormValues['allocations'][number];

export const paymentDefaults = (clientId?: number | null, prefill?: PaymentPrefill): PaymentFormValues => ({
  clientId: (prefill?.client.id ?? clientId ?? null) as unknown as number,
  direction: 'in',
  method: (prefill?.method ?? null) as unknown as PaymentFormValues['method'],
  amount: (prefill && prefill.amount > 0 ? prefill.amount / 100 : null) as unknown as number,
  paidAt: localToday(),
  reference: prefill?.reference ?? '',
  note: '',
  allocations: [],
});

/**
 * The amounts (euros) put on each open invoice, oldest first, until the payment is used up; the invoices of `first`
 * (a payment recorded from an invoice or an order: the ones it settles) are served before the others, in that order.
 */
export function prefillAllocations(
  invoices: ReadonlyArray<{ id?: number; remaining: number }>,
  amountCents: number,
  first: readonly number[] = [],
): Array<number | null> {
  let left = Math.max(0, amountCents);
  const rank = (i: { id?: number }) => {
    const at = i.id === undefined ? -1 : first.indexOf(i.id);
    return at < 0 ? first.length : at;
  };
  const order = invoices.map((inv, index) => ({ inv, index })).sort((a, b) => rank(a.inv) - rank(b.inv) || a.index - b.index);
  const out: Array<number | null> = invoices.map(() => null);
  for (const { inv, index } of order) {
    const put = Math.min(left, Math.max(0, inv.remaining));
    left -= put;
    out[index] = put > 0 ? put / 100 : null;
  }
  return out;
}

/**
 * 'Enregistrer un règlement' opened from an invoice or an order: the client, what is still due (cents) and the
 * invoices it settles first. The person may still change any of it.
 */
export interface PaymentPrefill {
  client: { id: number; name: string; code?: string | null };
  amount: number;
  invoiceIds: number[];
  /** The way the buyer said they would pay (a cheque, a transfer announced at checkout), when known. */
  method?: SalesPaymentMethod;
  /** What the buyer was asked to write on it (the order's number), when known. */
  reference?: string;
}

/** Allocated and unallocated cents of the values typed so far. */
export function allocationTotals(amount: number | null | undefined, allocations: ReadonlyArray<{ amount?: number | null }>) {
  const total = typeof amount === 'number' && Number.isFinite(amount) ? eurosToCents(amount) : 0;
  const allocated = allocations.reduce((s, a) => s + (typeof a?.amount === 'number' ? eurosToCents(a.amount) : 0), 0);
  return { total, allocated, unallocated: total - allocated };
}

/** The body of POST /sales/payments, and the form index of each allocation sent (the api names them by their index). */
export function toPaymentInput(v: z.output<typeof paymentFormSchema>): { input: PaymentInput; sent: number[] } {
  const sent: number[] = [];
  const allocations =
    v.direction === 'in'
      ? v.allocations.flatMap((a, i) => {
          const cents = a.amount ? eurosToCents(a.amount) : 0;
          if (cents <= 0) return [];
          sent.push(i);
          return [{ invoiceId: a.invoiceId, amount: cents }];
        })
      : [];
  return {
    input: {
      clientId: v.clientId,
      direction: v.direction,
      method: v.method,
      amount: eurosToCents(v.amount),
      paidAt: v.paidAt,
      reference: v.reference.trim() || null,
      note: v.note.trim() || null,
      allocations,
    },
    sent,
  };
}

/** `allocations.1.amount` of the api is the form's allocation `sent[1]`. */
export function toPaymentFormError(err: unknown, sent: number[]): unknown {
  if (!(err instanceof ApiError) || !err.field) return err;
  const field = err.field.replace(/\[(\w+)\]/g, '.$1');
  const m = /^allocations\.(\d+)(\.|$)/.exec(field);
  if (!m) return err;
  const at = sent[Number(m[1])];
  return at === undefined ? err : new ApiError(err.status, err.message, `allocations.${at}.amount`, err.body);
}
