/**
 * Journal entries generated from the documents: never typed, one balanced entry per issued document and per
 * payment. Amounts in integer cents; an entry is balanced to the cent by construction (an issued document's TTC is its
 * HT plus its VAT, and its HT is its lines' HT, duties included).
 *
 * - Invoice (sales journal VT): client debit of what it asks (TTC less the deposits deducted); income credit per
 *   accounting product type (HT net of duties); duties credit; VAT credit per rate. The deposits deducted come back out
 *   of the deposits account (their HT) and of the VAT accounts (their VAT, collected when the deposit was invoiced:
 *   CGI art. 269-2-a, VAT on deposits is due at receipt).
 * - Deposit invoice: client debit TTC; deposits account credit HT; VAT credit per rate.
 * - Credit note: the invoice's entry the other way round, for its own lines.
 * - Payment received (bank BQ / till CA journal): the method's account debit, client credit; a refund the other way.
 */
import {
  vatAccount,
  clientAccount,
  deductibleVatAccount,
  type AccountingProductType,
  type ChartOfAccounts,
  type PaymentAccountMethod,
} from './chart';

export type JournalCode = 'VT' | 'BQ' | 'CA' | 'OD' | 'HA' | 'AN';

export const DEFAULT_JOURNALS: Readonly<Record<JournalCode, string>> = Object.freeze({
  VT: 'Ventes',
  BQ: 'Banque',
  CA: 'Caisse',
  OD: 'Opérations diverses',
  HA: 'Achats',
  AN: 'À nouveaux',
});

export interface EntryLine {
  account: string;
  /** the client's auxiliary account (CompAuxNum), when the line is the client's */
  auxiliary: string | null;
  auxiliaryLabel: string | null;
  label: string;
  debit: number;
  credit: number;
  /** the third party's line (the client's or the supplier's: the one lettered); when absent, a line on an auxiliary or a
   * 411 account */
  isClient?: boolean;
  /** an opening line carrying one open item: its own piece (PieceRef / PieceDate of the record, over the entry's) and
   * the entry of the previous year it carries (whose lettering it shows) */
  pieceRef?: string | null;
  pieceDate?: string | null;
  openEntryId?: number | null;
}

export interface Entry {
  journal: JournalCode;
  /** YYYY-MM-DD: the document's date */
  date: string;
  pieceRef: string;
  pieceDate: string;
  label: string;
  lines: EntryLine[];
}

/** What posting needs of an issued sales document (the invoices table row has it all). */
export interface PostableDocument {
  kind: 'invoice' | 'deposit' | 'credit';
  number: string;
  issueDate: string;
  client: { name: string; code: string | null };
  /** `account`: the income account an override of the line's product or range gives (chart.overrides) */
  lines: Array<{ accountingType: string; totalHT: number; duties: number; vatRate: number; account?: string | null }>;
  vat: Array<{ rate: number; vat: number }>;
  totalHT: number;
  totalVAT: number;
  totalTTC: number;
  /** invoices: the deposits deducted, with the VAT of each per rate */
  depositsDeducted?: Array<{
    number: string;
    totalHT: number;
    totalVAT: number;
    totalTTC: number;
    vat?: Array<{ rate: number; vat: number }>;
  }>;
}

export class UnbalancedEntryError extends Error {
  constructor(readonly entry: Entry) {
    super(`Écriture déséquilibrée : ${entry.pieceRef}`);
    this.name = 'UnbalancedEntryError';
  }
}

export const sumDebit = (e: Entry) => e.lines.reduce((n, l) => n + l.debit, 0);
export const sumCredit = (e: Entry) => e.lines.reduce((n, l) => n + l.credit, 0);
export const isBalanced = (e: Entry) => sumDebit(e) === sumCredit(e);

/** Lines of one account and side added up (one income line per account, one VAT line per rate). */
function merge(lines: EntryLine[]): EntryLine[] {
  const out: EntryLine[] = [];
  for (const l of lines) {
    if (!l.debit && !l.credit) continue;
    const same = out.find((o) => o.account === l.account && o.auxiliary === l.auxiliary && o.label === l.label && !!o.debit === !!l.debit);
    if (same) {
      same.debit += l.debit;
      same.credit += l.credit;
    } else out.push({ ...l });
  }
  return out;
}

/** An amount on the side its sign says (a negative credit is a debit). */
function side(line: Omit<EntryLine, 'debit' | 'credit'>, credit: number): EntryLine {
  return credit >= 0 ? { ...line, debit: 0, credit } : { ...line, debit: -credit, credit: 0 };
}

function swap(lines: EntryLine[]): EntryLine[] {
  return lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit }));
}

/** The entry of an issued invoice, deposit invoice or credit note (sales journal). */
export function postDocument(doc: PostableDocument, chart: ChartOfAccounts): Entry {
  const client = clientAccount(chart, doc.client.code);
  const clientLine = { account: client.account, auxiliary: client.auxiliary, auxiliaryLabel: client.auxiliary ? doc.client.name : null };
  const title = doc.kind === 'credit' ? 'Avoir' : doc.kind === 'deposit' ? 'Facture d’acompte' : 'Facture';
  const label = `${title} ${doc.number} ${doc.client.name}`.slice(0, 100);
  const base = { auxiliary: null, auxiliaryLabel: null, label };
  // what the document credits (an invoice's view; a credit note is its mirror)
  const credits: EntryLine[] = [];
  if (doc.kind === 'deposit') {
    credits.push(side({ ...base, account: chart.deposits }, doc.totalHT));
  } else {
    for (const l of doc.lines) {
      const account = l.account || (chart.products[l.accountingType as AccountingProductType] ?? chart.products.product);
      credits.push(side({ ...base, account }, l.totalHT - l.duties));
      if (l.duties) credits.push(side({ ...base, account: chart.duties }, l.duties));
    }
  }
  for (const v of doc.vat) credits.push(side({ ...base, account: vatAccount(chart, v.rate) }, v.vat));
  let owed = doc.totalTTC;
  for (const d of doc.depositsDeducted ?? []) {
    owed -= d.totalTTC;
    credits.push(side({ ...base, account: chart.deposits, label: `${label} – acompte ${d.number}`.slice(0, 100) }, -d.totalHT));
    const vat = d.vat?.length ? d.vat : [{ rate: doc.vat[0]?.rate ?? 20, vat: d.totalVAT }];
    for (const v of vat)
      credits.push(side({ ...base, account: vatAccount(chart, v.rate), label: `${label} – acompte ${d.number}`.slice(0, 100) }, -v.vat));
  }
  const lines = [side({ ...clientLine, label }, -owed), ...credits];
  const entry: Entry = {
    journal: 'VT',
    date: doc.issueDate,
    pieceRef: doc.number,
    pieceDate: doc.issueDate,
    label,
    lines: merge(doc.kind === 'credit' ? swap(lines) : lines),
  };
  if (!isBalanced(entry)) throw new UnbalancedEntryError(entry);
  return entry;
}

/** What posting needs of a payment received or refunded. */
export interface PostablePayment {
  direction: 'in' | 'out';
  method: string;
  amount: number;
  paidAt: string;
  reference: string | null;
  id: number;
  client: { name: string; code: string | null };
}

/** The entry of a payment: bank (or till for cash) against the client. */
export function postPayment(p: PostablePayment, chart: ChartOfAccounts): Entry {
  const client = clientAccount(chart, p.client.code);
  const cash = p.method === 'cash';
  const account = chart.payments[p.method as PaymentAccountMethod] ?? chart.payments.other;
  const label = `${p.direction === 'in' ? 'Règlement' : 'Remboursement'} ${p.client.name}${p.reference ? ` ${p.reference}` : ''}`.slice(
    0,
    100,
  );
  const lines: EntryLine[] = [
    { account, auxiliary: null, auxiliaryLabel: null, label, debit: p.amount, credit: 0 },
    {
      account: client.account,
      auxiliary: client.auxiliary,
      auxiliaryLabel: client.auxiliary ? p.client.name : null,
      label,
      debit: 0,
      credit: p.amount,
    },
  ];
  const entry: Entry = {
    journal: cash ? 'CA' : 'BQ',
    date: p.paidAt,
    pieceRef: p.reference?.slice(0, 40) || `REG${p.id}`,
    pieceDate: p.paidAt,
    label,
    lines: p.direction === 'in' ? lines : swap(lines),
  };
  if (!isBalanced(entry)) throw new UnbalancedEntryError(entry);
  return entry;
}

/** What posting needs of a daily till closing (the Z report of the cash register). */
export interface PostableTillClosing {
  id: number;
  /** YYYY-MM-DD: the day closed */
  date: string;
  /** the Z report's number */
  reference: string;
  salespoint: string;
  /** the day's sales net of refunds, per accounting product type and VAT rate (HT and VAT, cents) */
  sales: Array<{ accountingType: string; vatRate: number; totalHT: number; vat: number }>;
  /** what was taken per payment method (cents) */
  payments: Array<{ method: string; amount: number }>;
}

/**
 * The entry of a till closing (cash journal CA): each payment method's account debited with what it took; income per
 * accounting type and VAT per rate credited. A difference between what was taken and what was sold (a cash count
 * gap) goes to the gap accounts (chart.other.minusGap / plusGap: 658 / 758 by default), so the entry balances and the
 * gap stays visible (BOI-TVA-DECLA-30-10-30: the takings of a till are posted daily, in total).
 *
 * The day goes through the counter-sales client account (Settings › Pré-comptabilité « Compte client des ventes
 * comptoir », chart.counterSalesClient): that client is debited with what was sold and credited with what was taken
 * (and with the gap), as an invoice's client is, so the counter sales show in the client balance and its account
 * comes back to zero each day. Without such an account the payments face the income directly.
 */
export function postTillClosing(z: PostableTillClosing, chart: ChartOfAccounts): Entry {
  const label = `Caisse ${z.salespoint} – clôture ${z.reference}`.slice(0, 100);
  const base = { auxiliary: null, auxiliaryLabel: null, label };
  const lines: EntryLine[] = [];
  for (const p of z.payments)
    lines.push(side({ ...base, account: chart.payments[p.method as PaymentAccountMethod] ?? chart.payments.other }, -p.amount));
  for (const s of z.sales) {
    const account = chart.products[s.accountingType as AccountingProductType] ?? chart.products.product;
    lines.push(side({ ...base, account }, s.totalHT));
    lines.push(side({ ...base, account: vatAccount(chart, s.vatRate) }, s.vat));
  }
  const taken = z.payments.reduce((n, p) => n + p.amount, 0);
  const sold = z.sales.reduce((n, s) => n + s.totalHT + s.vat, 0);
  const counter = chart.counterSalesClient?.trim();
  if (counter) {
    const client = { ...base, account: counter };
    lines.push(side(client, -sold), side(client, taken));
    // the gap settles the client's account: a gain credits plusGap, a loss debits minusGap
    if (taken > sold) lines.push(side(client, sold - taken), side({ ...base, account: chart.other.plusGap }, taken - sold));
    if (taken < sold) lines.push(side(client, sold - taken), side({ ...base, account: chart.other.minusGap }, taken - sold));
  } else {
    // more taken than sold: a gain (credit plusGap); less: a loss (debit minusGap)
    if (taken > sold) lines.push(side({ ...base, account: chart.other.plusGap }, taken - sold));
    if (taken < sold) lines.push(side({ ...base, account: chart.other.minusGap }, taken - sold));
  }
  const entry: Entry = { journal: 'CA', date: z.date, pieceRef: z.reference.slice(0, 40), pieceDate: z.date, label, lines: merge(lines) };
  if (!isBalanced(entry)) throw new UnbalancedEntryError(entry);
  return entry;
}

/** What posting needs of a received supplier invoice (the supplier_invoices row, UNTDID 1001 type code). */
export interface PostableSupplierInvoice {
  id: number;
  /** 380 invoice, 381 credit note, 384 corrective invoice, 386 prepayment invoice */
  typeCode: string;
  number: string;
  /** YYYY-MM-DD: the date it is posted on (its issue date, or today when that month is closed) */
  date: string;
  issueDate: string;
  supplier: { id: number; name: string };
  /** per VAT rate: the base and the VAT (cents, positive whatever the type code) */
  vat: Array<{ rate: number; baseHT: number; vat: number }>;
  totalHT: number;
  totalVAT: number;
  totalTTC: number;
}

/** The supplier's auxiliary account code: 'F' and the supplier's id on 5 digits (CompAuxNum). */
export const supplierAuxiliary = (supplierId: number): string => `F${String(supplierId).padStart(5, '0')}`;

/**
 * The entry of a received supplier invoice (purchase journal HA, PCG art. 944-40 / 944-60): the expense account
 * (chart.purchases.goods, 607 by default) debited with the HT of each VAT rate, the deductible VAT (445660, CGI art. 271)
 * debited per rate, the supplier (401 with its auxiliary account) credited with the TTC. A credit note (381) is the
 * same entry the other way round. A prepayment invoice (386) is debited to the advances paid to suppliers (4091,
 * chart.purchases.prepayments) instead of the expense: the goods are not received yet.
 */
export function postSupplierInvoice(inv: PostableSupplierInvoice, chart: ChartOfAccounts): Entry {
  const title = inv.typeCode === '381' ? 'Avoir fournisseur' : 'Facture fournisseur';
  const label = `${title} ${inv.number} ${inv.supplier.name}`.slice(0, 100);
  const base = { auxiliary: null, auxiliaryLabel: null, label };
  const expense = inv.typeCode === '386' ? chart.purchases.prepayments : chart.purchases.goods;
  // what the invoice debits (a credit note is its mirror); the rates' bases add up to the HT, else the rest on the first
  const lines: EntryLine[] = [];
  let ht = 0;
  let vat = 0;
  for (const v of inv.vat) {
    lines.push(side({ ...base, account: expense }, -v.baseHT));
    ht += v.baseHT;
    if (v.vat) lines.push(side({ ...base, account: deductibleVatAccount(chart, v.rate) }, -v.vat));
    vat += v.vat;
  }
  if (ht !== inv.totalHT) lines.push(side({ ...base, account: expense }, ht - inv.totalHT));
  if (vat !== inv.totalVAT) lines.push(side({ ...base, account: chart.purchases.vat }, vat - inv.totalVAT));
  lines.unshift(
    side(
      {
        account: chart.purchases.suppliers,
        auxiliary: supplierAuxiliary(inv.supplier.id),
        auxiliaryLabel: inv.supplier.name,
        label,
        isClient: true,
      },
      inv.totalTTC,
    ),
  );
  const entry: Entry = {
    journal: 'HA',
    date: inv.date,
    pieceRef: inv.number.slice(0, 40),
    pieceDate: inv.issueDate,
    label,
    // no merge: one expense and one VAT line per rate, as the invoice's VAT breakdown (BG-23) has them
    lines: (inv.typeCode === '381' ? swap(lines) : lines).filter((l) => l.debit || l.credit),
  };
  if (!isBalanced(entry)) throw new UnbalancedEntryError(entry);
  return entry;
}

/** What posting needs of a supplier invoice once paid in full. */
export interface PostableSupplierPayment {
  id: number;
  typeCode: string;
  number: string;
  /** YYYY-MM-DD */
  date: string;
  supplier: { id: number; name: string };
  /** the invoice's TTC, and what the bank paid (the rest was prepaid: BT-113, out of the advances account) */
  totalTTC: number;
  paid: number;
}

/**
 * The payment of a supplier invoice (bank journal BQ): the supplier debited with the TTC, the bank credited with what
 * it paid, the advances paid to suppliers (4091) with what was prepaid; a credit note refunded the other way round.
 */
export function postSupplierPayment(p: PostableSupplierPayment, chart: ChartOfAccounts): Entry {
  const label = `${p.typeCode === '381' ? 'Remboursement' : 'Règlement'} ${p.supplier.name} ${p.number}`.slice(0, 100);
  const base = { auxiliary: null, auxiliaryLabel: null, label };
  const bank = Math.min(p.paid, p.totalTTC);
  const lines: EntryLine[] = [
    {
      account: chart.purchases.suppliers,
      auxiliary: supplierAuxiliary(p.supplier.id),
      auxiliaryLabel: p.supplier.name,
      label,
      debit: p.totalTTC,
      credit: 0,
      isClient: true,
    },
    { ...base, account: chart.payments.transfer, debit: 0, credit: bank },
  ];
  if (p.totalTTC > bank) lines.push({ ...base, account: chart.purchases.prepayments, debit: 0, credit: p.totalTTC - bank });
  const entry: Entry = {
    journal: 'BQ',
    date: p.date,
    pieceRef: p.number.slice(0, 40),
    pieceDate: p.date,
    label,
    lines: p.typeCode === '381' ? swap(lines) : lines,
  };
  if (!isBalanced(entry)) throw new UnbalancedEntryError(entry);
  return entry;
}
