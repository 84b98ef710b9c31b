import request from 'supertest';
import { and, eq, like } from 'drizzle-orm';
import { jobs, notifications, shopMembers, shops, users } from '../../platform/db/tables';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';
import { seedTickets } from '../../seed/tickets';
import { orders } from '../orders';
import { ticketThreads } from './tickets.tables';

interface Detail {
  id: number;
  status: 'open' | 'closed';
  unread: number;
  subject: string;
  viewerSide: 'buyer' | 'shop';
  order: { id: number; number: string } | null;
  messages: Array<{ side: 'buyer' | 'shop'; author: string | null; body: string }>;
}

describe('tickets: messaging between a buyer and a shop (modules/tickets)', () => {
  let ctx: TestContext;
  let buyer: string;
  let buyer2: string;
  let owner: string;
  let owner2: string;
  let iam: string;
  let domaineId: number;
  let buyerOrderId: number;
  const db = () => ctx.handle.db;

  const call = (method: 'get' | 'post', url: string, token: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  };
  const userId = async (email: string) => (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  const newThread = async (extra: Record<string, unknown> = {}) => {
    const res = await call('post', '/tickets', buyer, {
      shopId: 'domaine-demo',
      subject: 'Une question',
      body: 'Bonjour, une question.',
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body as Detail;
  };
  const mailJobs = async (threadMessagePrefix: string) =>
    db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'mail'), like(jobs.dedupeKey, `${threadMessagePrefix}%`)));

  beforeAll(async () => {
    // no running worker: the queued mails are read in the jobs table
    ctx = await createTestContext({}, { jobs: false });
    await seedTickets(db());
    [buyer, owner, owner2, iam] = await Promise.all(
      ['buyer@demo.test', 'owner@demo.test', 'owner2@demo.test', 'iam@demo.test'].map((e) => loginAs(ctx.app, e)),
    );
    // a second buyer (same password hash as buyer@demo.test)
    const [b] = await db().select().from(users).where(eq(users.email, 'buyer@demo.test'));
    await db().insert(users).values({
      username: 'Bernard Second',
      email: 'buyer2@demo.test',
      passwordHash: b.passwordHash,
      role: 'buyer',
      firstname: 'Bernard',
      lastname: 'Second',
      language: 'en',
    });
    const login = await request(ctx.app).post('/v1/auth/login').send({ email: 'buyer2@demo.test', password: 'Buyer1234' });
    buyer2 = login.body.jwt;
    domaineId = (await db().select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    const [o] = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.buyerId, b.id), eq(orders.shopId, domaineId)))
      .limit(1);
    buyerOrderId = o.id;
  });
  afterAll(() => ctx?.close());

  it('demo data: a conversation about an order with one message unread by the shop, and a closed one (seeding twice adds nothing)', async () => {
    await seedTickets(db());
    const res = await call('get', '/tickets?q=Exp%C3%A9dition', owner);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({
      subject: 'Expédition de ma commande',
      status: 'open',
      unread: 1,
      buyer: { name: 'Béatrice Acheteuse' },
    });
    expect(res.body.items[0].order).not.toBeNull();
    const closed = await call('get', '/tickets?status=closed', buyer);
    expect(closed.body.items.map((t: Detail) => t.subject)).toEqual(['Visite de la cave']);
  });

  it('a buyer writes to a shop about their order; the owner sees it unread, reads it, replies; the buyer sees the unread count, then reads', async () => {
    const created = await newThread({
      shopId: 'DOMDEM',
      subject: 'Bouteille cassée',
      body: 'Une bouteille est arrivée cassée.',
      orderId: buyerOrderId,
    });
    expect(created).toMatchObject({ status: 'open', viewerSide: 'buyer', subject: 'Bouteille cassée', order: { id: buyerOrderId } });
    expect(created.messages).toEqual([expect.objectContaining({ side: 'buyer', body: 'Une bouteille est arrivée cassée.' })]);

    const list = await call('get', '/tickets', owner);
    const row = list.body.items.find((t: Detail) => t.id === created.id);
    expect(row).toMatchObject({ unread: 1, excerpt: 'Une bouteille est arrivée cassée.', buyer: { name: 'Béatrice Acheteuse' } });
    expect(list.body.items[0].id).toBe(created.id); // latest activity first

    const before = (await call('get', '/tickets/unread-count', owner)).body.count;
    const read = await call('get', `/tickets/${created.id}`, owner);
    expect(read.body).toMatchObject({ viewerSide: 'shop', unread: 0 });
    expect((await call('get', '/tickets/unread-count', owner)).body.count).toBe(before - 1);

    const reply = await call('post', `/tickets/${created.id}/messages`, owner, { body: 'Nous vous en renvoyons une.' });
    expect(reply.status).toBe(201);
    expect(reply.body.messages.map((m: { side: string }) => m.side)).toEqual(['buyer', 'shop']);

    expect((await call('get', '/tickets/unread-count', buyer)).body).toEqual({ count: 1, threads: 1 });
    const seen = await call('get', `/tickets/${created.id}`, buyer);
    expect(seen.body.messages[1]).toMatchObject({ side: 'shop', author: 'Domaine de Démo', body: 'Nous vous en renvoyons une.' });
    expect((await call('get', '/tickets/unread-count', buyer)).body).toEqual({ count: 0, threads: 0 });
  });

  it("a buyer's message notifies the owner and the iam allowed to see messages (not the others) and queues their mails", async () => {
    const iamId = await userId('iam@demo.test');
    const ownerId = await userId('owner@demo.test');
    // a second iam with every permission (authorizations null); the demo iam has no seeAllMessages
    const [b] = await db().select().from(users).where(eq(users.email, 'iam@demo.test'));
    const [iam2] = await db()
      .insert(users)
      .values({ username: 'Ivan Tout', email: 'iam2@demo.test', passwordHash: b.passwordHash, role: 'iam', language: 'en' })
      .returning();
    await db().insert(shopMembers).values({ userId: iam2.id, shopId: domaineId, kind: 'iam', authorizations: null });

    const t = await newThread({ subject: 'Livraison', body: 'Livrez-vous à Lyon ?' });
    const notes = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.redirectLink, `/tickets?thread=${t.id}`));
    expect(notes.map((n) => n.userId).sort()).toEqual([ownerId, iam2.id].sort());
    expect(notes.every((n) => n.type === 'newMessage')).toBe(true);
    expect(notes.find((n) => n.userId === ownerId)!.content).toBe('Nouveau message de Béatrice Acheteuse : « Livraison »');
    expect(notes.some((n) => n.userId === iamId)).toBe(false);

    const mails = (await mailJobs(`ticket-message:`)).map((j) => j.payload as { to: string; subject: string; text: string; html: string });
    const toOwner = mails.find((m) => m.to === 'owner@demo.test' && m.text.includes('Livrez-vous à Lyon ?'));
    expect(toOwner).toMatchObject({ subject: 'Nouveau message de Béatrice Acheteuse' });
    expect(toOwner!.text).toContain(`/tickets?thread=${t.id}`);
    expect(toOwner!.html).toContain('Livrez-vous à Lyon ?');
    const toIam2 = mails.find((m) => m.to === 'iam2@demo.test' && m.text.includes('Livrez-vous à Lyon ?'));
    expect(toIam2?.subject).toBe('New message from Béatrice Acheteuse');
  });

  it("the shop's reply notifies the buyer and queues their mail, in their language", async () => {
    const t = await newThread({ subject: 'Horaires', body: 'Quels sont vos horaires ?' });
    const buyerId = await userId('buyer@demo.test');
    await call('post', `/tickets/${t.id}/messages`, owner, { body: 'De 9 h à 18 h <b>du lundi au samedi</b>.' });
    const [note] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyerId), eq(notifications.redirectLink, `/tickets?thread=${t.id}`)));
    expect(note).toMatchObject({ type: 'newMessage', content: 'Nouveau message de Domaine de Démo : « Horaires »' });
    const mail = (await mailJobs('ticket-message:'))
      .map((j) => j.payload as { to: string; subject: string; text: string; html: string })
      .find((m) => m.to === 'buyer@demo.test' && m.text.includes('De 9 h à 18 h'));
    expect(mail?.subject).toBe('Nouveau message de Domaine de Démo');
    expect(mail?.html).toContain('&lt;b&gt;du lundi au samedi&lt;/b&gt;');
  });

  it('an iam without seeAllMessages gets 403 on the shop list (200 once granted)', async () => {
    expect((await call('get', '/tickets', iam)).status).toBe(403);
    expect((await call('get', '/tickets/unread-count', iam)).status).toBe(403);
    const iamId = await userId('iam@demo.test');
    const [m] = await db().select().from(shopMembers).where(eq(shopMembers.userId, iamId));
    await db()
      .update(shopMembers)
      .set({ authorizations: { ...m.authorizations, seeAllMessages: true } })
      .where(eq(shopMembers.id, m.id));
    const granted = await call('get', '/tickets', await loginAs(ctx.app, 'iam@demo.test'));
    await db().update(shopMembers).set({ authorizations: m.authorizations }).where(eq(shopMembers.id, m.id));
    expect(granted.status).toBe(200);
    expect(granted.body.items.every((t: { shop: { id: number } }) => t.shop.id === domaineId)).toBe(true);
  });

  it("another shop's owner gets 404 on the thread (read, reply, close)", async () => {
    const t = await newThread();
    for (const res of [
      await call('get', `/tickets/${t.id}`, owner2),
      await call('post', `/tickets/${t.id}/messages`, owner2, { body: 'Intrus' }),
      await call('post', `/tickets/${t.id}/close`, owner2),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Conversation introuvable' });
    }
    expect((await call('get', '/tickets', owner2)).body.items.some((x: Detail) => x.id === t.id)).toBe(false);
  });

  it('another buyer gets 404 on the thread and does not list it', async () => {
    const t = await newThread();
    expect((await call('get', `/tickets/${t.id}`, buyer2)).status).toBe(404);
    expect((await call('post', `/tickets/${t.id}/messages`, buyer2, { body: 'Intrus' })).status).toBe(404);
    expect((await call('get', '/tickets', buyer2)).body).toMatchObject({ items: [], total: 0 });
  });

  it("an order that is not the buyer's at that shop is refused with field orderId", async () => {
    const res = await call('post', '/tickets', buyer2, {
      shopId: 'domaine-demo',
      subject: 'Ma commande',
      body: 'Où en est-elle ?',
      orderId: buyerOrderId,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'orderId' });
    // the buyer's own order at another shop is refused too
    const other = await call('post', '/tickets', buyer, {
      shopId: 'brasserie-demo',
      subject: 'Ma commande',
      body: 'Où en est-elle ?',
      orderId: buyerOrderId,
    });
    expect(other.body).toMatchObject({ field: 'orderId' });
  });

  it('subject and body are needed (§5), the body is at most 5000 characters, the shop must exist', async () => {
    const empty = await call('post', '/tickets', buyer, { shopId: 'domaine-demo', subject: '  ', body: 'Bonjour' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: 'Ce champ ne peut pas être vide', field: 'subject' });
    const long = await call('post', '/tickets', buyer, { shopId: 'domaine-demo', subject: 'Long', body: 'a'.repeat(5001) });
    expect(long.body).toMatchObject({ message: 'Doit contenir au maximum 5000 caractères', field: 'body' });
    const noShop = await call('post', '/tickets', buyer, { shopId: 'nulle-part', subject: 'Sujet', body: 'Bonjour' });
    expect(noShop.body).toMatchObject({ message: 'Boutique introuvable', field: 'shopId' });
    const t = await newThread();
    const emptyReply = await call('post', `/tickets/${t.id}/messages`, buyer, { body: '' });
    expect(emptyReply.body).toMatchObject({ message: 'Ce champ ne peut pas être vide', field: 'body' });
  });

  it('the staff of a shop cannot open a thread to their own shop', async () => {
    const res = await call('post', '/tickets', owner, { shopId: 'domaine-demo', subject: 'Test', body: 'Test' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Vous ne pouvez pas écrire à votre propre boutique');
  });

  it('close and reopen: the buyer closes their own thread but cannot reopen it, their message does; the shop closes and reopens', async () => {
    const t = await newThread();
    expect((await call('post', `/tickets/${t.id}/close`, buyer)).body).toMatchObject({ status: 'closed', message: 'Conversation fermée' });
    expect((await call('post', `/tickets/${t.id}/reopen`, buyer)).status).toBe(403);
    const written = await call('post', `/tickets/${t.id}/messages`, buyer, { body: 'Finalement, encore une question.' });
    expect(written.body.status).toBe('open');
    expect((await call('post', `/tickets/${t.id}/close`, owner)).body.status).toBe('closed');
    // the shop may still reply to a closed thread; it stays closed
    expect((await call('post', `/tickets/${t.id}/messages`, owner, { body: 'Réponse après fermeture' })).body.status).toBe('closed');
    expect((await call('post', `/tickets/${t.id}/reopen`, owner)).body).toMatchObject({ status: 'open', message: 'Conversation rouverte' });
    const [row] = await db().select().from(ticketThreads).where(eq(ticketThreads.id, t.id));
    expect(row.status).toBe('open');
  });

  it("the 'Nouveau message' form lists the shops the buyer ordered from with their orders, plus ?shop=", async () => {
    const res = await call('get', '/tickets/shops?shop=BRADEM', buyer);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ urlShop: 'brasserie-demo', orders: [] });
    const domaine = res.body.find((s: { id: number }) => s.id === domaineId);
    expect(domaine.orders.map((o: { id: number }) => o.id)).toContain(buyerOrderId);
    expect((await call('get', '/tickets/shops', owner)).status).toBe(403);
  });
});
