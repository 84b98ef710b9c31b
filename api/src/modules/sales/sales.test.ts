import request from 'supertest';
import { unzipSync } from 'fflate';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_ACTIONS, ORDER_STATUSES, formatCents as formatCentsFr, nextOrderState, vatOf } from 'shared-kernel/domain';
import { createApp } from '../../app';
import { openPostgres } from '../../platform/db/client';
import { createLogger } from '../../platform/logger';
import { jobs, shops, users } from '../../platform/db/tables';
import { payments } from '../payments';
import { createTestContext, loginAs, bearer, type TestContext, binary } from '../../test/test-app';
import { productFormats } from '../catalog';
import { crmClients } from '../clients';
import { orderLines, orders, shopCheckoutSettings } from '../orders';
import { stockLevels, warehouses } from '../stock';
import { insertDocument } from './sales.invoicing';
import { extractFacturXXml } from './documents';
import { closePdfText, pdfText } from './documents/test-utils';
import { invoices } from './sales.tables';
import { createFollowUp } from './sales.followup';

const BILLING = {
  companyName: 'Domaine de Démo SAS',
  legalForm: 'SAS',
  capital: 1_000_000,
  siret: '73282932000074',
  rcs: 'RCS Mâcon 732 829 320',
  vatNumber: 'FR44732829320',
  exciseNumber: 'FR012345E0001',
  address: { street: '1 route des Vignes', zipcode: '71000', city: 'Mâcon', country: 'FR' },
  email: 'compta@domaine-demo.test',
  invoicePrefix: 'F',
  creditPrefix: 'AV',
  quotePrefix: 'D',
  defaultPaymentDelay: '30',
  banks: [{ label: 'Crédit Agricole', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', isDefault: true }],
};

describe('sales documents (modules/sales)', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let shopId: number;
  let clientId: number;
  let privateClientId: number;
  let warehouseId: number;
  let formatIds: number[];
  const db = () => ctx.handle.db;
  const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());

  const call = (method: 'get' | 'post' | 'put' | 'delete', url: string, token: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  };
  const newOrder = async (extra: Record<string, unknown> = {}, token = owner) => {
    const res = await call('post', '/sales/orders', token, {
      clientId,
      warehouseId,
      lines: [
        { formatId: formatIds[0], quantity: 6 },
        { formatId: formatIds[1], quantity: 3, discountPercent: 10 },
        { label: 'Dégustation commentée', quantity: 1, unitPriceHT: 5000, vatRate: 20 },
      ],
      shipping: { priceHT: 1500 },
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; number: string; status: string; totalTTC: number; lines: Array<{ totalHT: number; vatRate: number }> };
  };
  const act = (id: number, action: string, body: unknown = {}, token = owner) =>
    call('post', `/sales/orders/${id}/actions/${action}`, token, body);
  /** more bottles in the test warehouse, for a test whose orders are validated (the early tests count on 40) */
  const topUp = () =>
    db()
      .update(stockLevels)
      .set({ onHand: sql`${stockLevels.onHand} + 100` })
      .where(eq(stockLevels.warehouseId, warehouseId));

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    [owner, owner2, iam] = await Promise.all(['owner', 'owner2', 'iam'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    shopId = (await db().select().from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    const [c] = await db()
      .insert(crmClients)
      .values({
        shopId,
        kind: 'professional',
        typology: 'professionnel',
        company: 'Cave Test',
        firstname: 'Anne',
        lastname: 'Test',
        siret: '35600000000048',
        vatNumber: 'FR39356000000',
        email: 'cave@test.test',
        addresses: [{ kind: 'billing', isDefault: true, street: '2 rue du Test', zipcode: '69001', city: 'Lyon', country: 'FR' }],
      })
      .returning();
    clientId = c.id;
    const [p] = await db()
      .insert(crmClients)
      .values({ shopId, kind: 'private', typology: 'particulier', firstname: 'Paul', lastname: 'Privé', email: 'paul@test.test' })
      .returning();
    privateClientId = p.id;
    const [w] = await db().insert(warehouses).values({ shopId, name: 'Entrepôt ventes test' }).returning();
    warehouseId = w.id;
    const formats = await db()
      .select({ id: productFormats.id })
      .from(productFormats)
      .where(eq(productFormats.shopId, shopId))
      .orderBy(productFormats.id)
      .limit(2);
    formatIds = formats.map((f) => f.id);
    await db()
      .insert(stockLevels)
      .values(formatIds.map((formatId) => ({ shopId, warehouseId, formatId, onHand: 40 })));
    const put = await call('put', '/sales/settings/billing', owner, BILLING);
    expect(put.status).toBe(200);
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('demo data', () => {
    it('Domaine de Démo has quotes, orders, invoices (paid, partial, overdue ~10 and ~45 days), a deposit, a credit note, samples and shipments', async () => {
      const all = (await call('get', '/sales/invoices?pageSize=100', owner)).body.items as Array<{
        kind: string;
        paymentStatus: string;
        overdueDays: number;
        remaining: number;
      }>;
      expect(new Set(all.map((i) => i.kind))).toEqual(new Set(['invoice', 'deposit', 'credit']));
      expect(all.filter((i) => i.kind !== 'credit').map((i) => i.paymentStatus)).toEqual(
        expect.arrayContaining(['paid', 'partial', 'pending']),
      );
      const overdue = all.filter((i) => i.overdueDays > 0).map((i) => i.overdueDays);
      expect(overdue.some((d) => d >= 8 && d <= 12)).toBe(true);
      expect(overdue.some((d) => d >= 43 && d <= 47)).toBe(true);
      const rows = await db()
        .select({ subType: orders.subType, status: orders.status, delivery: orders.deliveryStatus })
        .from(orders)
        .where(and(eq(orders.shopId, shopId), eq(orders.source, 'backoffice')));
      expect(
        rows
          .filter((r) => r.subType === 'quote')
          .map((r) => r.status)
          .sort(),
      ).toEqual(['expired', 'pending', 'refused']);
      expect(rows.filter((r) => r.subType === 'sample').length).toBeGreaterThanOrEqual(2);
      expect(new Set(rows.map((r) => r.status))).toEqual(
        new Set(['draft', 'pending', 'validated', 'invoiced', 'cancelled', 'expired', 'refused']),
      );
      expect((await call('get', '/sales/settings/documents', owner)).body.footer).toMatch(/^Merci de votre confiance/);
      expect(new Set(rows.map((r) => r.delivery))).toEqual(new Set(['pending', 'transit', 'delivered', 'partiallyDelivered']));
    });

    it('every demo document makes its Factur-X PDF', async () => {
      const docs = (await call('get', '/sales/invoices?pageSize=100', owner)).body.items as Array<{ id: number; number: string }>;
      for (const d of docs) {
        const res = await call('get', `/sales/invoices/${d.id}/pdf`, owner);
        expect([d.number, res.status]).toEqual([d.number, 200]);
      }
    });
  });

  describe('the state machine', () => {
    it.each(ORDER_STATUSES.flatMap((status) => ORDER_ACTIONS.map((action) => [status, action] as const)))('%s + %s', (status, action) => {
      const next = nextOrderState({ status, deliveryStatus: 'pending' }, action);
      const allowed: Record<string, string[]> = {
        draft: ['send', 'validate', 'cancel'],
        pending: ['validate', 'refuse', 'cancel', 'expire'],
        validated: ['invoice', 'cancel', 'ship', 'deliver'],
        invoiced: ['cancel', 'ship', 'deliver'],
      };
      expect(next !== null).toBe((allowed[status] ?? []).includes(action));
    });
  });

  describe('billing settings', () => {
    it('checks IBAN, BIC and SIRET with the French messages, owner only', async () => {
      const bad = await call('put', '/sales/settings/billing', owner, {
        ...BILLING,
        banks: [{ label: 'X', iban: 'FR76 3000 6000 0112 3456 7890 188', bic: 'AGRIFRPP' }],
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ message: "L'IBAN n'est pas valide", field: 'banks.0.iban' });
      const bic = await call('put', '/sales/settings/billing', owner, {
        ...BILLING,
        banks: [{ label: 'X', iban: BILLING.banks[0].iban, bic: 'AG1' }],
      });
      expect(bic.body).toMatchObject({ message: "Le BIC n'est pas valide", field: 'banks.0.bic' });
      const siret = await call('put', '/sales/settings/billing', owner, { ...BILLING, siret: '12345678901234' });
      expect(siret.status).toBe(400);
      expect(siret.body.field).toBe('siret');
      expect((await call('put', '/sales/settings/billing', iam, BILLING)).status).toBe(403);
      const got = await call('get', '/sales/settings/billing', owner);
      expect(got.body.banks[0].iban).toBe('FR7630006000011234567890189');
    });
  });

  describe('back-office orders', () => {
    it('prices at the client typology, with the line and order discounts split exactly and VAT per rate', async () => {
      const body = {
        clientId,
        lines: [
          { formatId: formatIds[0], quantity: 6 },
          { label: 'Caisse bois', quantity: 3, unitPriceHT: 333, vatRate: 20, discountPercent: 10 },
          { label: 'Livre', quantity: 1, unitPriceHT: 1000, vatRate: 5.5 },
        ],
      };
      const res = await call('post', '/sales/orders/preview', owner, { ...body, discount: { type: 'amount', value: 101 } });
      expect(res.status).toBe(200);
      const without = (await call('post', '/sales/orders/preview', owner, body)).body as {
        totalHT: number;
        lines: Array<{ discountHT: number }>;
      };
      const p = res.body as {
        lines: Array<{ totalHT: number; discountHT: number; vatRate: number; duties: number }>;
        totalHT: number;
        tva: number;
        totalTTC: number;
        vatByRate: Array<{ rate: number; baseHT: number; vat: number }>;
      };
      expect(p.lines).toHaveLength(3);
      // 3 × 3.33 = 9.99, −10 % = 1.00 (rounded once) → 8.99 before the order discount
      expect(without.lines[1].discountHT).toBe(100);
      // the order discount takes exactly its amount HT off, split over the lines
      expect(without.totalHT - p.totalHT).toBe(101);
      expect(p.lines.reduce((n, l) => n + l.discountHT, 0) - without.lines.reduce((n, l) => n + l.discountHT, 0)).toBe(101);
      expect(p.totalHT).toBe(p.lines.reduce((n, l) => n + l.totalHT, 0));
      for (const v of p.vatByRate) {
        expect(v.baseHT).toBe(p.lines.filter((l) => l.vatRate === v.rate).reduce((n, l) => n + l.totalHT, 0));
        expect(v.vat).toBe(vatOf(v.baseHT, v.rate));
      }
      expect(p.totalTTC).toBe(p.totalHT + p.tva);
      expect(p.tva).toBe(p.vatByRate.reduce((n, v) => n + v.vat, 0));
    });

    it('refuses bad input with the French message and the field', async () => {
      const noClient = await call('post', '/sales/orders', owner, { lines: [{ label: 'x', quantity: 1 }] });
      expect(noClient.status).toBe(400);
      expect(noClient.body.field).toBe('clientId');
      const qty = await call('post', '/sales/orders', owner, { clientId, lines: [{ label: 'x', quantity: 0 }] });
      expect(qty.body).toMatchObject({ message: 'La quantité doit être un nombre entier supérieur à 0', field: 'lines.0.quantity' });
      const other = await call('post', '/sales/orders', owner2, { clientId, lines: [{ label: 'x', quantity: 1 }] });
      expect(other.status).toBe(400);
      expect(other.body).toMatchObject({ message: 'Client introuvable', field: 'clientId' });
      const fmt = await call('post', '/sales/orders', owner, { clientId, lines: [{ formatId: 999999, quantity: 1 }] });
      expect(fmt.body).toMatchObject({ message: 'Article inexistant', field: 'lines.0.formatId' });
    });

    it('validate reserves the stock of the warehouse, invoice issues F<year>-n, an invoiced order refuses to go back', async () => {
      const o = await newOrder();
      expect(o.status).toBe('draft');
      const early = await act(o.id, 'invoice');
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('Action « Facturer » impossible : la commande est « brouillon »');
      expect((await act(o.id, 'validate')).status).toBe(200);
      const held = await db()
        .select({ reserved: orderLines.reserved })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, o.id), eq(orderLines.formatId, formatIds[0])));
      expect(held[0].reserved).toBeGreaterThanOrEqual(6);
      const inv = await act(o.id, 'invoice');
      expect(inv.status).toBe(200);
      expect(inv.body.document.number).toMatch(new RegExp(`^F${year}-\\d{5}$`));
      expect(inv.body.message).toBe(`Facture ${inv.body.document.number} émise`);
      expect((await act(o.id, 'validate')).status).toBe(409);
      const detail = await call('get', `/orders/${o.id}`, owner);
      expect(detail.body.status).toBe('invoiced');
      expect(detail.body.sales.invoices).toHaveLength(1);
      expect(detail.body.sales.history.map((h: { action: string }) => h.action)).toEqual(['create', 'validate', 'invoice']);
      expect(detail.body.sales.allowedActions).toEqual(expect.arrayContaining(['cancel', 'ship']));
      expect(detail.body.sales.allowedActions).not.toContain('invoice');
      const doc = await call('get', `/sales/invoices/${inv.body.document.id}`, owner);
      expect(doc.body.totalTTC).toBe(o.totalTTC);
      expect(doc.body.totalHT + doc.body.totalVAT).toBe(doc.body.totalTTC);
      expect(doc.body.buyer).toMatchObject({ name: 'Cave Test', siren: '356000000', isPro: true });
      expect(doc.body.seller).toMatchObject({ siren: '732829320', vatNumber: 'FR44732829320' });
    });

    it('never sells more than the warehouse holds: two validations of the last units, one wins', async () => {
      const [a, b] = [
        await newOrder({ lines: [{ formatId: formatIds[1], quantity: 20 }] }),
        await newOrder({ lines: [{ formatId: formatIds[1], quantity: 20 }] }),
      ];
      // 40 on hand, 3 already held by the first test's orders at most: at most one of these two fits
      const res = await Promise.all([act(a.id, 'validate'), act(b.id, 'validate')]);
      expect(res.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(res.find((r) => r.status === 409)!.body.message).toMatch(/^Stock insuffisant pour /);
      await act(res[0].status === 200 ? a.id : b.id, 'cancel');
    });

    it('an issued invoice can never be changed nor deleted, even by SQL', async () => {
      const [inv] = await db().select().from(invoices).limit(1);
      const refused = (re: RegExp) => expect.objectContaining({ cause: expect.objectContaining({ message: expect.stringMatching(re) }) });
      await expect(db().update(invoices).set({ totalTTC: 1 }).where(eq(invoices.id, inv.id))).rejects.toEqual(refused(/cannot be changed/));
      await expect(db().update(invoices).set({ lines: [] }).where(eq(invoices.id, inv.id))).rejects.toEqual(refused(/cannot be changed/));
      await expect(db().delete(invoices).where(eq(invoices.id, inv.id))).rejects.toEqual(refused(/cannot be deleted/));
      await expect(db().update(invoices).set({ reminderLevel: 1 }).where(eq(invoices.id, inv.id))).resolves.toBeDefined();
    });

    it('the PDF is a Factur-X whose XML carries the same totals', async () => {
      const o = await newOrder();
      await act(o.id, 'validate');
      const inv = (await act(o.id, 'invoice')).body.document;
      const res = await call('get', `/sales/invoices/${inv.id}/pdf`, owner)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain(`${inv.number}.pdf`);
      const xml = await extractFacturXXml(res.body as Buffer);
      expect(xml).toContain(`<ram:GrandTotalAmount>${(inv.totalTTC / 100).toFixed(2)}</ram:GrandTotalAmount>`);
      expect(xml).toContain(inv.number);
      // kept as made: the second download is the same bytes
      const again = await call('get', `/sales/invoices/${inv.id}/pdf`, owner)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(Buffer.compare(again.body as Buffer, res.body as Buffer)).toBe(0);
    });
  });

  describe('deposits, credit notes and payments', () => {
    it('a 30 % deposit is deducted with its VAT from the final invoice', async () => {
      const o = await newOrder();
      const dep = await call('post', `/sales/orders/${o.id}/deposits`, owner, { percent: 30 });
      expect(dep.status).toBe(201);
      expect(dep.body.kind).toBe('deposit');
      expect(dep.body.totalTTC).toBeGreaterThanOrEqual(Math.round(o.totalTTC * 0.3) - 2);
      expect(dep.body.totalTTC).toBeLessThanOrEqual(Math.round(o.totalTTC * 0.3) + 2);
      expect(dep.body.totalHT + dep.body.totalVAT).toBe(dep.body.totalTTC);
      const tooMuch = await call('post', `/sales/orders/${o.id}/deposits`, owner, { amount: o.totalTTC });
      expect(tooMuch.body).toMatchObject({
        message: 'Le montant de l’acompte dépasse le reste à facturer de la commande',
        field: 'amount',
      });
      await act(o.id, 'validate');
      const inv = await call('get', `/sales/invoices/${(await act(o.id, 'invoice')).body.document.id}`, owner);
      expect(inv.body.depositsDeducted).toEqual([expect.objectContaining({ id: dep.body.id, totalTTC: dep.body.totalTTC })]);
      expect(inv.body.amountDue).toBe(inv.body.totalTTC - dep.body.totalTTC);
      expect(inv.body.remaining).toBe(inv.body.amountDue);
      for (const id of [dep.body.id, inv.body.id]) expect((await call('get', `/sales/invoices/${id}/pdf`, owner)).status).toBe(200);
    });

    it("a client's credit (a credit note kept as credit, then an overpayment) settles a new invoice, never beyond the balance", async () => {
      await topUp();
      const [c] = await db()
        .insert(crmClients)
        .values({
          shopId,
          kind: 'professional',
          typology: 'caviste',
          company: 'Cave au crédit',
          email: 'credit@test.test',
          siret: '35600000000048', // a professional is invoiced with its SIREN
        })
        .returning();
      const today = new Date().toISOString().slice(0, 10);
      const invoiced = async () => {
        const o = await newOrder({ clientId: c.id });
        await act(o.id, 'validate');
        return (await act(o.id, 'invoice')).body.document as { id: number; totalTTC: number; number: string };
      };
      const balance = async () => (await call('get', `/sales/credits?clientId=${c.id}`, owner)).body.items[0]?.balance ?? 0;
      // invoice A paid, then credited in full and kept as credit; 10 € paid on top of nothing
      const a = await invoiced();
      await call('post', '/sales/payments', owner, {
        clientId: c.id,
        method: 'transfer',
        amount: a.totalTTC,
        paidAt: today,
        allocations: [{ invoiceId: a.id, amount: a.totalTTC }],
      });
      const note = (await call('post', `/sales/invoices/${a.id}/credit-notes`, owner, { settlement: 'credit' })).body;
      expect(note).toMatchObject({ kind: 'credit', creditStatus: 'full' });
      await call('post', '/sales/payments', owner, { clientId: c.id, method: 'cheque', amount: 1000, paidAt: today });
      expect(await balance()).toBe(a.totalTTC + 1000);
      const asPayment = await call('post', '/sales/payments', owner, { clientId: c.id, method: 'creditNote', amount: 100, paidAt: today });
      expect(asPayment.body).toMatchObject({ field: 'method' });

      const b = await invoiced();
      const tooMuch = await call('post', '/sales/credits/use', owner, { clientId: c.id, invoiceId: b.id, amount: b.totalTTC + 1 });
      expect(tooMuch.body.field).toBe('amount');
      const first = await call('post', '/sales/credits/use', owner, { clientId: c.id, invoiceId: b.id, amount: b.totalTTC - 500 });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ paymentStatus: 'partial', remaining: 500 });
      expect(first.body.message).toBe(`${formatCentsFr(b.totalTTC - 500)} de crédit utilisés sur la facture ${b.number}`);
      expect((await call('get', `/sales/invoices/${note.id}`, owner)).body.creditStatus).toBe('partial');
      const second = await call('post', '/sales/credits/use', owner, { clientId: c.id, invoiceId: b.id, amount: 500 });
      expect(second.body).toMatchObject({ paymentStatus: 'paid', remaining: 0 });
      expect((await call('get', `/sales/invoices/${note.id}`, owner)).body.creditStatus).toBe('empty');
      expect(await balance()).toBe(1000);

      const d = await invoiced();
      const beyond = await call('post', '/sales/credits/use', owner, { clientId: c.id, invoiceId: d.id, amount: 1500 });
      expect(beyond.body).toMatchObject({
        field: 'amount',
        message: `Le montant dépasse le crédit disponible du client (${formatCentsFr(1000)})`,
      });
      const last = await call('post', '/sales/credits/use', owner, { clientId: c.id, invoiceId: d.id, amount: 1000 });
      expect(last.body).toMatchObject({ remaining: d.totalTTC - 1000, paid: 1000 });
      expect(await balance()).toBe(0);
      // another shop cannot use it
      expect((await call('post', '/sales/credits/use', owner2, { clientId: c.id, invoiceId: d.id, amount: 1 })).status).toBe(400);
      // the client file counts the orders taken for this client (no buyer account)
      const file = (await call('get', `/crm/clients/${c.id}`, owner)).body;
      expect(file.totalSpent).toBe(a.totalTTC + b.totalTTC + d.totalTTC);
      expect(file.lastOrderAt).not.toBeNull();
    });

    it('partial payment → partial, outstanding; overpaying an invoice is refused; the rest settles it with a lettering code', async () => {
      const o = await newOrder();
      await act(o.id, 'validate');
      const inv = (await act(o.id, 'invoice')).body.document as { id: number; totalTTC: number };
      const today = new Date().toISOString().slice(0, 10);
      const part = await call('post', '/sales/payments', owner, {
        clientId,
        method: 'transfer',
        amount: 1000,
        paidAt: today,
        allocations: [{ invoiceId: inv.id, amount: 1000 }],
      });
      expect(part.status).toBe(201);
      let d = await call('get', `/sales/invoices/${inv.id}`, owner);
      expect(d.body).toMatchObject({ paymentStatus: 'partial', paid: 1000, remaining: inv.totalTTC - 1000 });
      const open = await call('get', '/sales/invoices?open=true&pageSize=100', owner);
      expect(open.body.items.map((i: { id: number }) => i.id)).toContain(inv.id);
      const over = await call('post', '/sales/payments', owner, {
        clientId,
        method: 'cheque',
        amount: inv.totalTTC,
        paidAt: today,
        allocations: [{ invoiceId: inv.id, amount: inv.totalTTC }],
      });
      expect(over.status).toBe(400);
      expect(over.body.field).toBe('allocations.0.amount');
      const rest = await call('post', '/sales/payments', owner, {
        clientId,
        method: 'cheque',
        amount: inv.totalTTC,
        paidAt: today,
        allocations: [{ invoiceId: inv.id, amount: inv.totalTTC - 1000 }],
      });
      expect(rest.status).toBe(201);
      expect(rest.body.unallocated).toBe(1000);
      d = await call('get', `/sales/invoices/${inv.id}`, owner);
      expect(d.body).toMatchObject({ paymentStatus: 'paid', remaining: 0 });
      const pays = await call('get', `/sales/payments?clientId=${clientId}&pageSize=100`, owner);
      const codes = pays.body.items.flatMap((p: { allocations: Array<{ invoiceId: number; lettering: string | null }> }) =>
        p.allocations.filter((a) => a.invoiceId === inv.id).map((a) => a.lettering),
      );
      expect(codes).toHaveLength(2);
      expect(new Set(codes).size).toBe(1);
      expect(codes[0]).toMatch(/^[A-Z]{2,}$/);
      const credits = await call('get', `/sales/credits?clientId=${clientId}`, owner);
      expect(credits.body.items[0].balance).toBeGreaterThanOrEqual(1000);
      expect((await call('get', `/orders/${o.id}`, owner)).body.paymentStatus).toBe('paid');
    });

    it('a partial credit note takes the chosen quantities; more than invoiced is refused; cancelling credits the rest', async () => {
      const o = await newOrder();
      await act(o.id, 'validate');
      const invId = (await act(o.id, 'invoice')).body.document.id as number;
      const inv = (await call('get', `/sales/invoices/${invId}`, owner)).body;
      const tooMany = await call('post', `/sales/invoices/${invId}/credit-notes`, owner, { lines: [{ index: 0, quantity: 7 }] });
      expect(tooMany.body).toMatchObject({
        message: 'La quantité à créditer dépasse la quantité facturée restante (6)',
        field: 'lines.0.quantity',
      });
      const part = await call('post', `/sales/invoices/${invId}/credit-notes`, owner, {
        lines: [{ index: 0, quantity: 2 }],
        reason: 'Casse',
      });
      expect(part.status).toBe(201);
      expect(part.body.number).toMatch(new RegExp(`^AV${year}-\\d{5}$`));
      expect(part.body.relatedInvoice).toEqual({ id: invId, number: inv.number });
      const [credited] = part.body.lines as Array<{
        totalHT: number;
        unitPriceHT: number;
        discountHT: number;
        duties: number;
        quantity: number;
      }>;
      expect(credited.quantity).toBe(2);
      expect(credited.totalHT).toBe(credited.unitPriceHT * 2 - credited.discountHT + credited.duties);
      expect(Math.abs(credited.totalHT - (inv.lines[0].totalHT * 2) / 6)).toBeLessThanOrEqual(1);
      expect((await call('get', `/sales/invoices/${part.body.id}/pdf`, owner)).status).toBe(200);
      const cancel = await act(o.id, 'cancel', { reason: 'Client parti' });
      expect(cancel.status).toBe(200);
      const after = (await call('get', `/sales/invoices/${invId}`, owner)).body;
      expect(after.creditNotes).toHaveLength(2);
      // the two credit notes add up to the invoice, to the cent
      expect(after.creditNotes.reduce((n: number, c: { totalTTC: number }) => n + c.totalTTC, 0)).toBe(inv.totalTTC);
      expect(after).toMatchObject({ remaining: 0, paymentStatus: 'paid' });
      const again = await call('post', `/sales/invoices/${invId}/credit-notes`, owner, {});
      expect(again.body).toMatchObject({ message: 'Indiquez au moins une ligne à créditer', field: 'lines' });
    });
  });

  describe('checkout orders', () => {
    it('invoicing a validated checkout order records what the buyer paid online as payments of the invoice', async () => {
      const [o] = await db()
        .select()
        .from(orders)
        .where(and(eq(orders.shopId, shopId), eq(orders.source, 'shop'), eq(orders.status, 'validated'), eq(orders.paymentStatus, 'paid')))
        .limit(1);
      expect(o).toBeDefined();
      const res = await act(o.id, 'invoice');
      expect(res.status).toBe(200);
      const inv = (await call('get', `/sales/invoices/${res.body.document.id}`, owner)).body;
      expect(inv.totalTTC).toBe(o.totalTTC);
      expect(inv).toMatchObject({ paymentStatus: 'paid', remaining: 0 });
      expect(inv.buyer.name).toBeTruthy();
      const online = (await call('get', '/sales/payments?pageSize=100', owner)).body.items.filter(
        (p: { source: string }) => p.source === 'online',
      );
      expect(online.some((p: { allocations: Array<{ invoiceId: number }> }) => p.allocations.some((a) => a.invoiceId === inv.id))).toBe(
        true,
      );
    });

    it('cancelling a checkout order paid by card refunds it through the provider (a credit note once invoiced); transfers are left to pay back by hand', async () => {
      const paidBy = (method: 'stripe' | 'transfer', statuses: Array<'validated' | 'invoiced'> = ['validated', 'invoiced']) =>
        db()
          .select({ id: orders.id, status: orders.status, totalTTC: orders.totalTTC })
          .from(orders)
          .innerJoin(payments, eq(payments.orderId, orders.id))
          .where(
            and(
              eq(orders.shopId, shopId),
              eq(orders.source, 'shop'),
              inArray(orders.status, statuses),
              eq(payments.method, method),
              eq(payments.status, 'paid'),
            ),
          )
          .limit(1);
      const [card] = await paidBy('stripe');
      expect(card).toBeDefined();
      const before = (await call('get', `/orders/${card.id}`, owner)).body;
      expect(before.sales.allowedActions).toContain('cancel');
      if (card.status === 'validated') await act(card.id, 'invoice');
      const res = await act(card.id, 'cancel', { reason: 'Rupture chez le transporteur' });
      expect(res.status).toBe(200);
      expect(res.body.message).toMatch(
        /^Commande annulée : Avoir AV\d{4}-\d{5} émis — .* remboursés au client par le prestataire de paiement$/,
      );
      const after = (await call('get', `/orders/${card.id}`, owner)).body;
      expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      expect((await db().select().from(payments).where(eq(payments.orderId, card.id))).map((p) => p.status)).toEqual(['refunded']);
      const out = (await call('get', '/sales/payments?direction=out&pageSize=100', owner)).body.items.find(
        (p: { reference: string }) => p.reference === res.body.document.number,
      );
      expect(out).toMatchObject({ method: 'providerCard', amount: card.totalTTC });
      const held = await db().select({ reserved: orderLines.reserved }).from(orderLines).where(eq(orderLines.orderId, card.id));
      expect(held.every((l) => l.reserved === 0)).toBe(true);

      const [transfer] = await paidBy('transfer', ['validated']);
      const byHand = await act(transfer.id, 'cancel');
      expect(byHand.status).toBe(200);
      expect(byHand.body.message).toMatch(/payés hors ligne sont à rembourser au client$/);
    });
  });

  describe('follow-up, ventilation and shipping', () => {
    it('reminders go once per level, whatever the number of sweeps running at once; a manual one takes the next level', async () => {
      const followUp = createFollowUp(db());
      const overdue = (await call('get', '/sales/invoices?overdue=true&pageSize=100', owner)).body.items as Array<{
        id: number;
        overdueDays: number;
        reminderLevel: number;
      }>;
      expect(overdue.length).toBeGreaterThan(0);
      const [a, b] = await Promise.all([followUp.sendDueReminders(), followUp.sendDueReminders()]);
      expect(a + b).toBe(overdue.length);
      expect(await followUp.sendDueReminders()).toBe(0);
      const keys = (
        await db()
          .select({ key: jobs.dedupeKey })
          .from(jobs)
          .where(sql`${jobs.dedupeKey} like 'invoice-reminder:%'`)
      ).map((j) => j.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const inv of overdue) {
        const level = [7, 15, 30].filter((d) => inv.overdueDays >= d).length;
        expect(keys).toContain(`invoice-reminder:${inv.id}:${level}`);
        expect((await call('get', `/sales/invoices/${inv.id}`, owner)).body.reminderLevel).toBe(level);
      }
      const young = overdue.find((i) => i.overdueDays < 30);
      if (young) {
        const manual = await call('post', `/sales/invoices/${young.id}/remind`, owner, {});
        expect(manual.status).toBe(200);
        expect(manual.body.level).toBe([7, 15, 30].filter((d) => young.overdueDays >= d).length + 1);
      }
      const paidOne = (await call('get', '/sales/invoices?paymentStatus=paid&kind=invoice', owner)).body.items[0];
      expect((await call('post', `/sales/invoices/${paidOne.id}/remind`, owner, {})).body.message).toBe(
        "Cette facture n'a rien à relancer : elle est réglée ou pas encore échue",
      );
      const notice = await call('get', `/sales/invoices/${overdue[0].id}/formal-notice.pdf`, owner);
      expect(notice.status).toBe(200);
      expect(notice.headers['content-type']).toMatch(/pdf/);
      const summary = (await call('get', '/sales/unpaid-summary', owner)).body;
      expect(summary.overdueCount).toBe(overdue.length);
      expect(summary.oldest[0].overdueDays).toBe(Math.max(...overdue.map((i) => i.overdueDays)));
    });

    it('the ventilation of a period adds up to its invoices minus its credit notes, on every axis', async () => {
      const from = '2000-01-01';
      const to = '2999-12-31';
      const v = (await call('get', `/sales/ventilation?from=${from}&to=${to}`, owner)).body;
      const docs = await db().select().from(invoices).where(eq(invoices.shopId, shopId));
      const sign = (k: string) => (k === 'credit' ? -1 : 1);
      const deducted = docs.flatMap((d) => d.depositsDeducted);
      const ht = docs.reduce((n, d) => n + sign(d.kind) * d.totalHT, 0) - deducted.reduce((n, x) => n + x.totalHT, 0);
      const vat = docs.reduce((n, d) => n + sign(d.kind) * d.totalVAT, 0) - deducted.reduce((n, x) => n + x.totalVAT, 0);
      expect(v.totals).toMatchObject({ ht, vat, ttc: ht + vat });
      for (const axis of ['accountingType', 'vatRate', 'typology', 'range', 'agent']) {
        const rows = v.axes[axis] as Array<{ ht: number; vat: number }>;
        expect([axis, rows.reduce((n, r) => n + r.ht, 0), rows.reduce((n, r) => n + r.vat, 0)]).toEqual([axis, ht, vat]);
      }
      const bad = await call('get', '/sales/ventilation?from=hier', owner);
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('from');
      const csv = await call('get', `/sales/ventilation/export?from=${from}&to=${to}&format=csv`, owner);
      expect(csv.text).toContain('Type comptable');
    });

    it('a partial shipment takes out what leaves, the rest follows: partially delivered, then in transit, then delivered', async () => {
      await topUp();
      const o = await newOrder();
      await act(o.id, 'validate');
      const onHand = async () =>
        (
          await db()
            .select({ n: stockLevels.onHand })
            .from(stockLevels)
            .where(and(eq(stockLevels.warehouseId, warehouseId), eq(stockLevels.formatId, formatIds[0])))
        )[0].n;
      const before = await onHand();
      const lines = (await call('get', `/orders/${o.id}`, owner)).body.sales.shipping as Array<{
        lineId: number;
        ordered: number;
        shipped: number;
      }>;
      expect(lines.map((l) => [l.ordered, l.shipped])).toEqual([
        [6, 0],
        [3, 0],
      ]);
      const tooMany = await act(o.id, 'ship', { lines: [{ lineId: lines[0].lineId, quantity: 7 }] });
      expect(tooMany.body).toMatchObject({ field: 'lines.0.quantity', message: 'Il reste 6 article(s) à expédier sur cette ligne' });
      const first = await act(o.id, 'ship', { carrier: 'Colissimo', lines: [{ lineId: lines[0].lineId, quantity: 4 }] });
      expect(first.status).toBe(200);
      let detail = (await call('get', `/orders/${o.id}`, owner)).body;
      expect(detail.deliveryStatus).toBe('partiallyDelivered');
      expect(detail.sales.shipping.map((l: { shipped: number }) => l.shipped)).toEqual([4, 0]);
      expect(await onHand()).toBe(before - 4);
      expect(detail.sales.allowedActions).toEqual(expect.arrayContaining(['ship', 'deliver']));
      // the rest leaves: in transit, then delivered without taking anything out twice
      expect((await act(o.id, 'ship')).status).toBe(200);
      detail = (await call('get', `/orders/${o.id}`, owner)).body;
      expect(detail.deliveryStatus).toBe('transit');
      expect(detail.sales.shipping.map((l: { shipped: number }) => l.shipped)).toEqual([6, 3]);
      expect(await onHand()).toBe(before - 6);
      expect((await act(o.id, 'deliver')).status).toBe(200);
      expect(await onHand()).toBe(before - 6);
      expect((await call('get', `/orders/${o.id}`, owner)).body.deliveryStatus).toBe('delivered');
    });

    it('shipping: the orders to ship, their delivery note, and the tracking mail to the client', async () => {
      const list = await call('get', '/sales/deliveries?pageSize=100', owner);
      expect(list.status).toBe(200);
      const item = list.body.items.find(
        (i: { deliveryStatus: string; status: string }) => i.deliveryStatus === 'pending' && i.status === 'validated',
      );
      expect(item).toBeDefined();
      expect(item.packages).toBe(Math.ceil(item.bottles / 12));
      // the shop's own packaging (settings 'delivery'): 6 bottles a package
      await db()
        .update(shopCheckoutSettings)
        .set({
          rules: sql`jsonb_set(${shopCheckoutSettings.rules}, '{packaging}', '{"bottlesPerPackage":6,"extraPackagePrice":5}'::jsonb)`,
        })
        .where(eq(shopCheckoutSettings.shopId, shopId));
      const six = (await call('get', '/sales/deliveries?pageSize=100', owner)).body.items.find(
        (i: { orderId: number }) => i.orderId === item.orderId,
      );
      expect(six.packages).toBe(Math.ceil(item.bottles / 6));
      await db()
        .update(shopCheckoutSettings)
        .set({ rules: sql`${shopCheckoutSettings.rules} - 'packaging'` })
        .where(eq(shopCheckoutSettings.shopId, shopId));
      const note = await call('get', `/sales/orders/${item.orderId}/delivery-note.pdf`, owner);
      expect(note.status).toBe(200);
      expect((await call('get', `/sales/orders/${item.orderId}/delivery-note.pdf`, owner2)).status).toBe(404);
      const shipped = await act(item.orderId, 'ship', { carrier: 'Colissimo', trackingNumber: '6A999' });
      expect(shipped.status).toBe(200);
      const [mail] = await db()
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `order-shipped:${item.orderId}`));
      expect(JSON.stringify(mail.payload)).toContain('6A999');
      const transit = await call('get', '/sales/deliveries?deliveryStatus=transit&pageSize=100', owner);
      expect(transit.body.items.map((i: { orderId: number }) => i.orderId)).toContain(item.orderId);
      expect((await call('get', '/sales/deliveries?deliveryStatus=nope', owner)).body.field).toBe('deliveryStatus');
    });
  });

  describe('bulk export', () => {
    it("zips a period's PDFs with its progress; another shop cannot read it; an empty period is refused", async () => {
      const start = await call('post', '/sales/invoices/exports', owner, { from: '2000-01-01', to: '2999-12-31', kind: 'invoice' });
      expect(start.status).toBe(202);
      expect(start.body).toMatchObject({ status: 'running', done: 0, filename: 'files.zip' });
      const total = start.body.total as number;
      expect(total).toBeGreaterThan(3);
      let state = start.body;
      for (let i = 0; i < 200 && state.status === 'running'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        state = (await call('get', `/sales/invoices/exports/${start.body.id}`, owner)).body;
      }
      expect(state).toMatchObject({ status: 'ready', done: total, total });
      expect((await call('get', `/sales/invoices/exports/${start.body.id}`, owner2)).status).toBe(404);
      const file = await call('get', `/sales/invoices/exports/${start.body.id}/file`, owner)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(file.status).toBe(200);
      const entries = unzipSync(new Uint8Array(file.body as Buffer));
      expect(Object.keys(entries)).toHaveLength(total);
      expect(Object.keys(entries).every((n) => /^F\d{4}-\d{5}\.pdf$/.test(n))).toBe(true);
      expect(Buffer.from(Object.values(entries)[0].slice(0, 5)).toString()).toBe('%PDF-');
      const empty = await call('post', '/sales/invoices/exports', owner, { from: '1990-01-01', to: '1990-12-31' });
      expect(empty.body).toMatchObject({ message: 'Aucun document sur cette période', field: 'from' });
    });
  });

  describe('the look of the documents', () => {
    // a 1×1 red PNG
    const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
    afterAll(() => closePdfText());

    it('keeps logo, colour and footer apart from the billing identity; bad input names its field; owner only', async () => {
      const bad = await call('put', '/sales/settings/documents', owner, { color: 'rouge', logo: null, footer: null });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ field: 'color', message: 'Couleur au format #RRGGBB attendue' });
      const gif = await call('put', '/sales/settings/documents', owner, { color: '#224466', logo: 'data:image/gif;base64,R0lGOD==' });
      expect(gif.body).toMatchObject({ field: 'logo', message: 'Le logo doit être une image PNG, JPEG ou WebP' });
      expect((await call('put', '/sales/settings/documents', iam, { color: '#224466' })).status).toBe(403);
      const saved = await call('put', '/sales/settings/documents', owner, {
        color: '#224466',
        logo: PNG,
        footer: 'Merci de votre confiance',
      });
      expect(saved.status).toBe(200);
      expect(saved.body.message).toBe('Apparence des documents enregistrée');
      expect((await call('get', '/sales/settings/documents', owner)).body).toEqual({
        color: '#224466',
        logo: PNG,
        footer: 'Merci de votre confiance',
      });
      // the billing identity neither carries the look nor loses it when saved
      const billing = await call('get', '/sales/settings/billing', owner);
      expect(billing.body.documents).toBeUndefined();
      expect((await call('put', '/sales/settings/billing', owner, BILLING)).status).toBe(200);
      expect((await call('get', '/sales/settings/documents', owner)).body.footer).toBe('Merci de votre confiance');
      // another shop has its own (empty) look
      expect((await call('get', '/sales/settings/documents', owner2)).body).toEqual({ color: null, logo: null, footer: null });
      const preview = await call('get', '/sales/settings/documents/preview.pdf', owner).buffer(true).parse(binary);
      expect(preview.status).toBe(200);
      const { text } = await pdfText(preview.body as Buffer);
      expect(text).toContain('Merci de votre confiance');
      expect(text).toContain('Domaine de Démo SAS');
      expect(text).toContain('SPÉCIMEN');
    });
  });

  describe('quotes sent to the client', () => {
    const newQuote = async () => {
      const q = await newOrder({ subType: 'quote' });
      const detail = (await call('get', `/orders/${q.id}`, owner)).body;
      return { ...q, quoteNumber: detail.sales.quoteNumber as string };
    };
    const mailOf = async (orderId: number) => {
      const rows = await db()
        .select()
        .from(jobs)
        .where(sql`${jobs.dedupeKey} like ${`quote-sent:${orderId}:%`}`);
      return rows.map((r) => r.payload as { to: string; text: string; attachments: Array<{ filename: string }> });
    };
    const tokenOf = (text: string) => /\/quotes\/([\w.-]+)/.exec(text)![1];

    it('the PDF carries the number, validity and totals; sending mails it with the link; the client accepts online once', async () => {
      await topUp();
      const q = await newQuote();
      expect(q.quoteNumber).toMatch(new RegExp(`^D${year}-\\d{5}$`));
      const pdf = await call('get', `/sales/orders/${q.id}/quote.pdf`, owner).buffer(true).parse(binary);
      expect(pdf.status).toBe(200);
      const { text } = await pdfText(pdf.body as Buffer);
      expect(text).toContain('Devis');
      expect(text).toContain(q.quoteNumber);
      expect(text).toContain('Valable jusqu’au');
      expect(text).toContain('Bon pour accord');
      expect(text.replace(/\s/g, '')).toContain((q.totalTTC / 100).toFixed(2).replace('.', ','));
      expect((await call('get', `/sales/orders/${q.id}/quote.pdf`, owner2)).status).toBe(404);

      expect((await call('post', `/sales/orders/${q.id}/quote/send`, owner, { email: 'pas-un-mail' })).body.field).toBe('email');
      const sent = await call('post', `/sales/orders/${q.id}/quote/send`, owner, { message: 'Suite à notre dégustation' });
      expect(sent.status).toBe(200);
      expect((await call('get', `/orders/${q.id}`, owner)).body.status).toBe('pending');
      const [mail] = await mailOf(q.id);
      expect(mail.to).toBe('cave@test.test');
      expect(mail.text).toContain('Suite à notre dégustation');
      expect(mail.attachments[0].filename).toBe(`${q.quoteNumber}.pdf`);
      const token = tokenOf(mail.text);

      const view = await request(ctx.app).get(`/v1/public/quotes/${token}`);
      expect(view.status).toBe(200);
      expect(view.body).toMatchObject({ number: q.quoteNumber, state: 'open', totalTTC: q.totalTTC, answer: null });
      expect(view.body.lines).toHaveLength(q.lines.length);
      expect((await request(ctx.app).get(`/v1/public/quotes/${token.slice(0, -3)}abc`)).status).toBe(404);
      expect((await request(ctx.app).get(`/v1/public/quotes/${token}/pdf`)).status).toBe(200);

      const unsigned = await request(ctx.app).post(`/v1/public/quotes/${token}/answer`).send({ answer: 'accept' });
      expect(unsigned.body).toMatchObject({ field: 'name', message: 'Indiquez vos nom et prénom' });
      const accepted = await request(ctx.app).post(`/v1/public/quotes/${token}/answer`).send({ answer: 'accept', name: 'Jean Bistrot' });
      expect(accepted.status).toBe(200);
      expect(accepted.body.quote).toMatchObject({ state: 'accepted', answer: { by: 'Jean Bistrot · en ligne' } });
      const order = (await call('get', `/orders/${q.id}`, owner)).body;
      expect(order.status).toBe('validated');
      expect(order.sales.subType).toBe('order');
      const held = await db()
        .select({ reserved: orderLines.reserved })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, q.id), eq(orderLines.formatId, formatIds[0])));
      expect(held[0].reserved).toBe(6);
      const again = await request(ctx.app).post(`/v1/public/quotes/${token}/answer`).send({ answer: 'refuse' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Ce devis ne peut plus recevoir de réponse : il est « accepté »');
      // the converted quote keeps its link
      expect((await request(ctx.app).get(`/v1/public/quotes/${token}`)).body.state).toBe('accepted');
      expect((await call('post', `/sales/orders/${q.id}/quote/send`, owner, {})).status).toBe(409);
    });

    it('a refused quote is closed; an expired one answers 409; an order is no quote', async () => {
      const q = await newQuote();
      await call('post', `/sales/orders/${q.id}/quote/send`, owner, {});
      const token = tokenOf((await mailOf(q.id))[0].text);
      const refused = await request(ctx.app).post(`/v1/public/quotes/${token}/answer`).send({ answer: 'refuse', reason: 'Trop cher' });
      expect(refused.status).toBe(200);
      expect((await call('get', `/orders/${q.id}`, owner)).body.status).toBe('refused');

      const late = await newQuote();
      await call('post', `/sales/orders/${late.id}/quote/send`, owner, {});
      const lateToken = tokenOf((await mailOf(late.id))[0].text);
      await db().update(orders).set({ validUntil: '2020-01-01' }).where(eq(orders.id, late.id));
      expect((await request(ctx.app).get(`/v1/public/quotes/${lateToken}`)).body.state).toBe('expired');
      const tooLate = await request(ctx.app).post(`/v1/public/quotes/${lateToken}/answer`).send({ answer: 'accept', name: 'X' });
      expect(tooLate.status).toBe(409);

      const plain = await newOrder();
      expect((await call('get', `/sales/orders/${plain.id}/quote.pdf`, owner)).status).toBe(409);
    });
  });

  describe('scope and permissions', () => {
    it('an agent takes an order for their own client, sees its actions without invoicing, and nobody else’s', async () => {
      await topUp();
      const agent = await loginAs(ctx.app, 'agent@demo.test');
      const [agentUser] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'agent@demo.test'));
      const [mine] = await db()
        .insert(crmClients)
        .values({
          shopId,
          kind: 'professional',
          typology: 'caviste',
          company: 'Cave de l’agent',
          email: 'agent-client@test.test',
          agentUserId: agentUser.id,
        })
        .returning();
      const refused = await call('post', '/sales/orders', agent, {
        clientId,
        warehouseId,
        lines: [{ formatId: formatIds[0], quantity: 1 }],
      });
      expect(refused.body).toMatchObject({ field: 'clientId', message: 'Client introuvable' });
      const created = await call('post', '/sales/orders', agent, {
        clientId: mine.id,
        warehouseId,
        lines: [{ formatId: formatIds[0], quantity: 2 }],
      });
      expect(created.status).toBe(201);
      const detail = (await call('get', `/orders/${created.body.id}`, agent)).body;
      expect(detail.sales.agent).toMatchObject({ id: agentUser.id });
      expect(detail.sales.allowedActions).toEqual(expect.arrayContaining(['validate', 'cancel']));
      expect(detail.sales.allowedActions).not.toContain('invoice');
      expect((await act(created.body.id, 'validate', {}, agent)).status).toBe(200);
      expect((await act(created.body.id, 'invoice', {}, agent)).status).toBe(403);
      // the owner's own orders stay the owner's
      const other = await newOrder();
      expect((await call('get', `/orders/${other.id}`, agent)).status).toBe(404);
      expect((await act(other.id, 'cancel', {}, agent)).status).toBe(404);
    });

    it("another shop's ids answer 404; an iam without billOrder cannot invoice", async () => {
      const o = await newOrder();
      expect((await call('get', `/orders/${o.id}`, owner2)).status).toBe(404);
      expect((await act(o.id, 'validate', {}, owner2)).status).toBe(404);
      const [inv] = await db().select().from(invoices).where(eq(invoices.shopId, shopId)).limit(1);
      expect((await call('get', `/sales/invoices/${inv.id}`, owner2)).status).toBe(404);
      expect((await call('get', `/sales/invoices/${inv.id}/pdf`, owner2)).status).toBe(404);
      expect((await call('post', `/sales/invoices/${inv.id}/credit-notes`, owner2, {})).status).toBe(404);
      const iamMember = await db().execute(
        sql`select authorizations from shop_members m join users u on u.id = m.user_id where u.email = 'iam@demo.test' and m.shop_id = ${shopId}`,
      );
      const rights = (iamMember as unknown as { rows: Array<{ authorizations: Record<string, boolean> | null }> }).rows[0].authorizations;
      if (rights && rights.billOrder !== true) {
        await act(o.id, 'validate');
        expect((await act(o.id, 'invoice', {}, iam)).status).toBe(403);
      }
      const privateOrder = await newOrder({ clientId: privateClientId });
      expect(privateOrder.status).toBe('draft');
    });
  });

  describe('mentions of the e-invoicing reform', () => {
    it('refuses to invoice a professional without a valid SIREN, using no number; an EU professional is identified by its VAT number', async () => {
      await topUp();
      const billingAddress = {
        kind: 'billing' as const,
        isDefault: true,
        street: '4 rue des Caves',
        zipcode: '69002',
        city: 'Lyon',
        country: 'FR',
      };
      const [missing, wrongKey, eu] = await db()
        .insert(crmClients)
        .values([
          {
            shopId,
            kind: 'professional',
            typology: 'caviste',
            company: 'Cave sans SIREN',
            email: 'sans@test.test',
            addresses: [billingAddress],
          },
          {
            shopId,
            kind: 'professional',
            typology: 'caviste',
            company: 'Cave à la clé fausse',
            email: 'cle@test.test',
            siret: '12345678901234', // fails the Luhn key
            addresses: [billingAddress],
          },
          {
            shopId,
            kind: 'professional',
            typology: 'caviste',
            company: 'Wijnhandel De Kelder',
            email: 'kelder@test.test',
            vatNumber: 'BE0123456749',
            addresses: [{ ...billingAddress, street: 'Grote Markt 1', zipcode: '1000', city: 'Bruxelles', country: 'BE' }],
          },
        ])
        .returning();
      const lastNumber = async () => {
        const res = (await db().execute(
          sql`select max(seq)::int as n from invoices where shop_id = ${shopId} and series = 'invoice' and year = ${Number(year)}`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        };
        return res.rows[0].n;
      };
      const validated = async (id: number) => {
        const o = await newOrder({ clientId: id, lines: [{ formatId: formatIds[0], quantity: 1 }] });
        expect((await act(o.id, 'validate')).status).toBe(200);
        return o;
      };
      const before = await lastNumber();
      for (const c of [missing, wrongKey]) {
        const o = await validated(c.id);
        const refused = await act(o.id, 'invoice');
        expect(refused.status).toBe(422);
        expect(refused.body).toMatchObject({
          message:
            'Le SIREN du client est obligatoire sur une facture entre professionnels (à partir de 2026) : renseignez un SIRET valide dans sa fiche',
          field: 'siret',
        });
        expect((await call('get', `/orders/${o.id}`, owner)).body.status).toBe('validated');
        expect((await db().select().from(invoices).where(eq(invoices.orderId, o.id))).length).toBe(0);
        // the same for a deposit invoice
        expect((await call('post', `/sales/orders/${o.id}/deposits`, owner, { percent: 30 })).status).toBe(422);
      }
      expect(await lastNumber()).toBe(before); // nothing issued, no number used: the series stays gapless
      // with a valid SIRET (La Poste's, whose key is the sum of its digits), the invoice is issued with the next number
      await db().update(crmClients).set({ siret: '35600000000048' }).where(eq(crmClients.id, missing.id));
      const o = await validated(missing.id);
      const issued = await act(o.id, 'invoice');
      expect(issued.status).toBe(200);
      expect(issued.body.document.number).toBe(`F${year}-${String(before + 1).padStart(5, '0')}`);
      // a Belgian professional has a VAT number instead of a SIREN; a wrong one is refused, naming that field
      const euOrder = await validated(eu.id);
      expect((await act(euOrder.id, 'invoice')).status).toBe(200);
      await db().update(crmClients).set({ vatNumber: 'BE0123456700' }).where(eq(crmClients.id, eu.id));
      const wrongVat = await act((await validated(eu.id)).id, 'invoice');
      expect(wrongVat.status).toBe(422);
      expect(wrongVat.body.field).toBe('vatNumber');
    });

    it('freezes in the invoice the delivery address chosen on the order and the option for VAT on debits', async () => {
      await topUp();
      const [c] = await db()
        .insert(crmClients)
        .values({
          shopId,
          kind: 'professional',
          typology: 'caviste',
          company: 'Cave aux deux adresses',
          email: 'deux@test.test',
          siret: '35600000000048',
          addresses: [
            { kind: 'billing', isDefault: true, street: '1 place du Siège', zipcode: '75002', city: 'Paris', country: 'FR' },
            {
              kind: 'delivery',
              isDefault: true,
              streetNumber: '9',
              street: 'quai des Entrepôts',
              zipcode: '33000',
              city: 'Bordeaux',
              country: 'FR',
            },
          ],
        })
        .returning();
      expect((await call('put', '/sales/settings/billing', owner, { ...BILLING, vatOnDebits: true })).status).toBe(200);
      try {
        const o = await newOrder({ clientId: c.id, lines: [{ formatId: formatIds[0], quantity: 2 }] });
        await act(o.id, 'validate');
        const inv = (await act(o.id, 'invoice')).body.document as { id: number };
        const detail = (await call('get', `/sales/invoices/${inv.id}`, owner)).body;
        expect(detail.buyer.address).toMatchObject({ street: '1 place du Siège', city: 'Paris' });
        expect(detail.buyer.deliveryAddress).toEqual({
          street: '9 quai des Entrepôts',
          street2: null,
          zipcode: '33000',
          city: 'Bordeaux',
          country: 'FR',
        });
        expect(detail.seller.vatOnDebits).toBe(true);
        const pdf = await call('get', `/sales/invoices/${inv.id}/pdf`, owner).buffer(true).parse(binary);
        const text = (await pdfText(pdf.body as Buffer)).text.replace(/\s+/g, ' ');
        expect(text).toContain('ADRESSE DE LIVRAISON 9 quai des Entrepôts 33000 Bordeaux');
        expect(text).toContain('Option pour le paiement de la taxe d’après les débits');
        const xml = (await extractFacturXXml(pdf.body as Buffer))!;
        expect(xml).toContain('<ram:LineOne>9 quai des Entrepôts</ram:LineOne>');
        expect(xml).toContain('<ram:DueDateTypeCode>5</ram:DueDateTypeCode>');
      } finally {
        expect((await call('put', '/sales/settings/billing', owner, BILLING)).status).toBe(200);
      }
      // the option off: the next invoice no longer says it
      const o = await newOrder({ clientId: c.id, lines: [{ formatId: formatIds[0], quantity: 1 }] });
      await act(o.id, 'validate');
      const next = (await call('get', `/sales/invoices/${(await act(o.id, 'invoice')).body.document.id}`, owner)).body;
      expect(next.seller.vatOnDebits).toBeUndefined();
    });
  });

  describe('numbering', () => {
    it('100 concurrent issues on two instances with random rollbacks: numbers 1..N, no gap, no duplicate', async () => {
      const name = (ctx.handle as unknown as { name: string }).name;
      const base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
      const shop2 = (await db().select().from(shops).where(eq(shops.urlShop, 'brasserie-demo')))[0].id;
      const party = {
        name: 'X',
        legalForm: null,
        capital: null,
        siret: null,
        siren: null,
        rcs: null,
        vatNumber: null,
        exciseNumber: null,
        address: null,
        email: null,
        phone: null,
        isPro: false,
      };
      const issue = (handleDb: typeof ctx.handle.db, fail: boolean) =>
        handleDb
          .transaction(async (tx) => {
            await insertDocument(tx, {
              shopId: shop2,
              kind: 'invoice',
              prefix: 'T',
              orderId: null,
              clientId: null,
              clientName: 'X',
              seller: party,
              buyer: party,
              lines: [
                {
                  label: 'x',
                  details: null,
                  quantity: 1,
                  unitPriceHT: 100,
                  discountHT: 0,
                  duties: 0,
                  vatRate: 20,
                  totalHT: 100,
                  accountingType: 'product',
                  formatId: null,
                },
              ],
              bank: null,
              latePenalty: '',
              legalExtra: null,
              createdBy: null,
            });
            await new Promise((r) => setTimeout(r, Math.random() * 5));
            if (fail) throw new Error('rollback');
          })
          .then(
            () => true,
            () => false,
          );
      // a second "api instance": its own connection pool on the same database (PostgreSQL only; PGlite has one connection)
      const other =
        base && name.startsWith('wz_test_') ? await openPostgres(Object.assign(new URL(base), { pathname: `/${name}` }).toString()) : null;
      try {
        const dbs = [db(), other?.db ?? db()];
        const results = await Promise.all(Array.from({ length: 100 }, (_, i) => issue(dbs[i % 2], Math.random() < 0.3)));
        const committed = results.filter(Boolean).length;
        const rows = await db().select({ seq: invoices.seq, number: invoices.number }).from(invoices).where(eq(invoices.shopId, shop2));
        expect(rows.map((r) => r.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: committed }, (_, i) => i + 1));
        expect(new Set(rows.map((r) => r.number)).size).toBe(committed);
      } finally {
        await other?.close();
      }
    });

    it('issuing through the api on two instances keeps one series', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const o = await newOrder({ lines: [{ label: `Ligne ${i}`, quantity: 1, unitPriceHT: 1000 + i }] });
        await act(o.id, 'validate');
        ids.push(o.id);
      }
      const app2 = createApp({ db: ctx.handle.db, config: ctx.config, logger: createLogger('silent'), jwtSecret: ctx.secret });
      const res = await Promise.all(
        ids.map((id, i) =>
          request(i % 2 ? app2 : ctx.app)
            .post(`/v1/sales/orders/${id}/actions/invoice`)
            .set(bearer(owner))
            .send({}),
        ),
      );
      expect(res.map((r) => r.status)).toEqual(ids.map(() => 200));
      const all = await db()
        .select({ seq: invoices.seq })
        .from(invoices)
        .where(and(eq(invoices.shopId, shopId), inArray(invoices.kind, ['invoice', 'deposit'])));
      const seqs = all.map((r) => r.seq).sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      expect((await db().select().from(orders).where(inArray(orders.id, ids))).every((o) => o.status === 'invoiced')).toBe(true);
    });
  });
});
