/**
 * The FEC, fichier des écritures comptables (LPF art. L47 A-I and A47 A-1; BOI-CF-IOR-60-40-20): one flat file per
 * fiscal year, records separated by a line end, fields by one separator (here the tab), the 18 fields of the article
 * in their order with their names as the header, dates as YYYYMMDD, amounts in base ten with a comma and no thousands
 * separator, entries numbered on a continuous sequence per journal, in the chronological order of validation; named
 * `{SIREN}FEC{closing date YYYYMMDD}.txt`. `fecProblems` applies these rules to a file before it is handed out.
 */
import type { Entry, EntryLine } from './posting';
import { DEFAULT_ACCOUNT_LABELS } from './chart';
import { DEFAULT_JOURNALS, type JournalCode } from './posting';

export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

export const FEC_SEPARATOR = '\t';

/** `{SIREN}FEC{YYYYMMDD}.txt` for the fiscal year closing on `closingDate` (YYYY-MM-DD). */
export function fecFileName(siren: string, closingDate: string): string {
  return `${siren.replace(/\s/g, '')}FEC${closingDate.replace(/-/g, '')}.txt`;
}

/** YYYY-MM-DD → YYYYMMDD ('' for none). */
export const fecDate = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10).replace(/-/g, '') : '');

/** Cents → '1234,56' (comma decimal, no thousands separator, a minus sign when negative). */
export function fecAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** A field without the separator nor line ends (they would break the zoning). */
const field = (s: string | null | undefined) => (s ?? '').replace(/[\t\r\n]+/g, ' ').trim();

export interface NumberedEntry extends Entry {
  /** sequence in its journal over the fiscal year (continuous) */
  num: number;
  /** YYYY-MM-DD: when the entry was validated (generated) */
  validDate: string;
  /** lettering of the third party's line, when its invoice is settled */
  lettering?: { code: string; date: string } | null;
  /** an opening entry's lines each carry their own lettering (that of the open item they carry) */
  lines: Array<EntryLine & { lettering?: { code: string; date: string } | null }>;
}

export interface FecLabels {
  accountLabels?: Record<string, string>;
  journalLabels?: Partial<Record<JournalCode, string>>;
  /** the journal codes the shop writes (settings), by journal kind */
  journalCodes?: Partial<Record<JournalCode, string>>;
}

export const FEC_HEADER = FEC_COLUMNS.join(FEC_SEPARATOR);

/**
 * The records of one entry (one per line), each without its line end: what `buildFec` joins, and what the api streams
 * entry by entry so that a year's file is never held in memory.
 */
export function fecRecords(e: NumberedEntry, opts: FecLabels = {}): string[] {
  const labels = opts.accountLabels ? { ...DEFAULT_ACCOUNT_LABELS, ...opts.accountLabels } : DEFAULT_ACCOUNT_LABELS;
  const code = opts.journalCodes?.[e.journal] ?? e.journal;
  const journal = field(opts.journalLabels?.[e.journal] ?? DEFAULT_JOURNALS[e.journal] ?? e.journal);
  const num = `${code}${String(e.num).padStart(6, '0')}`;
  return e.lines.map((l) => {
    const lettered =
      l.lettering !== undefined ? l.lettering : (l.isClient ?? (l.auxiliary != null || /^411/.test(l.account))) ? e.lettering : null;
    return [
      code,
      journal,
      num,
      fecDate(e.date),
      field(l.account),
      field(labels[l.account] ?? labels[l.account.slice(0, 3)] ?? l.account),
      field(l.auxiliary),
      field(l.auxiliaryLabel),
      field(l.pieceRef ?? e.pieceRef),
      fecDate(l.pieceDate ?? e.pieceDate),
      field(l.label),
      fecAmount(l.debit),
      fecAmount(l.credit),
      field(lettered?.code),
      fecDate(lettered?.date),
      fecDate(e.validDate),
      '',
      '',
    ].join(FEC_SEPARATOR);
  });
}

/** The FEC order: validation date, then journal, then number. */
export const fecOrder = (a: NumberedEntry, b: NumberedEntry) =>
  a.validDate.localeCompare(b.validDate) || a.journal.localeCompare(b.journal) || a.num - b.num;

/** The FEC text: the header and one record per entry line, in the order of validation then journal then number. */
export function buildFec(entries: NumberedEntry[], opts: FecLabels = {}): string {
  const rows = [FEC_HEADER];
  for (const e of [...entries].sort(fecOrder)) rows.push(...fecRecords(e, opts));
  return rows.join('\r\n') + '\r\n';
}

export interface FecProblem {
  /** 1-based line of the file (0: the file as a whole) */
  line: number;
  message: string;
}

const DATE = /^\d{8}$/;
const AMOUNT = /^-?\d+,\d{2}$/;
const cents = (s: string) => Math.round(Number(s.replace(',', '.')) * 100);

/**
 * The checks of `fecProblems`, fed one record at a time (the api checks a year's file as it makes it, in constant
 * memory but for one balance per entry of the year).
 */
export class FecChecker {
  readonly problems: FecProblem[] = [];
  private n = 0;
  private byEntry = new Map<string, { debit: number; credit: number; line: number }>();
  private lastNum = new Map<string, number>();
  private lastValid = '';
  private lastKey = '';

  /** The next line of the file (the header first). */
  push(row: string): void {
    const n = ++this.n;
    const problems = this.problems;
    if (n === 1) {
      if (row !== FEC_HEADER)
        problems.push({ line: 1, message: 'L’en-tête ne reprend pas les 18 zones de l’article A47 A-1 dans leur ordre' });
      return;
    }
    const z = row.split(FEC_SEPARATOR);
    if (z.length !== FEC_COLUMNS.length) {
      problems.push({ line: n, message: `${z.length} zones au lieu de 18` });
      return;
    }
    const [journal, , num, date, account, , , , piece, pieceDate, , debit, credit, let_, dateLet, valid] = z;
    if (!journal) problems.push({ line: n, message: 'JournalCode vide' });
    if (!DATE.test(date) || !DATE.test(pieceDate) || !DATE.test(valid))
      problems.push({ line: n, message: 'Date au format AAAAMMJJ attendue' });
    if (let_ && !DATE.test(dateLet)) problems.push({ line: n, message: 'DateLet attendue pour une écriture lettrée' });
    if (!/^\d{3}/.test(account))
      problems.push({ line: n, message: `CompteNum « ${account} » : les trois premiers caractères sont des chiffres` });
    if (!piece) problems.push({ line: n, message: 'PieceRef vide' });
    if (!AMOUNT.test(debit) || !AMOUNT.test(credit))
      problems.push({ line: n, message: 'Montant avec une virgule décimale et deux décimales attendu' });
    if (valid < this.lastValid) problems.push({ line: n, message: 'Les écritures ne suivent pas l’ordre chronologique de validation' });
    this.lastValid = valid > this.lastValid ? valid : this.lastValid;
    const key = `${journal}|${num}`;
    const e = this.byEntry.get(key);
    // an entry's records follow each other: its number met again later is a second entry under the same number
    if (e && key !== this.lastKey) problems.push({ line: n, message: `Numéro d’écriture ${num} déjà utilisé` });
    this.lastKey = key;
    if (e) {
      e.debit += cents(debit);
      e.credit += cents(credit);
    } else {
      this.byEntry.set(key, { debit: cents(debit), credit: cents(credit), line: n });
      const seq = Number(num.replace(/^\D+/, ''));
      const prev = this.lastNum.get(journal);
      // continuous: each number follows the journal's previous one (a year may start past 1 when it was renumbered)
      if (prev !== undefined ? seq !== prev + 1 : seq < 1)
        problems.push({ line: n, message: `Numérotation du journal ${journal} discontinue : ${num} après ${prev ?? 0}` });
      this.lastNum.set(journal, seq);
    }
  }

  /** The problems, once every line was pushed (the balance of each entry is known only at the end). */
  finish(): FecProblem[] {
    if (this.n === 0) this.problems.push({ line: 1, message: 'Fichier vide' });
    for (const [key, e] of this.byEntry)
      if (e.debit !== e.credit)
        this.problems.push({
          line: e.line,
          message: `Écriture ${key.split('|')[1]} déséquilibrée : débit ${fecAmount(e.debit)}, crédit ${fecAmount(e.credit)}`,
        });
    this.byEntry.clear();
    return this.problems;
  }
}

/** What the tax office's checks would refuse in a FEC text (an empty list: the file passes). */
export function fecProblems(text: string): FecProblem[] {
  const checker = new FecChecker();
  const lines = text.split(/\r?\n/).filter((l, i, all) => l !== '' || i < all.length - 1);
  for (const l of lines) checker.push(l);
  return checker.finish();
}
