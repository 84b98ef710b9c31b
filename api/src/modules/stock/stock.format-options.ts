// The articles an order line is picked from (GET /stock/format-options): the formats of a shop's catalogue, each with
// the vintages its line may be taken in and, when the form names its client, the unit price HT at that client's
// typology (the cart engine's base price: the same typology, HT conversion and rounding, before tiers and promotions).
// Sales agents read the articles of the producers they represent, priced for their own clients only (§1, §6).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FormatOption } from 'shared-kernel/contracts';
import { toCents, ttcToHt, vatRateOf, type VatType } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import { shops, type ShopMemberRow } from '../../platform/db/tables';
import { HttpError } from '../../platform/errors';
import { formatPrices, productVintages, typologyFor } from '../catalog';
import { STOCK_MESSAGES as M } from './stock.messages';
import * as repo from './stock.repository';

export interface FormatOptionsQuery {
  q?: string;
  formatId?: number;
  clientId?: number;
}

interface ClientTypology {
  typology: string | null;
  kind: string;
}

/**
 * The client an option list is priced for: a live client file of the shop, and for an agent one they follow (anything
 * else is not found, as the order form's own client check). The client files are read by name: the clients module
 * imports the orders module, which imports this one, so importing it back would be an import cycle.
 */
async function clientOf(db: DbOrTx, member: ShopMemberRow, clientId: number): Promise<ClientTypology> {
  const res = (await db.execute(
    sql`select typology, kind, agent_user_id as "agentUserId", status from crm_clients where id = ${clientId} and shop_id = ${member.shopId}`,
  )) as unknown as { rows: Array<ClientTypology & { agentUserId: number | null; status: string }> };
  const c = res.rows[0];
  if (!c || c.status === 'erased' || (member.kind === 'agent' && c.agentUserId !== member.userId))
    throw new HttpError(404, M.clientNotFound, 'clientId');
  return c;
}

/** Unit prices HT in cents of `formats` at the client's typology (a format without a visible price there: absent). */
async function pricesFor(
  db: DbOrTx,
  shopId: number,
  client: ClientTypology,
  formats: Array<{ value: number; vatType: VatType }>,
): Promise<Map<number, number>> {
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
  // the viewer the cart engine prices a client's order for (sales pricing): a client membership at their typology
  const viewer = { memberships: [{ shopId, kind: 'client', typology: client.typology } as unknown as ShopMemberRow] };
  const typology = typologyFor(shop, viewer);
  const rates = (shop.settings as { vatRate?: Partial<Record<VatType, number>> } | null)?.vatRate;
  const rows = formats.length
    ? await db
        .select({ formatId: formatPrices.formatId, priceCents: formatPrices.priceCents })
        .from(formatPrices)
        .where(
          and(
            inArray(
              formatPrices.formatId,
              formats.map((f) => f.value),
            ),
            eq(formatPrices.typology, typology.id),
            eq(formatPrices.visible, true),
          ),
        )
    : [];
  const vatOf = new Map(formats.map((f) => [f.value, f.vatType]));
  return new Map(
    rows.map((r) => {
      const rate = vatRateOf(vatOf.get(r.formatId), rates);
      return [r.formatId, toCents(typology.ttc !== false ? ttcToHt(r.priceCents / 100, rate) : r.priceCents / 100)];
    }),
  );
}

/** The options of `member`'s shop (50 at most), with their vintages, priced for `query.clientId` when given. */
export async function formatOptionsOf(db: DbOrTx, member: ShopMemberRow, query: FormatOptionsQuery): Promise<FormatOption[]> {
  const client = query.clientId !== undefined ? await clientOf(db, member, query.clientId) : null;
  const rows = await repo.formatOptions(db, member.shopId, query.q, query.formatId);
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const [vintages, prices] = await Promise.all([
    productIds.length
      ? db
          .select({ id: productVintages.id, productId: productVintages.productId, name: productVintages.name })
          .from(productVintages)
          .where(inArray(productVintages.productId, productIds))
          // the engine's order: a line without a vintage is taken in the first one
          .orderBy(asc(productVintages.position), asc(productVintages.id))
      : [],
    client ? pricesFor(db, member.shopId, client, rows) : null,
  ]);
  return rows.map((r) => {
    // a format of one vintage is taken in that one only
    const own = r.vintageId ? vintages.filter((v) => v.id === r.vintageId) : [];
    const choices = own.length ? own : vintages.filter((v) => v.productId === r.productId);
    return {
      value: r.value,
      label: r.label,
      productId: r.productId,
      vintageId: r.vintageId,
      vintages: choices.map((v) => ({ id: v.id, name: v.name })),
      ...(prices ? { priceHT: prices.get(r.value) ?? null } : {}),
    };
  });
}
