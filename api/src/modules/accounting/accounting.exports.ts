/**
 * The entries of a period for the accountant, one row per entry line, as CSV (semicolons, a BOM, decimal commas: what
 * a French Excel reads) or XLSX, in the column layout of the accountant's software (Sage, EBP, Cegid, Quadra or a
 * generic one). The months exported are marked so.
 */
import { sql } from 'drizzle-orm';
import { loadExcelJs } from '../../platform/heavy-libraries';
import type { AccountingSettings, ExportFormat, ExportLayout, JournalKind } from 'shared-kernel/contracts';
import { csvFixed, spreadsheetCell, writeCsv, type CsvFixed } from 'shared-kernel/domain';
import { accountLabels, frDate, labelOf, rows, type AccountingDeps } from './accounting.model';
import { markExported } from './accounting.periods';
import { posted } from './accounting.settings';

interface EntryLineRow {
  id: number;
  journal: JournalKind;
  num: number;
  date: string;
  piece_ref: string;
  piece_date: string;
  label: string;
  valid_date: string;
  lettering: string | null;
  lettering_date: string | null;
  position: number;
  account: string;
  auxiliary: string | null;
  auxiliary_label: string | null;
  line_label: string;
  debit: number;
  credit: number;
  is_client: boolean;
}

export async function exportFile(
  deps: AccountingDeps,
  shopId: number,
  q: { from: string; to: string; format?: ExportFormat; layout?: ExportLayout },
) {
  const ctx = await posted(deps, shopId);
  const format = q.format ?? ctx.settings.exportFormat;
  const layout = q.layout ?? ctx.settings.exportLayout;
  const r = rows<EntryLineRow>(
    // an opening line carrying an open item: its own piece and its item's lettering
    await deps.db.execute(sql`select e.id, e.journal, e.num, e.date::text as date, coalesce(l.piece_ref, e.piece_ref) as piece_ref,
        coalesce(l.piece_date, e.piece_date)::text as piece_date, e.label, e.valid_date::text as valid_date,
        (case when e.source_kind = 'opening' then o.lettering else e.lettering end) as lettering,
        (case when e.source_kind = 'opening' then o.lettering_date else e.lettering_date end)::text as lettering_date,
        l.position, l.account, l.auxiliary, l.auxiliary_label, l.label as line_label, l.debit, l.credit, l.is_client
      from accounting_entries e join accounting_entry_lines l on l.entry_id = e.id left join accounting_entries o on o.id = l.open_entry_id
      where e.shop_id = ${shopId} and e.date between ${q.from} and ${q.to}
      order by e.date, e.journal, e.fiscal_year, e.num, l.position`),
  );
  const labels = accountLabels(ctx.chart);
  const table = exportTable(layout, r, ctx.settings, labels, format);
  await markExported(deps.db, shopId, q.from, q.to);
  const name = `ecritures-${q.from}-${q.to}.${format}`;
  if (format === 'csv') {
    // Excel (French) reads a semicolon CSV with a BOM as UTF-8
    const text = writeCsv(table.header, table.rows);
    return { name, type: 'text/csv; charset=utf-8', body: Buffer.from(text, 'utf8') };
  }
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Écritures');
  ws.addRow(table.header).font = { bold: true };
  // a label or a client name starting like a formula stays text in the sheet too
  for (const row of table.rows) ws.addRow(row.map(spreadsheetCell));
  ws.columns.forEach((c) => (c.width = 16));
  return {
    name,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: Buffer.from(await wb.xlsx.writeBuffer()),
  };
}

/** The accountant export's columns for a layout (one row per entry line): each column a header and its cell. */
function exportTable(
  layout: ExportLayout,
  r: EntryLineRow[],
  settings: AccountingSettings,
  labels: Record<string, string>,
  format: ExportFormat,
) {
  type Cell = (x: EntryLineRow) => string | number | CsvFixed;
  const amount = (c: number) => (format === 'csv' ? csvFixed(c / 100, 2) : c / 100);
  const col = {
    journal: (x) => settings.journals[x.journal].code,
    date: (x) => frDate(x.date),
    account: (x) => x.account,
    auxiliary: (x) => x.auxiliary ?? '',
    piece: (x) => x.piece_ref,
    label: (x) => x.line_label,
    debit: (x) => amount(x.debit),
    credit: (x) => amount(x.credit),
  } satisfies Record<string, Cell>;
  const columns: Record<ExportLayout, Array<[string, Cell]>> = {
    sage: [
      ['Journal', col.journal],
      ['Date', col.date],
      ['Compte', col.account],
      ['Tiers', col.auxiliary],
      ['Pièce', col.piece],
      ['Libellé', col.label],
      ['Débit', col.debit],
      ['Crédit', col.credit],
    ],
    ebp: [
      ['Date', col.date],
      ['Journal', col.journal],
      ['Compte', col.account],
      ['Pièce', col.piece],
      ['Libellé', col.label],
      ['Débit', col.debit],
      ['Crédit', col.credit],
      ['Échéance', () => ''],
    ],
    cegid: [
      ['Journal', col.journal],
      ['Date', col.date],
      ['Compte général', col.account],
      ['Compte auxiliaire', col.auxiliary],
      ['Référence', col.piece],
      ['Libellé', col.label],
      ['Sens', (x) => (x.debit ? 'D' : 'C')],
      ['Montant', (x) => amount(x.debit || x.credit)],
    ],
    quadra: [
      ['Journal', col.journal],
      ['Date', col.date],
      ['Compte', col.account],
      ['Libellé', col.label],
      ['Montant débit', col.debit],
      ['Montant crédit', col.credit],
      ['Pièce', col.piece],
    ],
    generic: [
      ['Journal', col.journal],
      ['Libellé journal', (x) => settings.journals[x.journal].label],
      ['N° écriture', (x) => `${col.journal(x)}${String(x.num).padStart(6, '0')}`],
      ['Date', col.date],
      ['Compte', col.account],
      ['Libellé compte', (x) => labelOf(labels, x.account)],
      ['Compte auxiliaire', col.auxiliary],
      ['Libellé auxiliaire', (x) => x.auxiliary_label ?? ''],
      ['Pièce', col.piece],
      ['Date pièce', (x) => frDate(x.piece_date)],
      ['Libellé', col.label],
      ['Débit', col.debit],
      ['Crédit', col.credit],
      ['Lettrage', (x) => (x.is_client ? (x.lettering ?? '') : '')],
      ['Date lettrage', (x) => (x.is_client ? frDate(x.lettering_date) : '')],
    ],
  };
  const chosen = columns[layout] ?? columns.generic;
  return { header: chosen.map(([h]) => h), rows: r.map((x) => chosen.map(([, cell]) => cell(x))) };
}
