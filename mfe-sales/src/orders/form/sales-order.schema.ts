// The back-office order form: the contract's SalesOrderInput as typed by a person (money in euros with a decimal
// comma, a line being a catalogue format or a free line), its conversion to the wire (integer cents), the values of an
// existing order, and the partial input priced live by the preview.
import { z } from 'zod';
import {
  SALES_MESSAGES as M,
  SALES_ORDER_SUBTYPES,
  salesOrderInputSchema,
  salesOrderLineInputSchema,
  type OrderDetail,
  type SalesOrderInput,
  type SalesOrderSubType,
} from 'shared-kernel/contracts';
import { ApiError } from 'shared-kernel/runtime';
import { texts } from './texts';

const t = texts;
const input = salesOrderInputSchema.shape;
const line = salesOrderLineInputSchema.shape;

/** Euros typed (decimal comma) → integer cents. */
export const eurosToCents = (euros: number): number => Math.round(euros * 100);

export const LINE_MODES = ['catalogue', 'free'] as const;
export type LineMode = (typeof LINE_MODES)[number];

const lineSchema = z
  .object({
    mode: z.enum(LINE_MODES),
    formatId: z.number().int().positive().nullable(),
    /** the chosen format's label (display only) */
    formatLabel: z.string(),
    /** the vintage the article is taken in (chosen when it has several) */
    vintageId: z.number().int().positive().nullable(),
    /** the article's vintages (display only; null: not read yet, as when editing a saved order) */
    vintages: z.array(z.object({ id: z.number(), name: z.string() })).nullable(),
    label: z.string().max(200, 'Doit contenir au maximum 200 caractères'),
    quantity: line.quantity,
    /** euros HT; a catalogue line: empty = the client's tariff */
    unitPrice: z.number().min(0, t.unitPricePositive).nullable(),
    vatRate: z.number().min(0).max(100).nullable(),
    discountPercent: line.discountPercent,
    free: z.boolean(),
  })
  .superRefine((l, ctx) => {
    if (l.mode === 'catalogue') {
      if (!l.formatId) ctx.addIssue({ code: 'custom', message: M.lineLabel, path: ['formatId'] });
      else if (!l.vintageId && (l.vintages?.length ?? 0) > 1)
        ctx.addIssue({ code: 'custom', message: t.vintageRequired, path: ['vintageId'] });
      return;
    }
    if (!l.label.trim()) ctx.addIssue({ code: 'custom', message: M.lineLabel, path: ['label'] });
    if (l.unitPrice === null && !l.free) ctx.addIssue({ code: 'custom', message: t.unitPriceRequired, path: ['unitPrice'] });
    if (l.vatRate === null) ctx.addIssue({ code: 'custom', message: t.vatRequired, path: ['vatRate'] });
  });

const today = () => new Date().toISOString().slice(0, 10);

export const salesOrderFormSchema = z
  .object({
    subType: z.enum(SALES_ORDER_SUBTYPES),
    clientId: input.clientId,
    lines: z.array(lineSchema).min(1, M.linesEmpty),
    discountType: z.enum(['percent', 'amount']),
    discountValue: z.number().min(0, t.amountPositive).nullable(),
    shippingPrice: z.number().min(0, t.amountPositive).nullable(),
    warehouseId: z.number().int().positive().nullable(),
    paymentDelay: input.paymentDelay,
    notes: z.string().max(2000, 'Doit contenir au maximum 2000 caractères'),
    validUntil: z.string().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.discountType === 'percent' && v.discountValue !== null && v.discountValue > 100)
      ctx.addIssue({ code: 'custom', message: M.discountPercent, path: ['discountValue'] });
    if (v.subType === 'quote' && v.validUntil && v.validUntil <= today())
      ctx.addIssue({ code: 'custom', message: M.validUntil, path: ['validUntil'] });
  });

export type SalesOrderFormValues = z.input<typeof salesOrderFormSchema>;
export type SalesOrderFormLine = SalesOrderFormValues['lines'][number];

export const emptyLine = (mode: LineMode, subType: SalesOrderSubType, vatRate: number): SalesOrderFormLine => ({
  mode,
  formatId: null,
  formatLabel: '',
  vintageId: null,
  vintages: null,
  label: '',
  quantity: 1,
  unitPrice: null,
  vatRate: mode === 'free' ? vatRate : null,
  discountPercent: null,
  free: subType === 'sample',
});

/** An existing order as stored, when the api sends it (the contract's detail has no such field yet, see the report). */
type WithInput = { input?: SalesOrderInput | null };

function fromInput(
  i: SalesOrderInput,
  formatLabels: Map<number, string>,
  /** the order's product lines, one per input line: the vintage each was taken in (an input saved without one) */
  priced: ReadonlyArray<{ formatId: number | null; vintageId: number | null }>,
): Omit<SalesOrderFormValues, 'subType'> {
  return {
    clientId: i.clientId,
    lines: i.lines.map((l, n) => ({
      mode: l.formatId ? 'catalogue' : 'free',
      formatId: l.formatId ?? null,
      formatLabel: l.formatId ? (formatLabels.get(l.formatId) ?? l.label ?? '') : '',
      vintageId: l.formatId ? (l.vintageId ?? (priced[n]?.formatId === l.formatId ? priced[n].vintageId : null)) : null,
      vintages: null,
      label: l.formatId ? '' : (l.label ?? ''),
      quantity: l.quantity,
      unitPrice: l.unitPriceHT === null || l.unitPriceHT === undefined ? null : l.unitPriceHT / 100,
      vatRate: l.vatRate ?? null,
      discountPercent: l.discountPercent ?? null,
      free: !!l.free,
    })),
    discountType: i.discount?.type ?? 'percent',
    discountValue: i.discount ? (i.discount.type === 'amount' ? i.discount.value / 100 : i.discount.value) : null,
    shippingPrice: i.shipping?.priceHT === null || i.shipping?.priceHT === undefined ? null : i.shipping.priceHT / 100,
    warehouseId: i.warehouseId ?? null,
    paymentDelay: i.paymentDelay ?? null,
    notes: i.notes ?? '',
    validUntil: i.validUntil ?? null,
  };
}

/**
 * The form values of a new order, or of an existing one. An existing order is read from its stored input when the api
 * sends it; otherwise from its priced lines (catalogue lines re-priced at the client's tariff, line discounts as %).
 */
export function salesOrderDefaults(opts: {
  subType?: SalesOrderSubType;
  clientId?: number | null;
  order?: OrderDetail;
  vatRate: number;
}): SalesOrderFormValues {
  const { order, vatRate } = opts;
  const sales = order?.sales;
  const subType = sales?.subType ?? opts.subType ?? 'order';
  if (order && sales) {
    const products = order.lines.filter((l) => l.kind === 'product');
    const labels = new Map(products.filter((l) => l.formatId).map((l) => [l.formatId as number, l.label]));
    const stored = (sales as WithInput).input;
    if (stored) return { subType, ...fromInput(stored, labels, products) };
    return {
      subType,
      clientId: sales.client?.id ?? (null as unknown as number),
      lines: products.map((l) => {
        const gross = l.unitPriceHT * l.quantity;
        return {
          mode: l.formatId ? 'catalogue' : 'free',
          formatId: l.formatId,
          formatLabel: l.formatId ? [l.label, l.details].filter(Boolean).join(' – ') : '',
          vintageId: l.formatId ? l.vintageId : null,
          vintages: null,
          label: l.formatId ? '' : l.label,
          quantity: l.quantity,
          unitPrice: l.formatId ? null : l.unitPriceHT / 100,
          vatRate: l.formatId ? null : l.vatRate,
          discountPercent: l.promoAmount > 0 && gross > 0 ? Math.round((l.promoAmount / gross) * 10000) / 100 : null,
          free: l.totalHT === 0 && l.unitPriceHT === 0,
        } satisfies SalesOrderFormLine;
      }),
      discountType: 'percent',
      discountValue: null,
      shippingPrice: order.price.shipping > 0 ? order.price.shipping / 100 : null,
      warehouseId: sales.warehouse?.id ?? null,
      paymentDelay: sales.paymentDelay,
      notes: sales.notes ?? '',
      validUntil: sales.validUntil ? sales.validUntil.slice(0, 10) : null,
    };
  }
  return {
    subType,
    clientId: (opts.clientId ?? null) as unknown as number,
    lines: [emptyLine('catalogue', subType, vatRate)],
    discountType: 'percent',
    discountValue: null,
    shippingPrice: null,
    warehouseId: null,
    paymentDelay: null,
    notes: '',
    validUntil: null,
  };
}

type LineLike = Partial<SalesOrderFormLine> | undefined;

function lineToWire(l: SalesOrderFormLine) {
  const catalogue = l.mode === 'catalogue';
  return {
    formatId: catalogue ? l.formatId : null,
    vintageId: catalogue ? (l.vintageId ?? null) : null,
    label: catalogue ? null : l.label.trim(),
    quantity: l.quantity,
    unitPriceHT: l.unitPrice === null || l.unitPrice === undefined ? null : eurosToCents(l.unitPrice),
    vatRate: catalogue ? null : l.vatRate,
    discountPercent: l.discountPercent ?? null,
    free: l.free,
  };
}

function restToWire(v: Pick<SalesOrderFormValues, Exclude<keyof SalesOrderFormValues, 'lines' | 'clientId'>>) {
  return {
    subType: v.subType,
    discount:
      v.discountValue !== null && v.discountValue !== undefined && v.discountValue > 0
        ? { type: v.discountType, value: v.discountType === 'amount' ? eurosToCents(v.discountValue) : v.discountValue }
        : null,
    shipping: v.shippingPrice !== null && v.shippingPrice !== undefined ? { priceHT: eurosToCents(v.shippingPrice) } : null,
    warehouseId: v.warehouseId ?? null,
    paymentDelay: v.paymentDelay ?? null,
    notes: v.notes.trim() || null,
    validUntil: v.subType === 'quote' ? v.validUntil || null : null,
  };
}

/** The body of POST /sales/orders and PUT /sales/orders/:id (money in integer cents). */
export function toSalesOrderInput(v: z.output<typeof salesOrderFormSchema>): SalesOrderInput {
  return { clientId: v.clientId, lines: v.lines.map(lineToWire), ...restToWire(v) };
}

const complete = (l: LineLike): l is SalesOrderFormLine =>
  !!l &&
  Number.isInteger(l.quantity) &&
  (l.quantity ?? 0) >= 1 &&
  (l.mode === 'catalogue' ? !!l.formatId : !!l.label?.trim() && (l.unitPrice !== null || !!l.free) && l.vatRate !== null);

/** What the live preview prices: the client and the complete lines typed so far; null when there is nothing to price. */
export function previewInput(v: Partial<SalesOrderFormValues> | undefined): SalesOrderInput | null {
  if (!v || !v.clientId || !v.subType) return null;
  const lines = (v.lines ?? []).filter(complete);
  if (lines.length === 0) return null;
  return {
    clientId: v.clientId,
    lines: lines.map(lineToWire),
    ...restToWire({
      subType: v.subType,
      discountType: v.discountType ?? 'percent',
      discountValue: v.discountValue ?? null,
      shippingPrice: v.shippingPrice ?? null,
      warehouseId: v.warehouseId ?? null,
      paymentDelay: v.paymentDelay ?? null,
      notes: v.notes ?? '',
      validUntil: v.validUntil ?? null,
    }),
  };
}

/** The api names the wire fields (`lines.0.unitPriceHT`, `discount.value`, `shipping.priceHT`): the form's names. */
export function toFormError(err: unknown): unknown {
  if (!(err instanceof ApiError) || !err.field) return err;
  const field = err.field
    .replace(/\[(\w+)\]/g, '.$1')
    .replace(/\.unitPriceHT$/, '.unitPrice')
    .replace(/^discount(\.\w+)?$/, 'discountValue')
    .replace(/^shipping(\.\w+)?$/, 'shippingPrice');
  return field === err.field ? err : new ApiError(err.status, err.message, field, err.body);
}
