import request from 'supertest';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { shopMembers, shops, users } from '../../platform/db/tables';
import { crmClients } from '../clients';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { campaignRecipients, campaigns, marketingOptOuts } from './marketing.tables';
import { recipientsOfLists, renderModel } from './index';
import { seedMarketing } from '../../seed/marketing';

describe('marketing lists and templates', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let shopId: number;
  const db = () => ctx.handle.db;
  const TAG = 'mkt-test';

  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, token: string, body?: object) => {
    const r = request(ctx.app)[method](`/v1${path}`).set(bearer(token));
    return body ? r.send(body) : r;
  };
  const iamWith = async (authorizations: Record<string, boolean> | null) => {
    const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'iam@demo.test'));
    await db().update(shopMembers).set({ authorizations }).where(eq(shopMembers.userId, u.id));
  };
  const client = async (values: Partial<typeof crmClients.$inferInsert>) => {
    const [c] = await db()
      .insert(crmClients)
      .values({ shopId, kind: 'private', tags: [TAG], ...values })
      .returning();
    return c;
  };

  let ids: Record<string, number>;

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, iam] = await Promise.all(['owner', 'owner2', 'iam'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    shopId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
    const a = await client({ firstname: 'Alice', lastname: 'Martin', email: 'Alice@Exemple.fr', marketingConsent: true, department: '21' });
    // the same address in another file: mailed once
    const a2 = await client({
      firstname: 'Alice',
      lastname: 'Martin (bis)',
      email: 'alice@exemple.fr ',
      marketingConsent: true,
      department: '21',
    });
    const b = await client({ firstname: 'Bruno', lastname: 'Petit', email: null, marketingConsent: true, department: '21' });
    const c = await client({ firstname: 'Chloé', lastname: 'Roux', email: 'chloe@exemple.fr', marketingConsent: false, department: '75' });
    const d = await client({ firstname: 'David', lastname: 'Blanc', email: 'david@exemple.fr', marketingConsent: true, department: '75' });
    const e = await client({
      kind: 'professional',
      company: 'Cave Eole',
      firstname: 'Émile',
      lastname: 'Eole',
      email: 'emile@eole.fr',
      marketingConsent: true,
      department: '69',
    });
    const f = await client({
      firstname: 'Fanny',
      lastname: 'Archivée',
      email: 'fanny@exemple.fr',
      marketingConsent: true,
      status: 'archived',
    });
    const g = await client({ firstname: 'Gaël', lastname: 'Rebond', email: 'gael@exemple.fr', marketingConsent: true, department: '69' });
    ids = { a: a.id, a2: a2.id, b: b.id, c: c.id, d: d.id, e: e.id, f: f.id, g: g.id };
    // David unsubscribed from the shop's campaigns; Gaël's address bounced in an earlier campaign
    await db().insert(marketingOptOuts).values({ shopId, email: 'david@exemple.fr', unsubscribedAt: new Date() });
    const [camp] = await db().insert(campaigns).values({ shopId, name: 'Ancienne', subject: 'x' }).returning();
    await db()
      .insert(campaignRecipients)
      .values({ campaignId: camp.id, shopId, email: 'gael@exemple.fr', token: 'tok-gael', status: 'bounced' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a dynamic list counts its recipients once per address and who cannot be mailed, by reason', async () => {
    const bad = await call('post', '/marketing/lists', owner, { name: 'x', kind: 'dynamic', filters: { spentMin: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      field: 'filters.spentMin',
      message: 'Le filtre spentMin attend un montant en centimes',
    });
    expect((await call('post', '/marketing/lists', owner, { name: ' ', kind: 'dynamic' })).body).toMatchObject({
      field: 'name',
      message: 'Le nom est obligatoire',
    });
    expect((await call('post', '/marketing/lists', owner, { name: 'x', kind: 'dynamic', filters: { nope: 1 } })).status).toBe(400);

    const res = await call('post', '/marketing/lists', owner, { name: 'Test dynamique', kind: 'dynamic', filters: { tags: [TAG] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'dynamic', message: 'Liste créée', memberCount: null });
    // 7 active files (Fanny is archived): Alice twice (one address), Bruno no email, Chloé no consent, David unsubscribed,
    // Émile, Gaël bounced
    expect(res.body.count).toEqual({
      total: 7,
      recipients: 2,
      duplicates: 1,
      cannotBeMailed: { noEmail: 1, noConsent: 1, unsubscribed: 1, bounced: 1 },
    });
    const id = res.body.id as number;
    expect((await call('get', `/marketing/lists/${id}/count`, owner)).body.recipients).toBe(2);

    // more filters: department, kind, consent
    const count = (filters: object) => call('post', '/marketing/lists/count', owner, { filters: { tags: [TAG], ...filters } });
    expect((await count({ departments: ['21'] })).body.total).toBe(3);
    expect((await count({ kinds: ['professional'] })).body).toMatchObject({ total: 1, recipients: 1 });
    expect((await count({ consent: false })).body).toMatchObject({ total: 1, cannotBeMailed: { noConsent: 1 } });
    expect((await count({ spentMin: 1 })).body.total).toBe(0);
    expect((await count({ lastOrderFrom: '2000-01-01' })).body.total).toBe(0);
    expect((await count({ productIds: [999999] })).body.total).toBe(0);

    // members with their reason, filtered
    const members = await call('get', `/marketing/lists/${id}/members?reason=noConsent`, owner);
    expect(members.body).toMatchObject({ total: 1, items: [{ clientId: ids.c, name: 'Chloé Roux', reason: 'noConsent' }] });
    const ok = await call('get', `/marketing/lists/${id}/members?reason=ok&sort=email`, owner);
    expect(ok.body.items.map((m: { clientId: number }) => m.clientId)).toEqual([ids.a, ids.a2, ids.e]);

    // the CSV export
    const csv = await call('get', `/marketing/lists/${id}/export`, owner);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text.startsWith('\uFEFFNom;Prénom;Société;Mail')).toBe(true);
    expect(csv.text).toContain('Roux;Chloé;;chloe@exemple.fr;;Particulier;;Sans consentement marketing');
  });

  it('recipientsOfLists: consent, opt-outs, bounces, archived files excluded; deduplicated by address; merge fields', async () => {
    const dyn = await call('post', '/marketing/lists', owner, {
      name: 'Dyn',
      kind: 'dynamic',
      filters: { tags: [TAG], departments: ['21', '75'] },
    });
    const stat = await call('post', '/marketing/lists', owner, {
      name: 'Statique',
      kind: 'static',
      clientIds: [ids.a2, ids.d, ids.e, ids.f, ids.c],
    });
    expect(stat.status).toBe(201);
    // Fanny is archived: not a member that counts
    expect(stat.body).toMatchObject({ memberCount: 4, count: { total: 4, recipients: 2 } });
    const out = await recipientsOfLists(db(), shopId, [dyn.body.id, stat.body.id, stat.body.id]);
    expect(out.map((r) => r.email).sort()).toEqual(['alice@exemple.fr', 'emile@eole.fr']);
    const alice = out.find((r) => r.email === 'alice@exemple.fr')!;
    expect(alice.clientId).toBe(ids.a);
    expect(alice.fields).toMatchObject({ firstname: 'Alice', lastname: 'Martin', shopName: 'Domaine de Démo', email: 'alice@exemple.fr' });
    expect(out.find((r) => r.email === 'emile@eole.fr')!.fields).toMatchObject({ businessName: 'Cave Eole', businessReason: 'Cave Eole' });
    // Chloé consents now: she is in; then she unsubscribes (any case of her address): out again
    await db().update(crmClients).set({ marketingConsent: true }).where(eq(crmClients.id, ids.c));
    expect((await recipientsOfLists(db(), shopId, [stat.body.id])).map((r) => r.email)).toContain('chloe@exemple.fr');
    await db().insert(marketingOptOuts).values({ shopId, email: 'chloe@exemple.fr', unsubscribedAt: new Date() });
    expect((await recipientsOfLists(db(), shopId, [stat.body.id])).map((r) => r.email)).not.toContain('chloe@exemple.fr');
    // another shop's lists give nobody
    const [other] = await db()
      .select({ id: shops.id })
      .from(shops)
      .where(sql`${shops.id} <> ${shopId}`)
      .limit(1);
    expect(await recipientsOfLists(db(), other.id, [stat.body.id])).toEqual([]);
  });

  it('static lists: members added and removed in bulk, only the shop’s clients, never on a dynamic list', async () => {
    const l = (await call('post', '/marketing/lists', owner, { name: 'Amis', kind: 'static' })).body;
    expect(l.count.total).toBe(0);
    const add = await call('post', `/marketing/lists/${l.id}/members`, owner, { clientIds: [ids.a, ids.e, ids.a] });
    expect(add.body).toEqual({ added: 2, message: '2 clients ajoutés à la liste' });
    expect((await call('post', `/marketing/lists/${l.id}/members`, owner, { clientIds: [ids.a] })).body.added).toBe(0);
    const [theirs] = await db()
      .insert(crmClients)
      .values({
        shopId: (
          await db()
            .select({ id: shops.id })
            .from(shops)
            .where(sql`${shops.id} <> ${shopId}`)
            .limit(1)
        )[0].id,
        lastname: 'Autre',
      })
      .returning();
    const foreign = await call('post', `/marketing/lists/${l.id}/members`, owner, { clientIds: [ids.a, theirs.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ success: false, field: 'clientIds', message: `Client introuvable : ${theirs.id}` });
    expect((await call('post', `/marketing/lists/${l.id}/members`, owner, { clientIds: [] })).body).toMatchObject({ field: 'clientIds' });
    expect((await call('post', `/marketing/lists/${l.id}/members/remove`, owner, { clientIds: [ids.e] })).body.removed).toBe(1);
    expect((await call('get', `/marketing/lists/${l.id}`, owner)).body).toMatchObject({ memberCount: 1, count: { recipients: 1 } });
    const dyn = (await call('post', '/marketing/lists', owner, { name: 'D', kind: 'dynamic' })).body;
    const refused = await call('post', `/marketing/lists/${dyn.id}/members`, owner, { clientIds: [ids.a] });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('clientIds');
    // rename; delete
    expect((await call('put', `/marketing/lists/${l.id}`, owner, { name: 'Amis proches' })).body).toMatchObject({ name: 'Amis proches' });
    const listed = await call('get', '/marketing/lists?q=proches', owner);
    expect(listed.body.items.map((x: { id: number }) => x.id)).toEqual([l.id]);
    expect((await call('delete', `/marketing/lists/${l.id}`, owner)).status).toBe(200);
    expect((await call('get', `/marketing/lists/${l.id}`, owner)).status).toBe(404);
  });

  it('the client picker filters by the city of any address, with the search', async () => {
    const at = (city: string, kind: 'delivery' | 'billing' = 'delivery') => [{ kind, isDefault: true, city }];
    const [x, y] = await db()
      .insert(crmClients)
      .values([
        { shopId, lastname: 'Picker Un', addresses: at('Villeneuve-lès-Essais') },
        { shopId, lastname: 'Picker Deux', addresses: [...at('Autreville'), ...at('VILLENEUVE-LÈS-ESSAIS', 'billing')] },
        { shopId, lastname: 'Picker Trois', addresses: at('Autreville') },
        { shopId, lastname: 'Picker Archivé', status: 'archived', addresses: at('Villeneuve-lès-Essais') },
      ])
      .returning();
    const picked = async (query: string) => {
      const res = await call('get', `/marketing/clients?${query}`, owner);
      expect(res.status).toBe(200);
      return res.body.items.map((c: { id: number }) => c.id).sort((a: number, b: number) => a - b);
    };
    expect(await picked('city=villeneuve-l%C3%A8s-essais')).toEqual([x.id, y.id]);
    expect(await picked('city=Villeneuve&q=picker%20un')).toEqual([x.id]);
    expect((await call('get', '/marketing/clients?city=Villeneuve&pageSize=1', owner)).body.total).toBe(2);
    const tooLong = await call('get', `/marketing/clients?city=${'a'.repeat(101)}`, owner);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.field).toBe('city');
    await db()
      .delete(crmClients)
      .where(sql`${crmClients.lastname} like 'Picker %'`);
  });

  it('templates: standard from blocks (MJML), advanced from HTML, both sanitised; unknown merge field refused naming the field', async () => {
    const std = await call('post', '/marketing/models', owner, {
      name: 'Nouveau millésime',
      kind: 'standard',
      subject: 'Bonjour {{firstname}}',
      blocks: [
        { type: 'heading', text: 'Le millésime 2024 est là', level: 1 },
        { type: 'text', html: '<p>Cher {{firstname}},<img src=x onerror=alert(1)></p>' },
        { type: 'button', label: 'Commander', href: 'https://domaine-demo.test/shop' },
      ],
    });
    expect(std.status).toBe(201);
    expect(std.body.html).toContain('Le millésime 2024 est là');
    expect(std.body.html).toContain('Cher {{firstname}},');
    expect(std.body.html).not.toMatch(/onerror|<script/i);
    expect(std.body.html).toContain('#7b1e3a'); // the shop's colour

    const unknown = await call('post', '/marketing/models', owner, {
      name: 'x',
      kind: 'standard',
      blocks: [
        { type: 'text', html: '<p>ok</p>' },
        { type: 'text', html: 'Bonjour {{prenom}}' },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ success: false, field: 'blocks.1.html', message: 'Le champ de fusion {{prenom}} n’existe pas' });
    expect((await call('post', '/marketing/models', owner, { name: 'x', kind: 'advanced', html: '{{ foo }}' })).body).toMatchObject({
      field: 'html',
      message: 'Le champ de fusion {{foo}} n’existe pas',
    });
    expect((await call('post', '/marketing/models', owner, { name: 'x', kind: 'advanced', html: ' ' })).body).toMatchObject({
      field: 'html',
    });
    expect(
      (
        await call('post', '/marketing/models', owner, {
          name: 'x',
          kind: 'standard',
          blocks: [{ type: 'button', label: 'a', href: 'javascript:alert(1)' }],
        })
      ).body,
    ).toMatchObject({ field: 'blocks.0.href', message: "L'url n'est pas valide" });
    expect(
      (await call('post', '/marketing/models', owner, { name: 'x', kind: 'standard', blocks: [{ type: 'product', productId: 999999 }] }))
        .body,
    ).toMatchObject({ field: 'blocks.0.productId', message: 'Produit inexistant' });

    const adv = await call('post', '/marketing/models', owner, {
      name: 'Avancé',
      kind: 'advanced',
      subject: 'Offre',
      html: '<html><body><h1 style="color: #333; position: fixed">Salut {{firstname}}</h1><script>alert(1)</script><a href="javascript:x">a</a></body></html>',
    });
    expect(adv.status).toBe(201);
    expect(adv.body.html).toContain('<h1 style="color: #333">Salut {{firstname}}</h1>');
    expect(adv.body.html).not.toMatch(/script|javascript/);

    // the preview: sample values, HTML-escaped; the campaigns' render
    const prev = await call('get', `/marketing/models/${adv.body.id}/preview`, owner);
    expect(prev.body.html).toContain('Salut Camille');
    const draft = await call('post', '/marketing/models/preview', owner, {
      kind: 'standard',
      blocks: [{ type: 'heading', text: '{{shopName}}' }],
    });
    expect(draft.status).toBe(200);
    expect(draft.body.html).toContain('Domaine de Démo');
    expect(await renderModel(db(), shopId, adv.body.id)).toMatchObject({
      subject: 'Offre',
      html: expect.stringContaining('Salut {{firstname}}'),
    });
    await expect(renderModel(db(), shopId + 1000, adv.body.id)).rejects.toMatchObject({ status: 404 });

    const put = await call('put', `/marketing/models/${std.body.id}`, owner, {
      name: 'Millésime',
      kind: 'standard',
      blocks: [{ type: 'divider' }],
    });
    expect(put.body).toMatchObject({ name: 'Millésime', message: 'Modèle enregistré', blocks: [{ type: 'divider' }] });
    const list = await call('get', '/marketing/models?kind=advanced', owner);
    expect(list.body.items.map((m: { name: string }) => m.name)).toEqual(['Avancé']);
  });

  it('a template image is uploaded, re-encoded and answered with an absolute URL; not an image → 400 on file', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#7b1e3a' } })
      .png()
      .toBuffer();
    const up = await request(ctx.app).post('/v1/marketing/media').set(bearer(owner)).set('Content-Type', 'image/png').send(png);
    expect(up.status).toBe(201);
    expect(up.body.url).toMatch(/^https?:\/\/[^/]+\/v1\/media\/[0-9a-f]{64}\.webp$/);
    expect(up.body).toMatchObject({ width: 40, height: 20 });
    const served = await request(ctx.app).get(new URL(up.body.url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const bad = await request(ctx.app)
      .post('/v1/marketing/media')
      .set(bearer(owner))
      .set('Content-Type', 'image/png')
      .send(Buffer.from('nope'));
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('file');
  });

  it('scoping: another shop’s list or template → 404; iam without the right → 403; campaigns module off → 403', async () => {
    const l = (await call('post', '/marketing/lists', owner, { name: 'Privée', kind: 'static' })).body;
    const m = (await call('post', '/marketing/models', owner, { name: 'Privé', kind: 'advanced', html: '<p>x</p>' })).body;
    await db().execute(sql`update shops set integration = integration || '{"campaigns":{"active":true}}'`);
    for (const path of [
      `/marketing/lists/${l.id}`,
      `/marketing/lists/${l.id}/members`,
      `/marketing/lists/${l.id}/export`,
      `/marketing/models/${m.id}`,
    ]) {
      const res = await call('get', path, owner2);
      expect(res.status).toBe(404);
    }
    expect((await call('get', '/marketing/lists', owner2)).body.items.map((x: { id: number }) => x.id)).not.toContain(l.id);
    expect((await call('delete', `/marketing/models/${m.id}`, owner2)).status).toBe(404);
    expect((await call('get', '/marketing/lists/abc', owner)).body).toMatchObject({ success: false, message: 'Liste introuvable' });

    try {
      await iamWith({ createModel: true });
      expect((await call('get', '/marketing/lists', iam)).status).toBe(403);
      expect((await call('get', '/marketing/models', iam)).status).toBe(200);
      await iamWith({ createList: true });
      expect((await call('get', '/marketing/lists', iam)).status).toBe(200);
      expect((await call('post', '/marketing/models', iam, { name: 'x', kind: 'advanced', html: '<p>x</p>' })).status).toBe(403);
    } finally {
      await iamWith(null);
    }
    await db().execute(sql`update shops set integration = integration || '{"campaigns":{"active":false}}' where id = ${shopId}`);
    try {
      const off = await call('get', '/marketing/lists', owner);
      expect(off.status).toBe(403);
      expect(off.body.message).toBe('Ce module n’est pas activé pour votre boutique');
    } finally {
      await db().execute(sql`update shops set integration = integration || '{"campaigns":{"active":true}}' where id = ${shopId}`);
    }
  });

  it('demo data: a static and a dynamic list, a standard and an advanced template, seeded once', async () => {
    await db().execute(sql`delete from marketing_lists where shop_id = ${shopId}`);
    await seedMarketing(db());
    await seedMarketing(db());
    const lists = (await call('get', '/marketing/lists?sort=name', owner)).body.items;
    expect(lists.map((l: { kind: string }) => l.kind).sort()).toEqual(['dynamic', 'static']);
    const models = (await call('get', '/marketing/models?pageSize=100', owner)).body.items.map(
      (m: { name: string; kind: string }) => m.name,
    );
    expect(models).toEqual(expect.arrayContaining(['Nouveau millésime', 'Invitation portes ouvertes (HTML)']));
  });
});
