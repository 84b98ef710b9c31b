import { loadPdfkit } from '../../platform/heavy-libraries';
import {
  DRM_ENTRY_LINES,
  DRM_FREE_LINES,
  DRM_LINE_LABELS,
  DRM_PAID_LINES,
  formatHl,
  type DrmDeclaration,
  type DrmFigures,
} from 'shared-kernel/contracts';
import { csvFixed, writeCsv, type CsvFixed } from 'shared-kernel/domain';
import { categoryTitle, clToMl, monthLabel } from './excise.drm';

const euros = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

const frDateTime = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

/**
 * Columns of the CSV: every line of the declaration in hl with the DRM's 5 decimals (exact: 1 ml = 0,00001 hl, see
 * excise.drm.ts) and the duties in euros, as numbers.
 */
function figureCells(f: DrmFigures): CsvFixed[] {
  // whole ml / 10^5 is the double nearest the 5-decimal figure: toFixed(5) writes it back exactly
  const hl = (cl: number) => csvFixed(clToMl(cl) / 100000, 5);
  const eur = (cents: number) => csvFixed(cents / 100, 2);
  return [
    hl(f.openingCl),
    ...DRM_ENTRY_LINES.map((k) => hl(f.entries[k])),
    hl(f.entriesCl),
    ...DRM_PAID_LINES.map((k) => hl(f.exitsPaid[k])),
    hl(f.exitsPaidCl),
    ...DRM_FREE_LINES.map((k) => hl(f.exitsFree[k])),
    hl(f.exitsFreeCl),
    hl(f.closingCl),
    eur(f.duties.exciseCents),
    eur(f.duties.cssCents),
    eur(f.duties.totalCents),
  ];
}

export const CSV_HEADER = [
  'Catégorie',
  "Code d'accise",
  'Type',
  'Couleur',
  'Label',
  'Appellation',
  'Stock début (hl)',
  ...DRM_ENTRY_LINES.map((k) => `Entrées – ${DRM_LINE_LABELS[k]} (hl)`),
  'Total entrées (hl)',
  ...DRM_PAID_LINES.map((k) => `Sorties droits acquittés – ${DRM_LINE_LABELS[k]} (hl)`),
  'Total sorties droits acquittés (hl)',
  ...DRM_FREE_LINES.map((k) => `Sorties sans droits – ${DRM_LINE_LABELS[k]} (hl)`),
  'Total sorties sans droits (hl)',
  'Stock fin (hl)',
  "Droits d'accises (€)",
  'Cotisation sécurité sociale (€)',
  'Total droits (€)',
];

/** The declaration as CSV (';' separator, UTF-8 BOM for spreadsheets, a label starting like a formula kept as text). */
export function drmCsv(decl: DrmDeclaration): string {
  const rows: Array<Array<string | CsvFixed>> = decl.categories.map((c) => [
    categoryTitle(c),
    c.exciseCode ?? '',
    c.productType ?? '',
    c.color ?? '',
    c.label,
    c.appellation ?? '',
    ...figureCells(c),
  ]);
  rows.push(['Total', '', '', '', '', '', ...figureCells(decl.totals)]);
  return writeCsv(CSV_HEADER, rows);
}

export const exportFilename = (decl: DrmDeclaration, ext: string) =>
  `drm-${decl.warehouse.name
    .normalize('NFD')
    .replace(/[^\w-]+/g, '-')
    .toLowerCase()}-${decl.month}.${ext}`;

/** The declaration as a printable PDF (pdfkit, A4 landscape): shop, warehouse, excise number, month, table, duties. */
export async function drmPdf(decl: DrmDeclaration, shopName: string): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: { Title: `DRM ${decl.month} – ${decl.warehouse.name}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(16).text('Déclaration récapitulative mensuelle (DRM)');
  doc.moveDown(0.3).font('Helvetica').fontSize(10);
  doc.text(`Entrepositaire agréé : ${shopName}`);
  doc.text(`Entrepôt : ${decl.warehouse.name} — numéro d'accise : ${decl.warehouse.exciseNumber ?? 'non renseigné'}`);
  doc.text(`Période : ${monthLabel(decl.month)} (${decl.month})`);
  doc.text(
    decl.status === 'validated' && decl.validatedAt
      ? `Validée le ${frDateTime(decl.validatedAt)}`
      : 'Non validée (document provisoire, calculé à partir des mouvements)',
  );
  doc.text('Volumes en hectolitres (hl). Droits en euros.');
  doc.moveDown(0.6);

  const cols = [
    { title: 'Catégorie', w: 230 },
    { title: 'Stock début', w: 70 },
    { title: 'Entrées', w: 70 },
    { title: 'Sorties DA', w: 70 },
    { title: 'Sorties sans droits', w: 80 },
    { title: 'Stock fin', w: 70 },
    { title: 'Droits (€)', w: 70 },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 60) doc.addPage();
    const y = doc.y;
    let x = doc.page.margins.left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    let h = 0;
    cells.forEach((cell, i) => {
      const opts = { width: cols[i].w - 6, align: i === 0 ? ('left' as const) : ('right' as const) };
      doc.text(cell, x, y, opts);
      h = Math.max(h, doc.heightOfString(cell, opts));
      x += cols[i].w;
    });
    doc.y = y + h + 4;
    doc.x = doc.page.margins.left;
  };
  const summary = (f: DrmFigures) => [
    formatHl(f.openingCl),
    formatHl(f.entriesCl),
    formatHl(f.exitsPaidCl),
    formatHl(f.exitsFreeCl),
    formatHl(f.closingCl),
    euros(f.duties.totalCents),
  ];
  row(
    cols.map((c) => c.title),
    true,
  );
  for (const c of decl.categories) row([categoryTitle(c), ...summary(c)]);
  row(['Total', ...summary(decl.totals)], true);
  if (!decl.categories.length) doc.font('Helvetica-Oblique').fontSize(9).text('Aucun mouvement ni stock sur la période.');

  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text('Détail par catégorie (hl)', doc.page.margins.left);
  for (const c of decl.categories) {
    if (doc.y > doc.page.height - 80) doc.addPage();
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(9).text(categoryTitle(c));
    doc.font('Helvetica').fontSize(8.5);
    const parts = [
      ...DRM_ENTRY_LINES.filter((k) => c.entries[k]).map((k) => `${DRM_LINE_LABELS[k]} : ${formatHl(c.entries[k])}`),
      ...DRM_PAID_LINES.filter((k) => c.exitsPaid[k]).map((k) => `${DRM_LINE_LABELS[k]} (DA) : ${formatHl(c.exitsPaid[k])}`),
      ...DRM_FREE_LINES.filter((k) => c.exitsFree[k]).map((k) => `${DRM_LINE_LABELS[k]} : ${formatHl(c.exitsFree[k])}`),
    ];
    doc.text(parts.length ? parts.join(' · ') : 'Aucun mouvement');
    if (c.duties.totalCents)
      doc.text(`Droits d'accises : ${euros(c.duties.exciseCents)} € · Cotisation sécurité sociale : ${euros(c.duties.cssCents)} €`);
  }

  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text('Droits dus', doc.page.margins.left);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Droits d'accises : ${euros(decl.totals.duties.exciseCents)} €`);
  doc.text(`Cotisation sécurité sociale et taxes par hl : ${euros(decl.totals.duties.cssCents)} €`);
  doc.font('Helvetica-Bold').text(`Total : ${euros(decl.totals.duties.totalCents)} €`);
  if (decl.anomalies.length) {
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(10).text('Anomalies');
    doc.font('Helvetica').fontSize(9);
    for (const a of decl.anomalies) doc.text(`• ${a.message}`);
  }
  doc
    .moveDown(0.6)
    .font('Helvetica-Oblique')
    .fontSize(8)
    .text('CGI art. 302 G et 302 M — comptabilité matières et déclaration récapitulative mensuelle.');
  doc.end();
  return done;
}
