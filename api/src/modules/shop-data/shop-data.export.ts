// The export of a whole shop: one zip written page by page to a file (never the whole shop in memory):
//   products.csv, clients.csv, stock.csv — the default import format: imported again as they are (into this shop or
//     another one: products, then clients, then stock);
//   orders.csv (one row per order line), invoices.csv and factures/<number>.pdf (the Factur-X PDF of each issued
//     document, made by the sales module), stock_movements.csv, accounting_entries.csv (one row per entry line).
// CSV: ';', UTF-8 with BOM, decimal commas, amounts in euros.
// Not in the files (so not imported back): product visuals, nutrition, promotions, price tiers and hidden prices, box
// contents; a client's contacts, custom fields and addresses beyond the main delivery and billing ones; a warehouse's
// address and duty status.
// The sheets are written by shop-data.export-catalog.ts, -sales.ts and -ledgers.ts, into the zip of shop-data.export-zip.ts.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { shops } from '../../platform/db/tables';
import { clientsCsv, productsCsv, stockCsv } from './shop-data.export-catalog';
import { accountingCsv, movementsCsv } from './shop-data.export-ledgers';
import { invoicesCsv, ordersCsv } from './shop-data.export-sales';
import { zipWriter, type ExportDeps } from './shop-data.export-zip';
import { importContext } from './shop-data.context';

export type { ExportDeps };

/** Writes the shop's zip at `file` (atomically: a temporary file renamed once complete). */
export async function writeShopExport(deps: ExportDeps, shopId: number, file: string): Promise<void> {
  const { db } = deps;
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new Error(`shop ${shopId} not found`);
  const ctx = importContext(shop, null);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  const zip = zipWriter(tmp);
  try {
    await productsCsv(
      db,
      shopId,
      ctx.typologies.map((t) => t.id),
      zip,
    );
    await clientsCsv(db, shopId, zip);
    await stockCsv(db, shopId, zip);
    await ordersCsv(db, shopId, zip, ctx.paymentCodeOf);
    await invoicesCsv(deps, shopId, zip);
    await movementsCsv(db, shopId, zip);
    await accountingCsv(deps, shop, zip);
    await zip.end();
    await fs.promises.rename(tmp, file);
  } catch (err) {
    zip.abort();
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
}
