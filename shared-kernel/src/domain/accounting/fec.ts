/**
 * The FEC, fichier des écritures comptables (LPF art. L47 A-I and A47 A-1; BOI-CF-IOR-60-40-20): one flat file per
 * fiscal year, records separated by a line end, fields by one separator (here the tab), the 18 fields of the article
 * in their order with their names as the header, dates as YYYYMMDD, amounts in base ten with a comma and no thousands
 * separator, entries numbered on a continuous sequence per journal, in the chronological order of validation; named
 * `{SIREN}FEC{closing date YYYYMMDD}.txt`. `fecProblems` applies these rules to a file before it is handed out.
 */
import type { Entry } from './posting';
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
  /** lettering of the client's line, when its invoice is settled */
  lettering?: { code: string; date: string } | null;
}

/** The FEC text: the header and one record per entry line, in the order of validation then journal then number. */
export function buildFec(
  entries: NumberedEntry[],
  opts: { accountLabels?: Record<string, string>; journalLabels?: Partial<Record<JournalCode, string>> } = {},
): string {
  const labels = { ...DEFAULT_ACCOUNT_LABELS, ...opts.accountLabels };
  const journals = { ...DEFAULT_JOURNALS, ...opts.journalLabels };
  const sorted = [...entries].sort((a, b) => a.validDate.localeCompare(b.validDate) || a.journal.localeCompare(b.journal) || a.num - b.num);
  const rows = [FEC_COLUMNS.join(FEC_SEPARATOR)];
  for (const e of sorted) {
    for (const l of e.lines) {
      const lettered = l.auxiliary != null || /^411/.test(l.account) ? e.lettering : null;
      rows.push(
        [
          e.journal,
          field(journals[e.journal]),
          `${e.journal}${String(e.num).padStart(6, '0')}`,
          fecDate(e.date),
          field(l.account),
          field(labels[l.account] ?? labels[l.account.slice(0, 3)] ?? l.account),
          field(l.auxiliary),
          field(l.auxiliaryLabel),
          field(e.pieceRef),
          fecDate(e.pieceDate),
          field(l.label),
          fecAmount(l.debit),
          fecAmount(l.credit),
          field(lettered?.code),
          fecDate(lettered?.date),
          fecDate(e.validDate),
          '',
          '',
        ].join(FEC_SEPARATOR),
      );
    }
  }
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

/** What the tax office's checks would refuse in a FEC text (an empty list: the file passes). */
export function fecProblems(text: string): FecProblem[] {
  const problems: FecProblem[] = [];
  const lines = text.split(/\r?\n/).filter((l, i, all) => l !== '' || i < all.length - 1);
  if (lines[0] !== FEC_COLUMNS.join(FEC_SEPARATOR))
    problems.push({ line: 1, message: 'L’en-tête ne reprend pas les 18 zones de l’article A47 A-1 dans leur ordre' });
  const byEntry = new Map<string, { debit: number; credit: number; line: number }>();
  const lastNum = new Map<string, number>();
  let lastValid = '';
  lines.slice(1).forEach((row, i) => {
    const n = i + 2;
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
    if (valid < lastValid) problems.push({ line: n, message: 'Les écritures ne suivent pas l’ordre chronologique de validation' });
    lastValid = valid > lastValid ? valid : lastValid;
    const key = `${journal}|${num}`;
    const e = byEntry.get(key);
    if (e) {
      e.debit += cents(debit);
      e.credit += cents(credit);
    } else {
      byEntry.set(key, { debit: cents(debit), credit: cents(credit), line: n });
      const seq = Number(num.replace(/^\D+/, ''));
      const prev = lastNum.get(journal) ?? 0;
      if (seq !== prev + 1) problems.push({ line: n, message: `Numérotation du journal ${journal} discontinue : ${num} après ${prev}` });
      lastNum.set(journal, seq);
    }
  });
  for (const [key, e] of byEntry)
    if (e.debit !== e.credit)
      problems.push({
        line: e.line,
        message: `Écriture ${key.split('|')[1]} déséquilibrée : débit ${fecAmount(e.debit)}, crédit ${fecAmount(e.credit)}`,
      });
  return problems;
}
