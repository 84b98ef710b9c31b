// stock_movements.csv and accounting_entries.csv (one row per entry line) of the shop export: the history of the
// stock and the books, exported to be read, not imported back.
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users, type shops } from '../../platform/db/tables';
import { accountingEntries, accountingEntryLines, createAccountingService } from '../accounting';
import { productFormats, products, productVintages } from '../catalog';
import { formatLabel, stockMovements, warehouses } from '../stock';
import { PAGE, date, euros, pages, type Cell, type ExportDeps, type ZipOut } from './shop-data.export-zip';

const MOVEMENT_HEADERS = [
  'Date',
  'Entrepôt',
  'Produit',
  'Format',
  'Type',
  'Quantité',
  'Motif',
  'Document',
  'Id document',
  'Coût unitaire HT',
  'Utilisateur',
  'Id format',
];
export async function movementsCsv(db: Db, shopId: number, zip: ZipOut) {
  await zip.csv('stock_movements.csv', MOVEMENT_HEADERS, (write) =>
    pages(
      (after) =>
        db
          .select({
            id: stockMovements.id,
            occurredAt: stockMovements.occurredAt,
            warehouse: warehouses.name,
            productName: products.name,
            vintageName: productVintages.name,
            unity: productFormats.unity,
            unityValue: productFormats.unityValue,
            nameInShop: productFormats.nameInShop,
            kind: stockMovements.kind,
            quantity: stockMovements.quantity,
            reason: stockMovements.reason,
            documentType: stockMovements.documentType,
            documentId: stockMovements.documentId,
            unitCostCents: stockMovements.unitCostCents,
            user: users.username,
            formatId: stockMovements.formatId,
          })
          .from(stockMovements)
          .innerJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
          .innerJoin(productFormats, eq(productFormats.id, stockMovements.formatId))
          .innerJoin(products, eq(products.id, stockMovements.productId))
          .leftJoin(productVintages, eq(productVintages.id, stockMovements.vintageId))
          .leftJoin(users, eq(users.id, stockMovements.userId))
          .where(and(eq(stockMovements.shopId, shopId), gt(stockMovements.id, after)))
          .orderBy(asc(stockMovements.id))
          .limit(PAGE),
      (ms) =>
        write(
          ms.map((m) => [
            date(m.occurredAt),
            m.warehouse,
            m.productName,
            formatLabel({
              productName: '',
              vintageName: m.vintageName,
              unity: m.unity,
              unityValue: m.unityValue,
              nameInShop: m.nameInShop,
            }).replace(/^ – /, ''),
            m.kind,
            m.quantity,
            m.reason,
            m.documentType,
            m.documentId,
            euros(m.unitCostCents),
            m.user,
            m.formatId,
          ]),
        ),
    ),
  );
}

const ENTRY_HEADERS = [
  'Journal',
  'Exercice',
  'N° écriture',
  'Date',
  'Pièce',
  'Date de pièce',
  'Libellé de l’écriture',
  'Compte',
  'Compte auxiliaire',
  'Libellé auxiliaire',
  'Libellé de la ligne',
  'Débit',
  'Crédit',
  'Lettrage',
  'Date de lettrage',
  'Date de validation',
];
export async function accountingCsv(deps: ExportDeps, shop: typeof shops.$inferSelect, zip: ZipOut) {
  const { db } = deps;
  // what waits to be posted is posted first, as every accounting read does (only when the shop uses the module)
  if ((shop.integration as Record<string, { active?: boolean }> | null)?.accounting?.active === true) {
    try {
      await createAccountingService({ db }).sync(shop.id);
    } catch (err) {
      deps.logger?.warn({ err, shopId: shop.id }, 'shop export: accounting entries could not be posted first');
    }
  }
  await zip.csv('accounting_entries.csv', ENTRY_HEADERS, (write) =>
    pages(
      (after) =>
        db
          .select()
          .from(accountingEntries)
          .where(and(eq(accountingEntries.shopId, shop.id), gt(accountingEntries.id, after)))
          .orderBy(asc(accountingEntries.id))
          .limit(PAGE),
      async (es) => {
        const lines = await db
          .select()
          .from(accountingEntryLines)
          .where(
            inArray(
              accountingEntryLines.entryId,
              es.map((e) => e.id),
            ),
          )
          .orderBy(asc(accountingEntryLines.entryId), asc(accountingEntryLines.position));
        const rows: Cell[][] = [];
        for (const e of es)
          for (const l of lines.filter((x) => x.entryId === e.id))
            rows.push([
              e.journal,
              e.fiscalYear,
              e.num,
              e.date,
              e.pieceRef,
              e.pieceDate,
              e.label,
              l.account,
              l.auxiliary,
              l.auxiliaryLabel,
              l.label,
              euros(l.debit),
              euros(l.credit),
              e.lettering,
              e.letteringDate,
              e.validDate,
            ]);
        await write(rows);
      },
    ),
  );
}
