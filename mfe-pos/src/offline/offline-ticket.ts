/**
 * Pricing a ticket without the api: catalogue lines take their label, price and VAT from the catalogue
 * saved when the till opened, and the ticket is priced by the same `priceTicket` as the api. The queued input carries
 * the price the customer paid (`unitPriceTTC` of every line), so the api records the ticket that was sold even when
 * the price changed in the back office meanwhile. What the api would refuse and the till can see (an empty ticket,
 * payments not adding up, a method that needs the api) is refused at once, like a 400, and never queued.
 */
import { ApiError } from 'shared-kernel/runtime';
import {
  POS_MESSAGES,
  POS_PAYMENT_METHODS,
  ticketInputSchema,
  type PosCatalog,
  type PosPaymentMethod,
  type TicketInput,
} from 'shared-kernel/contracts';
import { formatCents, paymentProblems, priceTicket, type PricedTicket, type TicketLineInput } from 'shared-kernel/domain';

/** Methods the till takes without the api: gift vouchers and credit notes must be checked by it. */
export const OFFLINE_PAYMENT_METHODS: readonly PosPaymentMethod[] = POS_PAYMENT_METHODS.filter((m) => m !== 'gift' && m !== 'creditNote');

export const OFFLINE_MESSAGES = {
  method: 'Ce mode de règlement n’est pas disponible hors ligne',
  noCatalog: 'Le catalogue de la caisse n’est pas disponible hors ligne : rouvrez la caisse une fois connecté',
  freeLine: 'Une ligne libre a besoin d’un libellé et d’un prix',
} as const;

/** Default VAT rate and accounting type of a free line (a service at the standard rate), pinned in the input. */
const FREE_LINE_VAT = 20;
const FREE_LINE_TYPE = 'prestation';

const refuse = (message: string, field?: string) => new ApiError(400, message, field, { success: false, message, field, offline: true });

/**
 * The ticket as queued (prices pinned) and its totals; throws an ApiError 400 naming the field when the api would
 * refuse it.
 */
export function priceOffline(
  input: Omit<TicketInput, 'offline'>,
  catalog: PosCatalog | undefined,
): { input: Omit<TicketInput, 'offline'>; priced: PricedTicket } {
  const parsed = ticketInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refuse(issue.message, issue.path.join('.') || undefined);
  }
  const items = new Map((catalog?.items ?? []).map((i) => [i.formatId, i]));
  const pinned: Omit<TicketInput, 'offline'>['lines'] = [];
  const lines: TicketLineInput[] = input.lines.map((line, i) => {
    const item = line.formatId != null ? items.get(line.formatId) : undefined;
    if (line.formatId != null && !item) {
      // a format the saved catalogue does not know: sold only when the till gave everything
      if (line.unitPriceTTC == null || line.vatRate == null || !line.label)
        throw refuse(catalog ? POS_MESSAGES.unknownFormat : OFFLINE_MESSAGES.noCatalog, `lines.${i}.formatId`);
    }
    if (line.formatId == null && (!line.label || line.unitPriceTTC == null)) throw refuse(OFFLINE_MESSAGES.freeLine, `lines.${i}.label`);
    const unitPriceTTC = line.unitPriceTTC ?? item?.unitPriceTTC ?? 0;
    const vatRate = line.vatRate ?? item?.vatRate ?? FREE_LINE_VAT;
    const accountingType = line.accountingType ?? item?.accountingType ?? FREE_LINE_TYPE;
    pinned.push(item ? { ...line, unitPriceTTC } : { ...line, unitPriceTTC, vatRate, accountingType });
    return {
      formatId: line.formatId ?? null,
      vintageId: item?.vintageId ?? null,
      label: line.label || item?.label || '',
      quantity: line.quantity,
      unitPriceTTC,
      vatRate,
      accountingType,
      discount: line.discount ?? null,
      free: line.free,
    };
  });
  const priced = priceTicket({ lines, discount: input.discount ?? null });
  if (priced.problems.length) throw refuse(priced.problems[0].message, priced.problems[0].field);
  const methodAt = input.payments.findIndex((p) => !OFFLINE_PAYMENT_METHODS.includes(p.method));
  if (methodAt >= 0) throw refuse(OFFLINE_MESSAGES.method, `payments.${methodAt}.method`);
  const payment = paymentProblems(priced.totalTTC, input.payments, input.cashGiven, formatCents);
  if (payment.length) throw refuse(payment[0].message, payment[0].field);
  return { input: { ...input, lines: pinned }, priced };
}
