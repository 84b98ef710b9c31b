import {
  TARIFF_FIXED_COLUMNS,
  TARIFF_MESSAGES,
  type ProductDefaults,
  type TariffChange,
  type TariffChanges,
  type TariffFilter,
  type TariffGrid,
  type TariffImportBody,
  type TariffImportResult,
  type TariffIncreaseBody,
  type TariffPricesBody,
  type TariffRow,
  type TariffTypology,
  type TariffTypologyInput,
  type TariffTypologyUsage,
} from 'shared-kernel/contracts';
import type { Db, DbOrTx } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { byLine, planImport, applyImport } from '../../platform/imports';
import { applyPercent, centsToPlain, formatLabel, productDefaultsOf, typeLabel, typologiesOf, typologyKey } from './tariffs.domain';
import { priceListPdf, readSheet, toCsv, toXlsx, type Sheet } from './tariffs.files';
import { changeOf, netPrices, priceKey, priceMap, tariffError, tariffsImport, type PriceItem } from './tariffs.import';
import {
  allFormatLines,
  findShop,
  findShopForUpdate,
  gridFacets,
  listFormatLines,
  memberTypologyByName,
  pricesOf,
  saveSettings,
  saveTypologies,
  shopFormatIds,
  typologyUsage,
  upsertPrices,
  type FormatLine,
  type GridQuery,
} from './tariffs.repository';

const columnOf = (t: TariffTypology) => `${t.name} (${t.ttc ? 'TTC' : 'HT'})`;
const norm = (s: string) => s.trim().toLowerCase();

/** Tariffs: the shop's typologies and product defaults, its price grid (format_prices), files and price lists. */
export function createTariffsService(deps: { db: Db }) {
  const { db } = deps;

  async function shopTypologies(dbx: DbOrTx, shopId: number): Promise<TariffTypology[]> {
    return typologiesOf((await findShop(dbx, shopId)).typologies);
  }

  function checkTypologies(known: TariffTypology[], keys: string[], field: (i: number) => string): void {
    const ids = new Set(known.map((t) => t.id));
    keys.forEach((k, i) => {
      if (!ids.has(k)) throw new HttpError(400, TARIFF_MESSAGES.typologyUnknown, field(i));
    });
  }

  /** Every id must be a format of the shop: another shop's format is not found (never changed). */
  async function checkFormats(dbx: DbOrTx, shopId: number, ids: number[], field: (i: number) => string): Promise<void> {
    const mine = await shopFormatIds(dbx, shopId, [...new Set(ids)]);
    ids.forEach((id, i) => {
      if (!mine.has(id)) throw new HttpError(404, TARIFF_MESSAGES.formatUnknown, field(i));
    });
  }

  async function linesOf(shopId: number, selection: { formatIds?: number[]; filter?: TariffFilter }): Promise<FormatLine[]> {
    if (selection.formatIds) {
      await checkFormats(db, shopId, selection.formatIds, (i) => `formatIds.${i}`);
      return allFormatLines(db, shopId, selection.filter ?? {}, selection.formatIds);
    }
    return allFormatLines(db, shopId, selection.filter ?? {});
  }

  // ---------------------------------------------------------------- the file reading shared by preview and apply

  async function parseImport(shopId: number, body: TariffImportBody) {
    const sheet = await readSheet(body.filename, body.content);
    const ctx = { shopId, typologies: await shopTypologies(db, shopId) };
    const read = tariffsImport.read(sheet, ctx);
    const plan = await planImport(db, tariffsImport, ctx, read);
    const wanted = netPrices(plan.decisions.flatMap((d) => d.preview));
    // the header's errors first, then the rows' in the order of the file
    const errors = byLine([...read.errors, ...plan.decisions.flatMap((d) => (d.action === 'error' ? d.errors : []))]).map(tariffError);
    const result: TariffImportResult = { changes: wanted.map((w) => w.change), errors, lines: read.lines, applied: false };
    return { result, ctx, units: read.units, items: wanted.map((w): PriceItem => w.item) };
  }

  async function gridSheet(shopId: number, filter: TariffFilter) {
    const shop = await findShop(db, shopId);
    const typologies = typologiesOf(shop.typologies);
    const lines = await allFormatLines(db, shopId, filter);
    const prices = priceMap(
      await pricesOf(
        db,
        shopId,
        lines.map((l) => l.formatId),
      ),
    );
    const header = [...TARIFF_FIXED_COLUMNS, ...typologies.map(columnOf)];
    const cells = (money: (cents: number) => string | number): Sheet =>
      lines.map((l) => [
        l.formatId,
        l.productName,
        l.vintage,
        formatLabel(l),
        l.gamme,
        typeLabel(l.type),
        ...typologies.map((t) => {
          const p = prices.get(priceKey(l.formatId, t.id));
          return p ? money(p.priceCents) : null;
        }),
      ]);
    return { shop, typologies, header, cells };
  }

  return {
    // -------------------------------------------------------------- typologies
    async listTypologies(shopId: number): Promise<TariffTypologyUsage[]> {
      const typologies = await shopTypologies(db, shopId);
      const usage = await typologyUsage(
        db,
        shopId,
        typologies.flatMap((t) => [t.id, t.name]),
      );
      return typologies.map((t) => {
        const byId = usage.get(t.id)!;
        const byName = t.name !== t.id ? usage.get(t.name)! : { members: 0, prices: 0 };
        return { ...t, clients: byId.members + byName.members, prices: byId.prices };
      });
    },

    async createTypology(shopId: number, input: TariffTypologyInput) {
      return db.transaction(async (tx) => {
        const shop = await findShopForUpdate(tx, shopId);
        const list = typologiesOf(shop.typologies);
        if (list.some((t) => norm(t.name) === norm(input.name))) throw new HttpError(409, TARIFF_MESSAGES.typologyNameTaken, 'name');
        const created: TariffTypology = { id: typologyKey(input.name, new Set(list.map((t) => t.id))), ...input };
        await saveTypologies(tx, shopId, [...list, created]);
        return { ...created, message: TARIFF_MESSAGES.typologyCreated };
      });
    },

    async updateTypology(shopId: number, key: string, input: TariffTypologyInput) {
      return db.transaction(async (tx) => {
        const shop = await findShopForUpdate(tx, shopId);
        const list = typologiesOf(shop.typologies);
        const current = list.find((t) => t.id === key);
        if (!current) throw new HttpError(404, TARIFF_MESSAGES.typologyNotFound);
        if (list.some((t) => t.id !== key && norm(t.name) === norm(input.name)))
          throw new HttpError(409, TARIFF_MESSAGES.typologyNameTaken, 'name');
        const next = list.map((t) => (t.id === key ? { ...t, ...input } : t));
        if (!next.some((t) => t.public)) throw new HttpError(400, TARIFF_MESSAGES.typologyLastPublic, 'public');
        // a client attached by the typology's name stays on it after a rename (the id never changes)
        if (current.name !== input.name && current.name !== key) await memberTypologyByName(tx, shopId, current.name, key);
        await saveTypologies(tx, shopId, next);
        return { ...next.find((t) => t.id === key)!, message: TARIFF_MESSAGES.typologyUpdated };
      });
    },

    async removeTypology(shopId: number, key: string) {
      return db.transaction(async (tx) => {
        const shop = await findShopForUpdate(tx, shopId);
        const list = typologiesOf(shop.typologies);
        const current = list.find((t) => t.id === key);
        if (!current) throw new HttpError(404, TARIFF_MESSAGES.typologyNotFound);
        const usage = await typologyUsage(tx, shopId, [...new Set([current.id, current.name])]);
        const members = [...usage.values()].reduce((n, u) => n + u.members, 0);
        const prices = usage.get(current.id)!.prices;
        if (members || prices) throw new HttpError(409, TARIFF_MESSAGES.typologyInUse(members, prices));
        const next = list.filter((t) => t.id !== key);
        if (!next.some((t) => t.public)) throw new HttpError(409, TARIFF_MESSAGES.typologyLastPublic);
        await saveTypologies(tx, shopId, next);
        return { success: true as const, message: TARIFF_MESSAGES.typologyDeleted };
      });
    },

    // -------------------------------------------------------------- product defaults
    async getDefaults(shopId: number): Promise<ProductDefaults> {
      const shop = await findShop(db, shopId);
      return productDefaultsOf(shop.settings, typologiesOf(shop.typologies));
    },

    async saveDefaults(shopId: number, body: ProductDefaults) {
      return db.transaction(async (tx) => {
        const shop = await findShopForUpdate(tx, shopId);
        const typologies = typologiesOf(shop.typologies);
        checkTypologies(typologies, body.visibleTypologies, (i) => `visibleTypologies.${i}`);
        const { titleProducts, allRulesInEq75, ...productDefaults } = body;
        const settings = { ...shop.settings, titleProducts, allRulesInEq75, productDefaults };
        await saveSettings(tx, shopId, settings);
        return { ...productDefaultsOf(settings, typologies), message: TARIFF_MESSAGES.defaultsSaved };
      });
    },

    // -------------------------------------------------------------- the grid
    async grid(shopId: number, q: GridQuery): Promise<TariffGrid> {
      const [shop, page, facets] = await Promise.all([findShop(db, shopId), listFormatLines(db, shopId, q), gridFacets(db, shopId)]);
      const typologies = typologiesOf(shop.typologies);
      const prices = priceMap(
        await pricesOf(
          db,
          shopId,
          page.rows.map((r) => r.formatId),
        ),
      );
      const items: TariffRow[] = page.rows.map((l) => ({
        formatId: l.formatId,
        productId: l.productId,
        productName: l.productName,
        productType: l.productType,
        type: l.type,
        gamme: l.gamme,
        vintage: l.vintage,
        formatLabel: formatLabel(l),
        prices: Object.fromEntries(
          typologies.map((t) => {
            const p = prices.get(priceKey(l.formatId, t.id));
            return [t.id, p ? { priceCents: p.priceCents, visible: p.visible } : null];
          }),
        ),
      }));
      return { items, total: page.total, page: q.page, pageSize: q.pageSize, typologies, facets };
    },

    /** One transaction: every price or none. What the public shop, the cart and the price engine read (format_prices). */
    async savePrices(shopId: number, body: TariffPricesBody) {
      return db.transaction(async (tx) => {
        checkTypologies(
          await shopTypologies(tx, shopId),
          body.prices.map((p) => p.typology),
          (i) => `prices.${i}.typology`,
        );
        await checkFormats(
          tx,
          shopId,
          body.prices.map((p) => p.formatId),
          (i) => `prices.${i}.formatId`,
        );
        await upsertPrices(tx, shopId, body.prices);
        return { success: true as const, updated: body.prices.length, message: TARIFF_MESSAGES.pricesSaved(body.prices.length) };
      });
    },

    /** A percentage on the chosen typologies of the selected (or filtered) formats, rounded to the cent; preview or apply. */
    async increase(shopId: number, body: TariffIncreaseBody): Promise<TariffChanges> {
      if (!body.formatIds && !body.filter) throw new HttpError(400, TARIFF_MESSAGES.noSelection, 'formatIds');
      checkTypologies(await shopTypologies(db, shopId), body.typologies, (i) => `typologies.${i}`);
      const lines = await linesOf(shopId, body);
      const prices = priceMap(
        await pricesOf(
          db,
          shopId,
          lines.map((l) => l.formatId),
        ),
      );
      const changes: TariffChange[] = [];
      for (const line of lines) {
        for (const typology of body.typologies) {
          const old = prices.get(priceKey(line.formatId, typology));
          if (!old) continue; // no price for this typology: nothing to increase
          const next = applyPercent(old.priceCents, body.percent);
          if (next !== old.priceCents) changes.push(changeOf(line, typology, old.priceCents, next));
        }
      }
      if (body.preview) return { changes, applied: false };
      if (changes.length) {
        await db.transaction((tx) =>
          upsertPrices(
            tx,
            shopId,
            changes.map((c) => ({ formatId: c.formatId, typology: c.typology, priceCents: c.newCents })),
          ),
        );
      }
      return {
        changes,
        applied: true,
        message: changes.length ? TARIFF_MESSAGES.pricesSaved(changes.length) : TARIFF_MESSAGES.importNothing,
      };
    },

    // -------------------------------------------------------------- files
    async exportFile(shopId: number, format: 'csv' | 'xlsx', filter: TariffFilter) {
      const { shop, header, cells, typologies } = await gridSheet(shopId, filter);
      const stamp = new Date().toISOString().slice(0, 10);
      const base = `tarifs-${shop.urlShop}-${stamp}`;
      if (format === 'csv') {
        return {
          filename: `${base}.csv`,
          contentType: 'text/csv; charset=utf-8',
          bytes: Buffer.from(toCsv(header, cells(centsToPlain)), 'utf8'),
        };
      }
      const money = typologies.map((_t, i) => TARIFF_FIXED_COLUMNS.length + i);
      return {
        filename: `${base}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        bytes: await toXlsx(
          header,
          cells((c) => c / 100),
          'Tarifs',
          money,
        ),
      };
    },

    async importPreview(shopId: number, body: TariffImportBody): Promise<TariffImportResult> {
      return (await parseImport(shopId, body)).result;
    },

    /** Applies a file in one transaction; refused (nothing saved) while it has errors. */
    async importApply(shopId: number, body: TariffImportBody): Promise<TariffImportResult> {
      const { result, ctx, units, items } = await parseImport(shopId, body);
      if (result.errors.length) return result;
      if (items.length) await db.transaction((tx) => applyImport(tx, tariffsImport, ctx, units));
      return {
        ...result,
        applied: true,
        message: items.length ? TARIFF_MESSAGES.importApplied(items.length) : TARIFF_MESSAGES.importNothing,
      };
    },

    async priceList(shopId: number, typologyId: string, opts: { compress?: boolean; date?: Date } = {}) {
      const shop = await findShop(db, shopId);
      const typology = typologiesOf(shop.typologies).find((t) => t.id === typologyId || t.name === typologyId);
      if (!typology) throw new HttpError(400, TARIFF_MESSAGES.typologyUnknown, 'typology');
      const lines = await allFormatLines(db, shopId);
      const prices = priceMap(
        await pricesOf(
          db,
          shopId,
          lines.map((l) => l.formatId),
        ),
      );
      const rows = lines.flatMap((l) => {
        const p = prices.get(priceKey(l.formatId, typology.id));
        if (!p || !p.visible) return []; // a hidden price is not sent to professionals
        const group = [l.gamme, typeLabel(l.type)].filter(Boolean).join(' — ');
        return [{ group, productName: l.productName, vintage: l.vintage, formatLabel: formatLabel(l), priceCents: p.priceCents }];
      });
      const bytes = await priceListPdf(
        {
          shopName: shop.name,
          typologyName: typology.name,
          ttc: typology.ttc,
          date: opts.date ?? new Date(),
          lines: rows,
          contactEmail: shop.contactEmail,
        },
        { compress: opts.compress },
      );
      return { bytes, filename: `tarifs-${shop.urlShop}-${typology.id}.pdf` };
    },
  };
}
