import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shopMembers, shops } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { createPosService } from '../modules/pos';
import { warehouses } from '../modules/stock';

/**
 * Demo cash register, after the stock: the salespoint 'Caveau' on the shop's warehouse (Boutique du
 * domaine) and four closed days of tickets — cash with change, card, split card + cash, a tasting glass offered, one
 * ticket made offline, one refund — each day closed with its cash count (one day 1,50 € short), so the closings, the
 * chained journal and the cash journal of the accounting show something real. Everything goes through the service,
 * dated by a clock walking through those days.
 */
export async function seedPos(db: Db, logger?: Logger): Promise<void> {
  try {
    const [shop] = await db.select().from(shops).where(eq(shops.urlShop, 'domaine-demo'));
    if (!shop) return;
    const [owner] = await db
      .select()
      .from(shopMembers)
      .where(and(eq(shopMembers.shopId, shop.id), eq(shopMembers.kind, 'owner')));
    const [wh] = await db
      .select()
      .from(warehouses)
      .where(and(eq(warehouses.shopId, shop.id), eq(warehouses.name, 'Boutique du domaine')));
    if (!owner || !wh) return;
    let now = new Date();
    const service = createPosService({ db, clock: () => now });
    const at = (daysAgo: number, hour: number, minute = 0) => {
      const d = new Date();
      d.setUTCDate(d.getUTCDate() - daysAgo);
      d.setUTCHours(hour - 1, minute, 0, 0); // Paris in winter
      now = d;
    };
    at(6, 9);
    const sp = await service.createSalesPoint(shop.id, {
      name: 'Caveau',
      warehouseId: wh.id,
      methods: ['cash', 'card', 'cheque', 'ticket', 'gift'],
      typology: null,
      receiptHeader: 'Domaine de Démo\n1 route des Vignes, 71960 Pierreclos\nSIRET 732 829 320 00074',
      receiptFooter: 'Merci de votre visite — à bientôt au caveau !',
      display: false,
    });
    const items = (await service.catalog(shop.id, sp.id)).items.filter((i) => i.stock > 0 && i.unitPriceTTC > 0).slice(0, 4);
    if (items.length < 2) return;
    const [a, b, c = a, d = b] = items;
    let n = 0;
    const key = () => `demo-caveau-${++n}`;
    const sell = (
      lines: Array<{ formatId?: number; label?: string; quantity: number; unitPriceTTC?: number; vatRate?: number; free?: boolean }>,
      pay: (total: number) => Array<{ method: 'cash' | 'card' | 'cheque'; amount: number }>,
      cashGiven?: (total: number) => number,
      offline?: string,
    ) => {
      const total = lines.reduce(
        (s, l) => s + (l.free ? 0 : (l.unitPriceTTC ?? items.find((i) => i.formatId === l.formatId)!.unitPriceTTC) * l.quantity),
        0,
      );
      return service.createTicket(owner, sp.id, {
        key: key(),
        lines: lines.map((l) => ({ ...l, accountingType: l.formatId ? null : 'productTasting' })),
        payments: pay(total),
        cashGiven: cashGiven?.(total) ?? null,
        offline: offline ? { number: offline, at: now.toISOString() } : null,
      });
    };
    const upTo10 = (t: number) => Math.ceil(t / 1000) * 1000;
    // the split ticket: 20 € by card and the rest in cash, whatever the price of the bottles the catalogue puts first
    const cardPart = (t: number) => Math.min(2000, Math.round(t / 2));
    for (const [i, day] of [5, 4, 3, 2].entries()) {
      at(day, 10);
      const session = await service.openSession(owner, sp.id, 15000);
      at(day, 10, 40);
      await sell([{ formatId: a.formatId, quantity: 2 }], (t) => [{ method: 'cash', amount: t }], upTo10);
      at(day, 11, 25);
      const sale = await sell(
        [
          { formatId: b.formatId, quantity: 3 },
          { formatId: c.formatId, quantity: 1 },
        ],
        (t) => [{ method: 'card', amount: t }],
      );
      at(day, 15, 5);
      await sell(
        [
          { formatId: d.formatId, quantity: 2 },
          { label: 'Verre de dégustation', quantity: 2, unitPriceTTC: 500, vatRate: 20, free: true },
        ],
        (t) => [
          { method: 'card', amount: cardPart(t) },
          { method: 'cash', amount: t - cardPart(t) },
        ],
        (t) => upTo10(t - cardPart(t)),
        i === 1 ? `HL-${sp.id}-1` : undefined,
      );
      at(day, 16, 30);
      await sell([{ label: 'Visite et dégustation', quantity: 2, unitPriceTTC: 1200, vatRate: 20 }], (t) => [
        { method: 'cheque', amount: t },
      ]);
      if (i === 2) {
        at(day, 17, 10);
        const first = sale.ticket;
        await service.refundTicket(owner, first.id, {
          key: key(),
          lines: [{ index: 0, quantity: 1 }],
          payments: [{ method: 'card', amount: -Math.round(first.lines[0].totalTTC / first.lines[0].quantity) }],
          reason: 'Bouteille bouchonnée',
        });
      }
      at(day, 18, 30);
      const tickets = await service.listTickets(shop.id, sp.id, {
        page: 1,
        pageSize: 100,
        offset: 0,
        sort: { column: 'number', direction: 'asc' },
        filters: { sessionId: session.id },
      } as never);
      const counted: Record<string, number> = { cash: 15000 };
      for (const t of tickets.items) for (const p of t.payments) counted[p.method] = (counted[p.method] ?? 0) + p.amount;
      if (i === 1) counted.cash -= 150;
      await service.closeSession(owner, session.id, counted);
    }
  } catch (err) {
    logger?.error({ err }, 'seedPos failed: no demo cash register');
  }
}
