// Size: the layout of one legal document read top to bottom (header, parties, lines, VAT summary, totals, mentions,
// Factur-X attachment), in the order it is drawn on the page.
// The PDF of an issued sales document: A4, PDF/A-3b, Factur-X EN 16931 (the CII XML embedded as factur-x.xml).
//
// PDF/A-3b and Factur-X through pdfkit's own features: `subset: 'PDF/A-3b'` writes the pdfaid XMP and the sRGB
// OutputIntent (pdfkit's sRGB_IEC61966_2_1.icc), `doc.file()` embeds the XML (EmbeddedFiles name tree + catalog /AF,
// /AFRelationship /Data, MIME text/xml), `appendXML` adds the Factur-X XMP extension schema. Every font is embedded
// (DejaVu Sans TTF, subset by pdfkit): PDF/A forbids the unembedded standard-14 fonts.
//
// The visible mentions are those of CGI art. 242 nonies A of annexe II and Code de commerce L441-9 / L441-10 (see
// mentions.ts): seller identity (name, legal form and capital, address, SIREN/SIRET, RCS, VAT and excise numbers) on
// every page, the client's identity and billing address (SIREN and VAT number for a professional), title, number,
// issue and sale dates, the lines (designation, quantity, unit price HT, discount, VAT rate, total HT) net of excise
// duties, the duties as their own line(s), VAT per rate, totals, deposits deducted, net to pay, due date and terms,
// penalties, the 40 € recovery indemnity (professional buyer, L441-10 II / D441-5), the VAT exemption ground, the
// invoice a credit note corrects and why, bank details, free mentions, "Page i/n"; from the e-invoicing reform: the
// buyer's SIREN, the delivery address when it is not the billing address (« Adresse de livraison »), the nature of
// the operation and the seller's option for VAT on debits. A line reads quantity × unit price = its amount (the unit
// price with more decimals when needed: linePricing in mentions.ts); the tourist tax says why it carries no VAT.
import { loadPdfkit } from '../../../platform/heavy-libraries';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { formatCents } from 'shared-kernel/domain';
import { INVOICE_KIND_LABELS } from 'shared-kernel/contracts';
import { buildFacturXXml, FACTURX_FILENAME } from './facturx-xml';
import { escapeXml } from './xml';
import { groupIban, microsToFrench, rateToFrench, toFrenchDate } from './format';
import {
  deliveryAddressOf,
  documentMentions,
  duePayableCents,
  lineDetails,
  linePricing,
  operationNature,
  sellerRegistrations,
  sirenOf,
} from './mentions';
import type { InvoiceDocument } from './types';

// Resolved from node_modules at run time (dejavu-fonts-ttf and pdfkit stay external to the esbuild bundle), so the
// same paths work under jest and in dist/server.js.
const FONT_FILES = {
  DejaVuSans: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  'DejaVuSans-Bold': require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
type FontName = keyof typeof FONT_FILES;
const FONT_REGULAR: FontName = 'DejaVuSans';
const FONT_BOLD: FontName = 'DejaVuSans-Bold';

const DEFAULT_COLOR = '#7a1f3d';
const TEXT = '#222222';
const MUTED = '#666666';
const RULE = '#d9d9d9';
const MARGIN = 40;
/** room kept at the foot of every page for the seller's legal line and the page number */
const FOOTER_HEIGHT = 52;

const money = (cents: number) => formatCents(cents);
const minus = (cents: number) => `−${formatCents(cents)}`;

/** The Factur-X XMP: the PDF/A extension schema that declares the fx namespace, and its four properties. */
function facturXXmp(): string {
  const property = (name: string, description: string) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`;
  return `
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${property('DocumentFileName', 'The name of the embedded XML document')}${property(
                    'DocumentType',
                    'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER',
                  )}${property('Version', 'The actual version of the standard applying to the embedded XML document')}${property(
                    'ConformanceLevel',
                    'The conformance level of the embedded XML document',
                  )}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
          <fx:DocumentType>INVOICE</fx:DocumentType>
          <fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>
          <fx:Version>1.0</fx:Version>
          <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>`;
}

/** Dublin Core title, creator and description (escaped here: pdfkit would copy Info strings into the XMP raw). */
function dublinCoreXmp(title: string, creator: string, description: string): string {
  return `
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
          <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(title)}</rdf:li></rdf:Alt></dc:title>
          <dc:creator><rdf:Seq><rdf:li>${escapeXml(creator)}</rdf:li></rdf:Seq></dc:creator>
          <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(description)}</rdf:li></rdf:Alt></dc:description>
        </rdf:Description>`;
}

/** The logo as an opaque 8-bit PNG (pdfkit reads PNG and JPEG only; the media store keeps WebP); null if unreadable. */
async function preparedLogo(logo: Buffer | null | undefined): Promise<Buffer | null> {
  if (!logo?.length) return null;
  try {
    return await sharp(logo)
      .resize({ width: 480, height: 240, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
  } catch {
    return null; // a broken logo must not stop a legal invoice from being printed
  }
}

const accentOf = (doc: InvoiceDocument) => (/^#[0-9a-f]{6}$/i.test(doc.style?.color ?? '') ? doc.style!.color! : DEFAULT_COLOR);

const addressLines = (a: InvoiceDocument['seller']['address']): string[] =>
  a
    ? [
        a.street,
        a.street2,
        [a.zipcode, a.city].filter(Boolean).join(' '),
        a.country && a.country.toUpperCase() !== 'FR' ? a.country : null,
      ].filter((l): l is string => !!l?.trim())
    : [];

type HasGlyph = (codePoint: number) => boolean;
/** The parsed font pdfkit keeps (a fontkit Font); pdfkit's font() also accepts one in place of a file. */
interface FontkitFont {
  layout: unknown;
  hasGlyphForCodePoint?: HasGlyph;
}
interface PdfkitFontHandle {
  _font?: { font?: FontkitFont };
}
/** Fonts parsed by the first document, reused by the next ones (parsing DejaVu is most of a render's time). */
const parsedFonts = new Map<FontName, FontkitFont>();

/**
 * Registers the two fonts on a document, from the files the first time, then from the parsed fonts; returns whether
 * both fonts draw a code point (read from pdfkit's fontkit font; if that internal moves, everything passes).
 */
function registerFonts(doc: PDFKit.PDFDocument): HasGlyph {
  const checks = (Object.keys(FONT_FILES) as FontName[]).map((name): HasGlyph | undefined => {
    // pdfkit opens a fontkit Font as it opens a file (PDFFontFactory.open); its typings only name files
    doc.registerFont(name, (parsedFonts.get(name) ?? FONT_FILES[name]) as unknown as string);
    const font = (doc.font(name) as unknown as PdfkitFontHandle)._font?.font;
    if (font && typeof font.layout === 'function') parsedFonts.set(name, font);
    return typeof font?.hasGlyphForCodePoint === 'function' ? (cp) => font.hasGlyphForCodePoint!(cp) : undefined;
  });
  doc.font(FONT_REGULAR);
  const [regular, bold] = checks;
  if (!regular || !bold) return () => true;
  const known = new Map<number, boolean>();
  return (cp) => {
    let ok = known.get(cp);
    if (ok === undefined) known.set(cp, (ok = regular(cp) && bold(cp)));
    return ok;
  };
}

/**
 * Text the fonts can draw: PDF/A forbids referencing the .notdef glyph, so a character DejaVu lacks (an emoji, CJK…)
 * becomes its decomposition when that is drawable (ligatures, rare accents) or '?'; control characters become spaces.
 */
function printable(text: string, hasGlyph: HasGlyph): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (cp === 10) out += ch;
    else if (cp < 32 || (cp >= 0x7f && cp < 0xa0)) out += ' ';
    else if (hasGlyph(cp)) out += ch;
    else {
      const plain = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += plain && [...plain].every((c) => hasGlyph(c.codePointAt(0)!)) ? plain : '?';
    }
  }
  return out;
}

/** Every string of the document made printable (Buffers and numbers untouched). */
function printableDeep<T>(value: T, hasGlyph: HasGlyph): T {
  if (typeof value === 'string') return printable(value, hasGlyph) as T;
  if (Array.isArray(value)) return value.map((v) => printableDeep(v, hasGlyph)) as T;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printableDeep(v, hasGlyph)])) as T;
  }
  return value;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** The document as a PDF/A-3b Factur-X EN 16931 (A4). Throws InvoiceDocumentError on an inconsistent document. */
export async function renderInvoicePdf(source: InvoiceDocument): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const quote = source.quote ?? null;
  const xml = quote ? null : buildFacturXXml(source); // first: an inconsistent document stops here
  const logo = await preparedLogo(source.style?.logo);
  // a quote's link to answer online, also as a QR code for the printed copy
  const qr = quote?.acceptUrl
    ? await QRCode.toBuffer(quote.acceptUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' })
    : null;
  const accent = accentOf(source);
  const title = quote ? 'Devis' : INVOICE_KIND_LABELS[source.kind];
  const isCredit = !quote && source.kind === 'credit';
  const issued = new Date(source.issuedAt);

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    lang: 'fr-FR',
    bufferPages: true,
    // the issue date as creation date: the same document always gives the same bytes
    info: { Creator: 'Wineriz', CreationDate: Number.isNaN(issued.getTime()) ? new Date() : issued },
  });
  const invoice = printableDeep(source, registerFonts(doc)); // what is drawn; the XML keeps the original text
  const mentions = documentMentions(invoice);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.appendXML(dublinCoreXmp(`${title} ${source.number}`, source.seller.name, `${title} ${source.number} – ${source.buyer.name}`));
  if (xml) {
    doc.appendXML(facturXXmp());
    const attachment = {
      name: FACTURX_FILENAME,
      type: 'text/xml',
      description: 'Factur-X (EN 16931)',
      relationship: 'Data', // pdfkit option, missing from @types/pdfkit
      creationDate: doc.info.CreationDate,
      modifiedDate: doc.info.CreationDate,
    };
    doc.file(Buffer.from(xml, 'utf8'), attachment);
  }

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  let y = MARGIN;
  const font = (bold: boolean, size: number, color = TEXT) =>
    doc
      .font(bold ? FONT_BOLD : FONT_REGULAR)
      .fontSize(size)
      .fillColor(color);
  const ensureSpace = (height: number) => {
    if (y + height <= bottom()) return false;
    doc.addPage();
    y = MARGIN;
    return true;
  };
  /** A paragraph at the current position, moved to the next page when it does not fit. */
  const paragraph = (text: string, opts: { bold?: boolean; size?: number; color?: string; gap?: number } = {}) => {
    font(!!opts.bold, opts.size ?? 8, opts.color ?? TEXT);
    const h = doc.heightOfString(text, { width });
    ensureSpace(h);
    font(!!opts.bold, opts.size ?? 8, opts.color ?? TEXT);
    doc.text(text, left, y, { width });
    y = doc.y + (opts.gap ?? 3); // doc.y: a text longer than a page flows on (pdfkit breaks it)
  };

  // ---- header: seller (left), document (right)
  const rightX = left + width * 0.55;
  const rightW = width * 0.45;
  let ly = y;
  if (logo) {
    doc.image(logo, left, ly, { fit: [150, 60] });
    ly += 66;
  }
  font(true, 15, accent).text(invoice.shopName || invoice.seller.name, left, ly, { width: rightX - left - 10 });
  ly = doc.y + 2;
  const sellerLines = [
    invoice.shopName && invoice.shopName !== invoice.seller.name ? invoice.seller.name : null,
    ...addressLines(invoice.seller.address),
    invoice.seller.phone ? `Tél. ${invoice.seller.phone}` : null,
    invoice.seller.email,
  ].filter((l): l is string => !!l);
  font(false, 9);
  for (const l of sellerLines) {
    doc.text(l, left, ly, { width: rightX - left - 10 });
    ly = doc.y;
  }

  let ry = y;
  font(true, 18, accent).text(title, rightX, ry, { width: rightW, align: 'right' });
  ry = doc.y + 2;
  font(true, 11).text(`N° ${invoice.number}`, rightX, ry, { width: rightW, align: 'right' });
  ry = doc.y + 4;
  const facts = (
    quote
      ? [`Date : ${toFrenchDate(invoice.issuedAt)}`, quote.validUntil ? `Valable jusqu’au : ${toFrenchDate(quote.validUntil)}` : null]
      : [
          `Date d’émission : ${toFrenchDate(invoice.issuedAt)}`,
          `Date de la vente / livraison : ${toFrenchDate(invoice.saleDate)}`,
          !isCredit && invoice.dueDate ? `Date d’échéance : ${toFrenchDate(invoice.dueDate)}` : null,
          invoice.orderNumber ? `Commande n° ${invoice.orderNumber}` : null,
          mentions.credit,
        ]
  ).filter((l): l is string => !!l);
  font(false, 9);
  for (const f of facts) {
    doc.text(f, rightX, ry, { width: rightW, align: 'right' });
    ry = doc.y;
  }
  y = Math.max(ly, ry) + 14;

  // ---- client box (right), operation (left)
  const buyer = invoice.buyer;
  const buyerLines = [
    ...addressLines(buyer.address),
    buyer.isPro && sirenOf(buyer) ? `SIREN ${sirenOf(buyer)}` : null,
    buyer.isPro && buyer.vatNumber ? `N° TVA ${buyer.vatNumber}` : null,
    buyer.email,
  ].filter((l): l is string => !!l);
  font(false, 9);
  const boxH = 12 + 14 + buyerLines.reduce((h, l) => h + doc.heightOfString(l, { width: rightW - 16 }), 0) + 8;
  doc.roundedRect(rightX, y, rightW, boxH, 4).lineWidth(0.8).strokeColor(RULE).stroke();
  font(false, 7.5, MUTED).text(isCredit || quote ? 'CLIENT' : 'FACTURÉ À', rightX + 8, y + 6, { width: rightW - 16 });
  font(true, 10).text(buyer.name, rightX + 8, y + 17, { width: rightW - 16 });
  font(false, 9);
  let by = doc.y;
  for (const l of buyerLines) {
    doc.text(l, rightX + 8, by, { width: rightW - 16 });
    by = doc.y;
  }
  let dy = y;
  if (!quote) {
    font(false, 9, MUTED).text(`Opération : ${operationNature(invoice)}`, left, y + 6, { width: rightX - left - 10 });
    dy = doc.y;
  }
  // where the goods went, when not at the billing address (a mention the e-invoicing reform makes mandatory)
  const delivery = deliveryAddressOf(invoice);
  if (delivery) {
    font(false, 7.5, MUTED).text('ADRESSE DE LIVRAISON', left, dy + 8, { width: rightX - left - 10 });
    font(false, 9);
    dy = doc.y + 1;
    for (const l of addressLines(delivery)) {
      doc.text(l, left, dy, { width: rightX - left - 10 });
      dy = doc.y;
    }
  }
  y = Math.max(y + boxH, by + 8, dy + 8) + 16;

  // ---- lines, net of excise duties; the duties as their own line per VAT rate
  const cols: Column[] = [
    { title: 'Désignation', width: width * 0.41, align: 'left' },
    { title: 'Qté', width: width * 0.08, align: 'right' },
    { title: 'P.U. HT', width: width * 0.13, align: 'right' },
    { title: 'Remise', width: width * 0.11, align: 'right' },
    { title: 'TVA', width: width * 0.09, align: 'right' },
    { title: 'Total HT', width: width * 0.18, align: 'right' },
  ];
  const colX = cols.map((_, i) => left + cols.slice(0, i).reduce((n, c) => n + c.width, 0));
  const pad = 4;
  const tableHeader = () => {
    font(true, 8.5, '#ffffff');
    const h = 18;
    doc.rect(left, y, width, h).fill(accent);
    font(true, 8.5, '#ffffff');
    cols.forEach((c, i) => doc.text(c.title, colX[i] + pad, y + 5, { width: c.width - 2 * pad, align: c.align, lineBreak: false }));
    y += h;
  };
  const row = (label: string, details: string | null, cells: string[]) => {
    const w0 = cols[0].width - 2 * pad;
    font(true, 9);
    let h = doc.heightOfString(label, { width: w0 });
    font(false, 7.5);
    if (details) h += doc.heightOfString(details, { width: w0 }) + 1;
    font(false, 9);
    for (let i = 1; i < cols.length; i++) h = Math.max(h, doc.heightOfString(cells[i - 1] || ' ', { width: cols[i].width - 2 * pad }));
    h += 2 * pad;
    if (ensureSpace(h)) tableHeader();
    font(true, 9).text(label, colX[0] + pad, y + pad, { width: w0 });
    if (details) font(false, 7.5, MUTED).text(details, colX[0] + pad, doc.y + 1, { width: w0 });
    font(false, 9);
    cells.forEach((c, i) => c && doc.text(c, colX[i + 1] + pad, y + pad, { width: cols[i + 1].width - 2 * pad, align: cols[i + 1].align }));
    y += h;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  ensureSpace(60);
  tableHeader();
  for (const l of invoice.lines) {
    const priced = linePricing(l);
    row(l.label, lineDetails(l), [
      String(priced.quantity),
      microsToFrench(priced.priceMicros),
      l.discountHT ? money(l.discountHT) : '',
      rateToFrench(l.vatRate),
      money(l.totalHT - l.duties),
    ]);
  }
  const dutiesByRate = new Map<number, number>();
  for (const l of invoice.lines) if (l.duties) dutiesByRate.set(l.vatRate, (dutiesByRate.get(l.vatRate) ?? 0) + l.duties);
  for (const [rate, duties] of dutiesByRate) {
    row('Droits d’accises', 'Sur les boissons alcoolisées ci-dessus', ['', '', '', rateToFrench(rate), money(duties)]);
  }
  const dutiesTotal = [...dutiesByRate.values()].reduce((a, b) => a + b, 0);
  y += 12;

  // ---- VAT per rate (left) and totals (right)
  const totals: [string, string, boolean][] = [
    ['Total HT', money(invoice.totalHT), false],
    ['Total TVA', money(invoice.totalVAT), false],
    // a quote ends on its TTC in the box below; an invoice shows it before the deposits deducted and the net to pay
    ...(quote ? [] : ([['Total TTC', money(invoice.totalTTC), true]] as [string, string, boolean][])),
    ...invoice.depositsDeducted.map((d): [string, string, boolean] => [`Acompte ${d.number} déduit`, minus(d.totalTTC), false]),
  ];
  const totX = left + width * 0.55;
  const totW = width * 0.45;
  const labelW = totW * 0.64;
  const totalRowHeight = ([label, value, bold]: [string, string, boolean]) => {
    font(bold, 9.5);
    return Math.max(doc.heightOfString(label, { width: labelW }), doc.heightOfString(value, { width: totW - labelW })) + 5;
  };
  const vatRows = invoice.vat.map((v) => [rateToFrench(v.rate), money(v.baseHT), money(v.vat)]);
  const vatNotes = [mentions.exemption?.text, mentions.touristTax, mentions.vatOnDebits].filter((t): t is string => !!t);
  const blockH = Math.max(
    16 * (vatRows.length + 1) + 28 * vatNotes.length + (dutiesTotal ? 14 : 0),
    totals.reduce((h, t) => h + totalRowHeight(t), 0) + 30,
  );
  ensureSpace(blockH);
  const vatW = width * 0.48;
  const vatCols = [vatW * 0.28, vatW * 0.36, vatW * 0.36];
  const vatX = vatCols.map((_, i) => left + vatCols.slice(0, i).reduce((n, c) => n + c, 0));
  let vy = y;
  doc.rect(left, vy, vatW, 16).fill('#f2f2f2');
  font(true, 8, MUTED);
  ['Taux de TVA', 'Base HT', 'Montant TVA'].forEach((t, i) =>
    doc.text(t, vatX[i] + pad, vy + 4, { width: vatCols[i] - 2 * pad, align: i ? 'right' : 'left' }),
  );
  vy += 16;
  font(false, 8.5);
  for (const r of vatRows) {
    r.forEach((t, i) => doc.text(t, vatX[i] + pad, vy + 4, { width: vatCols[i] - 2 * pad, align: i ? 'right' : 'left' }));
    vy += 16;
  }
  if (dutiesTotal) {
    font(false, 7.5, MUTED).text(`dont droits d’accises : ${money(dutiesTotal)}`, left + pad, vy + 2, { width: vatW });
    vy = doc.y + 2;
  }
  // the exemption ground, why the tourist tax has no VAT, the option for VAT on debits
  for (const t of vatNotes) {
    font(true, 8.5).text(t, left + pad, vy + 4, { width: vatW - pad });
    vy = doc.y;
  }

  let ty = y;
  for (const t of totals) {
    const h = totalRowHeight(t);
    const [label, value, bold] = t;
    font(bold, 9.5);
    doc.text(label, totX, ty + 3, { width: labelW });
    doc.text(value, totX + labelW, ty + 3, { width: totW - labelW, align: 'right' });
    ty += h;
  }
  doc.rect(totX, ty + 2, totW, 22).fill(accent);
  font(true, 11, '#ffffff');
  doc.text(quote ? 'Total TTC' : isCredit ? 'Montant de l’avoir' : 'Net à payer', totX + 6, ty + 8, { width: totW * 0.55 });
  doc.text(money(duePayableCents(invoice)), totX + totW * 0.5, ty + 8, { width: totW * 0.5 - 6, align: 'right' });
  ty += 26;
  y = Math.max(vy, ty) + 18;

  // ---- payment (or why the credit note), kept together on one page; then the legal mentions
  type Para = [string, { bold?: boolean; size?: number; color?: string; gap?: number }];
  type MaybePara = [string | null | undefined | false, Para[1]];
  const bank = invoice.bank;
  const block = (
    (quote
      ? [
          [quote.notes, { size: 9 }],
          [invoice.paymentTerms.trim() && `Conditions de paiement : ${invoice.paymentTerms.trim()}`, { size: 9 }],
          [quote.validUntil && `Devis valable jusqu’au ${toFrenchDate(quote.validUntil)}.`, { bold: true, size: 9 }],
        ]
      : isCredit
        ? [
            [mentions.reason, { size: 9 }],
            [invoice.paymentTerms.trim(), { size: 9 }],
          ]
        : [
            [mentions.reason, { size: 9 }],
            [invoice.paymentTerms.trim() && `Conditions de paiement : ${invoice.paymentTerms.trim()}`, { size: 9 }],
            [invoice.dueDate && `Date d’échéance : ${toFrenchDate(invoice.dueDate)}`, { bold: true, size: 9 }],
            [
              bank &&
                `Règlement par virement – ${bank.label} – IBAN ${groupIban(bank.iban)} – BIC ${bank.bic.replace(/\s/g, '').toUpperCase()}`,
              { size: 9 },
            ],
          ]) as MaybePara[]
  ).filter((p): p is Para => !!p[0]);
  const blockHeight = block.reduce((h, [t, o]) => {
    font(!!o.bold, o.size ?? 8);
    return h + doc.heightOfString(t, { width }) + 3;
  }, 0);
  ensureSpace(Math.min(blockHeight, bottom() - MARGIN));
  for (const [t, o] of block) paragraph(t, o);
  if (block.length) y += 7;
  if (quote) {
    // left: the link to accept online (a QR code for the printed copy, the text clickable on screen);
    // right: the client's written agreement on the paper copy
    const boxH = 80;
    ensureSpace(boxH + 10);
    if (qr && quote.acceptUrl) {
      doc.image(qr, left, y, { fit: [boxH, boxH] });
      const tx = left + boxH + 10;
      const tw = width * 0.5 - boxH - 20;
      font(true, 9, accent).text('Accepter ce devis en ligne', tx, y + 8, { width: tw, link: quote.acceptUrl, underline: true });
      font(false, 8, MUTED).text('Scannez le code ou cliquez sur le lien : vous pourrez l’accepter ou le refuser.', tx, doc.y + 3, {
        width: tw,
      });
    }
    const bx = left + width * 0.5;
    doc
      .roundedRect(bx, y, width * 0.5, boxH, 4)
      .lineWidth(0.8)
      .strokeColor(RULE)
      .stroke();
    font(true, 9).text('Bon pour accord', bx + 8, y + 6, { width: width * 0.5 - 16 });
    font(false, 8, MUTED).text('Date, nom, signature et cachet du client', bx + 8, doc.y + 2, { width: width * 0.5 - 16 });
    y += boxH + 10;
  }
  for (const m of [mentions.latePenalty, mentions.recoveryIndemnity, mentions.earlyPaymentDiscount, ...mentions.extra]) {
    if (m) paragraph(m, { size: 8, color: MUTED });
  }
  if (invoice.style?.footer?.trim()) paragraph(invoice.style.footer.trim(), { size: 8, color: MUTED });

  // ---- on every page: the seller's legal identity and "Page i/n"
  const seller = invoice.seller;
  // no line break inside 'SIRET 123…' and the like (no-break spaces)
  const registrations = sellerRegistrations(seller).map((r) => (r.length <= 32 ? r.replace(/ /g, '\u00a0') : r));
  const legal = [seller.name, addressLines(seller.address).join(', '), ...registrations].filter(Boolean).join(' – ');
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0; // writing in the footer area must not open a page
    const fy = doc.page.height - MARGIN - FOOTER_HEIGHT + 14;
    doc
      .moveTo(left, fy - 6)
      .lineTo(left + width, fy - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    font(false, 7, MUTED).text(legal, left, fy, { width: width - 95 });
    font(false, 7.5, MUTED).text(`${invoice.number}\nPage ${i - range.start + 1}/${range.count}`, left + width - 85, fy, {
      width: 85,
      align: 'right',
    });
    doc.page.margins.bottom = MARGIN + FOOTER_HEIGHT;
  }

  doc.end();
  return done;
}
