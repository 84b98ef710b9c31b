/**
 * The shop's billing settings (legal identity, numbering prefixes, payment terms, bank accounts) and the look of its
 * PDFs, kept in one row per shop: the look under its own `documents` section, so that each is saved without the other.
 */
import type { BillingSettings, DocumentsSettings } from 'shared-kernel/contracts';
import { SALES_MESSAGES as M } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import type { InvoiceDocument } from './documents';
import { parisDate } from './sales.invoicing';
import type { BillingValues, SalesContext } from './sales.model';
import * as repo from './sales.repository';

export async function billingOf(dbx: DbOrTx, shopId: number): Promise<BillingSettings | null> {
  const data = await repo.billingData(dbx, shopId);
  return data?.companyName ? data : null; // a row holding only the look of the documents: not set
}

/** The look of the shop's PDFs (empty when never set). */
export async function documentsOf(dbx: DbOrTx, shopId: number): Promise<DocumentsSettings> {
  const d = await repo.documentsData(dbx, shopId);
  return { color: d?.color ?? null, logo: d?.logo ?? null, footer: d?.footer ?? null };
}

/** What the PDF renderer takes from the look: the logo as bytes. */
export async function styleOf(dbx: DbOrTx, shopId: number): Promise<NonNullable<InvoiceDocument['style']>> {
  const d = await documentsOf(dbx, shopId);
  return { color: d.color, footer: d.footer, logo: d.logo ? Buffer.from(d.logo.slice(d.logo.indexOf(',') + 1), 'base64') : null };
}

export async function putDocuments(ctx: SalesContext, shopId: number, body: DocumentsSettings) {
  if (body.logo && Buffer.byteLength(body.logo.slice(body.logo.indexOf(',') + 1), 'base64') > 1_000_000)
    throw new HttpError(400, M.logoSize, 'logo');
  // kept beside the billing settings of the shop (a row with only the look until the billing identity is entered)
  if (!(await repo.updateDocuments(ctx.db, shopId, body))) await repo.insertDocuments(ctx.db, shopId, body);
  return { ...body, message: M.documentsSaved };
}

/** The billing settings a document is issued with: 400 while the identity printed on it is incomplete. */
export async function requireBilling(dbx: DbOrTx, shopId: number): Promise<BillingSettings> {
  const b = await billingOf(dbx, shopId);
  if (!b || !b.companyName || !b.siret || !b.address?.street) throw new HttpError(400, M.billingIncomplete, 'billing');
  return b;
}

/**
 * Each series keeps a prefix of its own. Invoices (with deposits), credit notes and quotes have their own counters,
 * so two series under one prefix would number two documents alike: the database refuses the second invoice or
 * credit note (the document cannot be issued), and a quote would read like an invoice. The same holds for a prefix
 * another series already carries in this year's numbers (numbers hold the year, so last year's do not meet).
 */
async function checkPrefixes(ctx: SalesContext, shopId: number, body: BillingValues): Promise<void> {
  const of: Record<string, string> = { invoice: 'des factures', credit: 'des avoirs', quote: 'des devis' };
  const series = [
    { kind: 'invoice', field: 'invoicePrefix', prefix: body.invoicePrefix.toUpperCase() },
    { kind: 'credit', field: 'creditPrefix', prefix: body.creditPrefix.toUpperCase() },
    { kind: 'quote', field: 'quotePrefix', prefix: body.quotePrefix.toUpperCase() },
  ];
  series.forEach((s, i) => {
    const first = series.slice(0, i).find((o) => o.prefix === s.prefix);
    if (first) throw new HttpError(400, M.prefixTaken(of[first.kind]), s.field);
  });
  const year = parisDate(ctx.clock()).slice(0, 4);
  const used = await repo.prefixesInUse(ctx.db, shopId, year);
  for (const s of series) {
    const other = used.find((u) => u.prefix === s.prefix && u.kind !== s.kind);
    if (other) throw new HttpError(400, M.prefixTaken(of[other.kind], year), s.field);
  }
}

export async function putBilling(ctx: SalesContext, shopId: number, body: BillingValues) {
  await checkPrefixes(ctx, shopId, body);
  // one default account: the first one marked as such, else the first one
  const first = Math.max(
    0,
    body.banks.findIndex((b) => b.isDefault),
  );
  const banks = body.banks.map((b, i) => ({ ...b, isDefault: i === first }));
  const data = { ...body, banks } as BillingSettings;
  // the look of the documents is kept (its own section)
  await repo.upsertBilling(ctx.db, shopId, data);
  return { ...data, message: M.settingsSaved };
}
