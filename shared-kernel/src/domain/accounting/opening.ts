/**
 * The opening entry (« À nouveaux ») of a fiscal year: the closing balance of the previous year carried over, as the
 * first entry of the year in its own journal (AN), dated the year's first day.
 *
 * - PCG art. 112-2 (intangibilité du bilan d'ouverture): "le bilan d'ouverture d'un exercice correspond au bilan de
 *   clôture avant répartition de l'exercice précédent". Only the balance-sheet accounts (classes 1 to 5) are carried;
 *   the income and expense accounts (classes 6 and 7, and the special accounts of class 8) start again from zero, their
 *   net being the year's result, carried before its appropriation to 120 « Résultat de l'exercice (bénéfice) » or 129
 *   « Résultat de l'exercice (perte) » (PCG art. 941-12), so the entry balances.
 * - A47 A-1 LPF / BOI-CF-IOR-60-40-20: the FEC of a year holds every entry of the year, the opening balances included
 *   (« écritures de reprise des soldes »), with EcritureLet / DateLet on the lettered lines.
 * - Third-party accounts that are lettered (clients 411… and suppliers 401…) are carried per open item ("à-nouveaux
 *   détaillés"): one line per line still open at the closing, with its own piece reference, so that the next year's
 *   payment can be lettered against it. The other accounts are carried per account and auxiliary account.
 * - The balances are those of every entry up to the closing date (the openings aside): the same as the previous
 *   opening plus the year's movements, and still right after a change of the fiscal year's start.
 */
import { DEFAULT_JOURNALS } from './posting';
import { isBalanceSheetAccount, type ChartOfAccounts } from './chart';
import type { Entry, EntryLine } from './posting';

/** One account's (and auxiliary's) movements up to the closing date, open items left out. */
export interface ClosingBalance {
  account: string;
  auxiliary: string | null;
  auxiliaryLabel: string | null;
  debit: number;
  credit: number;
  /** movements of the years before the one closed: for an income or expense account, an earlier year's result */
  prior?: boolean;
}

/** A third-party line still open (not lettered) at the closing date. */
export interface OpenItem {
  /** the entry it comes from (the one whose lettering settles it) */
  entryId: number;
  account: string;
  auxiliary: string | null;
  auxiliaryLabel: string | null;
  pieceRef: string;
  pieceDate: string;
  label: string;
  debit: number;
  credit: number;
}

const frDay = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The opening entry of the fiscal year starting on `date`: every balance-sheet balance (per account and auxiliary, on
 * the side of its sign), each open item as it stands, and the net of the income and expense accounts as the result.
 * An empty line list when there is nothing to carry.
 */
export function postOpening(
  input: { date: string; year: number; balances: ClosingBalance[]; openItems: OpenItem[] },
  chart: ChartOfAccounts,
): Entry {
  const label = `${DEFAULT_JOURNALS.AN} au ${frDay(input.date)}`;
  const lines: EntryLine[] = [];
  let result = 0;
  let prior = 0;
  const carried = new Map<string, ClosingBalance>();
  for (const b of input.balances) {
    if (!isBalanceSheetAccount(b.account)) {
      if (b.prior) prior += b.credit - b.debit;
      else result += b.credit - b.debit;
      continue;
    }
    const key = `${b.account}|${b.auxiliary ?? ''}`;
    const c = carried.get(key);
    if (c) {
      c.debit += b.debit;
      c.credit += b.credit;
      c.auxiliaryLabel ??= b.auxiliaryLabel;
    } else carried.set(key, { ...b, prior: false });
  }
  const sorted = [...carried.values()].sort(
    (a, b) => a.account.localeCompare(b.account) || (a.auxiliary ?? '').localeCompare(b.auxiliary ?? ''),
  );
  for (const b of sorted) {
    const balance = b.debit - b.credit;
    if (!balance) continue;
    lines.push({
      account: b.account,
      auxiliary: b.auxiliary,
      auxiliaryLabel: b.auxiliaryLabel,
      label,
      debit: Math.max(balance, 0),
      credit: Math.max(-balance, 0),
    });
  }
  for (const o of [...input.openItems].sort((a, b) => a.pieceDate.localeCompare(b.pieceDate) || a.entryId - b.entryId)) {
    const balance = o.debit - o.credit;
    if (!balance) continue;
    lines.push({
      account: o.account,
      auxiliary: o.auxiliary,
      auxiliaryLabel: o.auxiliaryLabel,
      label: `${DEFAULT_JOURNALS.AN} ${o.label}`.slice(0, 100),
      debit: Math.max(balance, 0),
      credit: Math.max(-balance, 0),
      isClient: true,
      pieceRef: o.pieceRef,
      pieceDate: o.pieceDate,
      openEntryId: o.entryId,
    });
  }
  // a profit is carried to the credit of 120, a loss to the debit of 129; the earlier years' results, never appropriated
  // here (the general meeting's decision, an entry of the accountant's), the same way on their own line
  const earlier = `Résultats antérieurs non affectés`;
  if (prior > 0)
    lines.push({ account: chart.result.profit, auxiliary: null, auxiliaryLabel: null, label: earlier, debit: 0, credit: prior });
  if (prior < 0)
    lines.push({ account: chart.result.loss, auxiliary: null, auxiliaryLabel: null, label: earlier, debit: -prior, credit: 0 });
  if (result > 0) lines.push({ account: chart.result.profit, auxiliary: null, auxiliaryLabel: null, label, debit: 0, credit: result });
  if (result < 0) lines.push({ account: chart.result.loss, auxiliary: null, auxiliaryLabel: null, label, debit: -result, credit: 0 });
  return { journal: 'AN', date: input.date, pieceRef: `AN${input.year}`, pieceDate: input.date, label, lines };
}

/** A difference between the opening entry as posted and the closing balances of the previous year. */
export interface OpeningDifference {
  account: string;
  auxiliary: string | null;
  /** debit − credit, cents */
  expected: number;
  posted: number;
}

/** The accounts (and auxiliaries) whose balance in `posted` differs from `expected` (both opening lines). */
export function openingDifferences(
  expected: Array<Pick<EntryLine, 'account' | 'auxiliary' | 'debit' | 'credit'>>,
  posted: Array<Pick<EntryLine, 'account' | 'auxiliary' | 'debit' | 'credit'>>,
): OpeningDifference[] {
  const sums = new Map<string, OpeningDifference>();
  const add = (l: Pick<EntryLine, 'account' | 'auxiliary' | 'debit' | 'credit'>, field: 'expected' | 'posted') => {
    const key = `${l.account}|${l.auxiliary ?? ''}`;
    const d = sums.get(key) ?? { account: l.account, auxiliary: l.auxiliary ?? null, expected: 0, posted: 0 };
    d[field] += l.debit - l.credit;
    sums.set(key, d);
  };
  for (const l of expected) add(l, 'expected');
  for (const l of posted) add(l, 'posted');
  return [...sums.values()]
    .filter((d) => d.expected !== d.posted)
    .sort((a, b) => a.account.localeCompare(b.account) || (a.auxiliary ?? '').localeCompare(b.auxiliary ?? ''));
}
