import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { simpleParser, type ParsedMail } from 'mailparser';
import { and, eq, like, sql } from 'drizzle-orm';
import { jobs, notifications, shopMembers, shops, users } from '../../platform/db/tables';
import { loadConfig } from '../../platform/config';
import { crmClients } from '../clients';
import { campaignRecipients, campaigns, emailModels, marketingListMembers, marketingLists, marketingOptOuts } from '../marketing';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { createCampaignSender, createLinkKey } from './index';

const MODEL_HTML =
  '<html><body><h1>Bonjour {{firstname}} {{lastname}}</h1>' +
  '<p>Le nouveau millésime est arrivé. <a href="https://domaine-demo.test/vins?annee=2024&amp;couleur=rouge">Voir les vins</a></p>' +
  '<p><a href="mailto:contact@domaine-demo.test">Nous écrire</a></p></body></html>';

describe('campaigns', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let domaineId: number;
  let brasserieId: number;
  let modelId: number;
  let listId: number;
  let otherListId: number;
  let mailDir: string;
  const db = () => ctx.handle.db;
  let seq = 0;

  const call = (method: 'get' | 'post' | 'put' | 'delete', p: string, token: string, body?: object) => {
    const r = request(ctx.app)[method](`/v1${p}`).set(bearer(token));
    return body ? r.send(body) : r;
  };
  const iamWith = async (authorizations: Record<string, boolean> | null) => {
    const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'iam@demo.test'));
    await db().update(shopMembers).set({ authorizations }).where(eq(shopMembers.userId, u.id));
  };
  /** Clients of the domaine in a new static list: `consent` false for those given in `without`. */
  const makeList = async (emails: string[], without: string[] = []) => {
    const [list] = await db()
      .insert(marketingLists)
      .values({ shopId: domaineId, name: `Liste ${++seq}`, kind: 'static' })
      .returning();
    for (const email of emails) {
      const [c] = await db()
        .insert(crmClients)
        .values({
          shopId: domaineId,
          firstname: email.split('@')[0].replace(/\d+$/, ''),
          lastname: 'Test',
          email,
          marketingConsent: !without.includes(email),
        })
        .returning();
      await db().insert(marketingListMembers).values({ listId: list.id, clientId: c.id });
    }
    return list.id;
  };
  const newCampaign = async (lists: number[], name = `Campagne ${++seq}`) => {
    const res = await call('post', '/campaigns', owner, { name, modelId, listIds: lists, subject: 'Du nouveau, {{firstname}}' });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const mailsTo = async (to: string): Promise<ParsedMail[]> => {
    const files = fs.readdirSync(mailDir).filter((f) => f.endsWith(`-${to}.eml`));
    return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(mailDir, f)))));
  };
  /** A raw header's value (mailparser groups the List-* headers under 'list'). */
  const header = (mail: ParsedMail, key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, '');
  const recipientsOf = (campaignId: number) => db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));
  /** Runs the campaign's jobs as the worker would, the batches to come included (their run_at brought forward). */
  const runCampaignJobs = async () => {
    for (let i = 0; i < 50; i++) {
      await db().execute(sql`update jobs set run_at = now() where kind like 'campaign-%' and status = 'pending'`);
      const n = await ctx.drainJobs();
      if (!n) return;
    }
  };

  beforeAll(async () => {
    mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wz-campaigns-mail-'));
    const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/wz-api-test-unused' }).accounts;
    ctx = await createTestContext({ accounts: { ...base, smtpUrl: undefined, mailDir, publicUrl: 'http://app.test' } }, { jobs: false });
    [owner, owner2, iam] = await Promise.all(['owner', 'owner2', 'iam'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    domaineId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
    brasserieId = (await request(ctx.app).get('/v1/shops/brasserie-demo')).body.id;
    [{ id: modelId }] = await db()
      .insert(emailModels)
      .values({ shopId: domaineId, name: 'Nouveau millésime', kind: 'advanced', subject: 'Nouveau millésime', html: MODEL_HTML })
      .returning();
    listId = await makeList(
      ['alice@client.test', 'bruno@client.test', 'ALICE@client.test', 'chloe@client.test', 'denis@client.test'],
      ['denis@client.test'],
    );
    [{ id: otherListId }] = await db().insert(marketingLists).values({ shopId: brasserieId, name: 'Autre', kind: 'static' }).returning();
  });
  afterAll(async () => {
    await iamWith({ seeAllOrder: true, createOrder: true, seeAllClient: true, createClient: true });
    await ctx.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  });

  it('module off → 403; another shop’s campaign → 404; an iam needs createCampaign', async () => {
    const id = await newCampaign([listId]);
    expect((await call('get', '/campaigns', owner2)).status).toBe(403);
    expect((await call('get', '/campaigns', owner2)).body.message).toBe('Ce module n’est pas activé pour votre boutique');
    await db().execute(sql`update shops set integration = integration || '{"campaigns":{"active":true}}' where id = ${brasserieId}`);
    try {
      for (const p of [`/campaigns/${id}`, `/campaigns/${id}/recipients`, `/campaigns/${id}/preview`]) {
        expect((await call('get', p, owner2)).status).toBe(404);
      }
      expect((await call('post', `/campaigns/${id}/send`, owner2)).status).toBe(404);
      expect((await call('get', '/campaigns', owner2)).body.items).toEqual([]);
    } finally {
      await db().execute(sql`update shops set integration = integration || '{"campaigns":{"active":false}}' where id = ${brasserieId}`);
    }
    await iamWith({ seeAllClient: true });
    expect((await call('get', '/campaigns', iam)).status).toBe(403);
    await iamWith({ createCampaign: true });
    expect((await call('get', `/campaigns/${id}`, iam)).status).toBe(200);
    expect((await call('put', '/campaigns/settings', iam, { senderName: 'X', ratePerMinute: 10 })).status).toBe(403);
  });

  it('bad input → 400 naming the field', async () => {
    const bad = async (p: string, body: object, field: string, message?: string) => {
      const res = await call('post', p, owner, body);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
      if (message) expect(res.body.message).toBe(message);
    };
    await bad('/campaigns', { listIds: [], subject: 'x' }, 'name');
    await bad('/campaigns', { name: 'A', subject: 'x', listIds: ['a'] }, 'listIds.0');
    await bad(
      '/campaigns',
      { name: 'A', subject: 'x', listIds: [otherListId] },
      'listIds',
      'Une des listes choisies n’existe pas dans votre boutique',
    );
    await bad('/campaigns', { name: 'A', subject: 'x', modelId: 999999 }, 'modelId');
    const id = await newCampaign([listId]);
    await bad(`/campaigns/${id}/test`, { emails: [] }, 'emails', 'Veuillez renseigner au moins une adresse mail.');
    await bad(`/campaigns/${id}/test`, { emails: ['ok@x.test', 'pas-une-adresse'] }, 'emails.1', "L'adresse mail n'est pas valide");
    await bad(`/campaigns/${id}/test`, { emails: Array.from({ length: 11 }, (_, i) => `t${i}@x.test`) }, 'emails');
    await bad(`/campaigns/${id}/schedule`, { scheduledAt: 'demain' }, 'scheduledAt');
    await bad(
      `/campaigns/${id}/schedule`,
      { scheduledAt: new Date(Date.now() - 60_000).toISOString() },
      'scheduledAt',
      'La date d’envoi doit être dans le futur',
    );
    const empty = (await call('post', '/campaigns', owner, { name: 'Sans liste', subject: 'x', modelId })).body.id;
    await bad(`/campaigns/${empty}/send`, {}, 'listIds');
    expect((await call('get', '/campaigns/audience?listIds=1,abc', owner)).body.field).toBe('listIds');
    const settings = await call('put', '/campaigns/settings', owner, { senderName: 'Domaine', ratePerMinute: 0 });
    expect([settings.status, settings.body.field]).toEqual([400, 'ratePerMinute']);
    const from = await call('put', '/campaigns/settings', owner, { senderName: 'Domaine', senderEmail: 'nope', ratePerMinute: 10 });
    expect([from.status, from.body.field]).toEqual([400, 'senderEmail']);
  });

  it('the audience counts people with an email and consent, once per address; a test mails the addresses given', async () => {
    expect((await call('get', `/campaigns/audience?listIds=${listId}`, owner)).body).toEqual({ count: 3 });
    const id = await newCampaign([listId]);
    const res = await call('post', `/campaigns/${id}/test`, owner, { emails: ['Testeur@Example.test', 'testeur@example.test'] });
    expect(res.status).toBe(200);
    expect(res.body.sent).toBe(1);
    await ctx.drainJobs();
    const [mail] = await mailsTo('testeur@example.test');
    expect(mail.subject).toBe('[Test] Du nouveau, alice');
    expect(mail.html).toContain('Bonjour alice Test');
    // a test is not tracked: the link is the model's own
    expect(mail.html).toContain('href="https://domaine-demo.test/vins?annee=2024&amp;couleur=rouge"');
    expect(mail.html).not.toContain('/v1/t/o/');
    expect(header(mail, 'list-unsubscribe')).toBeUndefined();
    expect(await recipientsOf(id)).toEqual([]);
  });

  it('sends once to each person with consent, tracked, with the one-click unsubscribe; the end is notified', async () => {
    await call('put', '/campaigns/settings', owner, {
      senderName: 'Domaine de Démo',
      senderEmail: 'news@domaine-demo.test',
      replyTo: 'contact@domaine-demo.test',
      postalAddress: '1 route des Vignes, 21200 Beaune',
      ratePerMinute: 600,
    });
    const id = await newCampaign([listId], 'Millésime 2024');
    const sent = await call('post', `/campaigns/${id}/send`, owner);
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('sending');
    expect(sent.body.stats.recipients).toBe(3);
    expect((await call('post', `/campaigns/${id}/send`, owner)).status).toBe(409);
    await runCampaignJobs();

    const detail = (await call('get', `/campaigns/${id}`, owner)).body;
    expect(detail.status).toBe('sent');
    expect(detail.stats).toMatchObject({ recipients: 3, sent: 3, delivered: 3, failed: 0, opened: 0 });
    const rows = await recipientsOf(id);
    expect(rows.map((r) => r.email).sort()).toEqual(['alice@client.test', 'bruno@client.test', 'chloe@client.test']);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(await mailsTo('denis@client.test')).toEqual([]);

    const [mail] = await mailsTo('bruno@client.test');
    const token = rows.find((r) => r.email === 'bruno@client.test')!.token;
    expect(mail.subject).toBe('Du nouveau, bruno');
    expect(mail.from?.value[0]).toEqual({ name: 'Domaine de Démo', address: 'news@domaine-demo.test' });
    expect(mail.replyTo?.value[0].address).toBe('contact@domaine-demo.test');
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail, 'list-unsubscribe')).toBe(`<http://app.test/v1/t/u/${token}>`);
    expect(mail.html).toContain(`http://app.test/v1/t/o/${token}.gif`);
    expect(mail.html).toContain(`http://app.test/disable-tracking-notif?token=${token}`);
    expect(mail.html).toContain('1 route des Vignes, 21200 Beaune');
    expect(mail.html).not.toContain('href="https://domaine-demo.test/vins');
    expect(mail.html).toContain('href="mailto:contact@domaine-demo.test"');
    expect(mail.text).toContain('Se désinscrire');

    const [owner1] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'owner@demo.test'));
    const ended = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner1.id), eq(notifications.type, 'endedNewsletter')));
    expect(ended.map((n) => n.content)).toContain('La campagne « Millésime 2024 » est envoyée : 3 mails envoyés.');

    const page = await call('get', `/campaigns/${id}/recipients?status=sent&pageSize=2&sort=email`, owner);
    expect(page.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.body.items.map((r: { email: string }) => r.email)).toEqual(['alice@client.test', 'bruno@client.test']);
    const preview = (await call('get', `/campaigns/${id}/preview`, owner)).body;
    expect(preview.html).toContain('Voir les vins');
    expect(preview.html).not.toContain('/v1/t/o/');
  });

  it('tracking: the pixel, a click, a forged link refused, the one-click unsubscribe; the next campaign skips that person', async () => {
    const id = await newCampaign([listId]);
    await call('post', `/campaigns/${id}/send`, owner);
    await runCampaignJobs();
    const rows = await recipientsOf(id);
    const chloe = rows.find((r) => r.email === 'chloe@client.test')!;
    const alice = rows.find((r) => r.email === 'alice@client.test')!;

    const px = await request(ctx.app).get(`/v1/t/o/${chloe.token}.gif`);
    expect(px.status).toBe(200);
    expect(px.headers['content-type']).toBe('image/gif');
    const unknown = await request(ctx.app).get(`/v1/t/o/${'0'.repeat(64)}.gif`);
    expect([unknown.status, unknown.headers['content-type'], unknown.body.length]).toEqual([200, 'image/gif', px.body.length]);

    const mail = (await mailsTo('chloe@client.test')).find((m) => m.html && m.html.includes(chloe.token))!;
    const href = /href="(http:\/\/app\.test\/v1\/t\/c\/[^"]+)"/.exec(String(mail.html))![1].replace(/&amp;/g, '&');
    const click = await request(ctx.app).get(href.replace('http://app.test', ''));
    expect(click.status).toBe(302);
    expect(click.headers.location).toBe('https://domaine-demo.test/vins?annee=2024&couleur=rouge');

    const s = new URL(href).searchParams.get('s')!;
    const forged = await request(ctx.app).get(`/v1/t/c/${chloe.token}?u=${encodeURIComponent('https://evil.test/')}&s=${s}`);
    expect([forged.status, forged.body.message]).toEqual([404, 'Ce lien n’est pas valide ou a expiré']);
    // signed with the server's key but not a link of the campaign: refused all the same
    const signed = createLinkKey(ctx.secret).sign(chloe.token, 'https://evil.test/');
    expect((await request(ctx.app).get(`/v1/t/c/${chloe.token}?u=${encodeURIComponent('https://evil.test/')}&s=${signed}`)).status).toBe(
      404,
    );
    // another recipient's signature does not open this one's
    expect((await request(ctx.app).get(href.replace('http://app.test', '').replace(chloe.token, alice.token))).status).toBe(404);

    const after = (await recipientsOf(id)).find((r) => r.id === chloe.id)!;
    expect(after.status).toBe('clicked');
    expect(after.openedAt).not.toBeNull();
    expect(after.clickedAt).not.toBeNull();
    const stats = (await call('get', `/campaigns/${id}`, owner)).body.stats;
    expect(stats).toMatchObject({ opened: 1, clicked: 1, openRate: 0.3333 });

    // RFC 8058: the mail provider posts List-Unsubscribe=One-Click
    const unsub = await request(ctx.app).post(`/v1/t/u/${alice.token}`).type('form').send('List-Unsubscribe=One-Click');
    expect(unsub.status).toBe(200);
    expect(unsub.body).toEqual({ shopName: 'Domaine de Démo', email: 'a•••@client.test', unsubscribed: true, trackingOff: false });
    expect((await recipientsOf(id)).find((r) => r.id === alice.id)!.status).toBe('unsubscribed');
    expect((await request(ctx.app).post(`/v1/t/u/${'f'.repeat(64)}`)).status).toBe(404);

    expect((await call('get', `/campaigns/audience?listIds=${listId}`, owner)).body).toEqual({ count: 2 });
    const next = await newCampaign([listId]);
    await call('post', `/campaigns/${next}/send`, owner);
    await runCampaignJobs();
    expect((await recipientsOf(next)).map((r) => r.email).sort()).toEqual(['bruno@client.test', 'chloe@client.test']);

    // tracking off: no pixel nor click recorded, no tracked link in the next mails
    const prefs = await request(ctx.app).put(`/v1/t/p/${chloe.token}`).send({ trackingOff: true });
    expect(prefs.body).toMatchObject({ unsubscribed: false, trackingOff: true });
    const third = await newCampaign([listId]);
    await call('post', `/campaigns/${third}/send`, owner);
    await runCampaignJobs();
    const chloe3 = (await recipientsOf(third)).find((r) => r.email === 'chloe@client.test')!;
    const mail3 = (await mailsTo('chloe@client.test')).find((m) => String(m.html).includes(chloe3.token))!;
    expect(mail3.html).not.toContain('/v1/t/o/');
    expect(mail3.html).not.toContain('/v1/t/c/');
    expect(mail3.html).toContain('href="https://domaine-demo.test/vins?annee=2024&amp;couleur=rouge"');
    expect(header(mail3, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    await request(ctx.app).get(`/v1/t/o/${chloe3.token}.gif`);
    expect((await recipientsOf(third)).find((r) => r.id === chloe3.id)!.openedAt).toBeNull();
  });

  it('an unsubscription between queueing and sending is honoured at send time', async () => {
    const list = await makeList(['eve@client.test', 'fanny@client.test']);
    const first = await newCampaign([list]);
    await call('post', `/campaigns/${first}/send`, owner);
    await runCampaignJobs();
    const eveToken = (await recipientsOf(first)).find((r) => r.email === 'eve@client.test')!.token;

    const second = await newCampaign([list]);
    await call('post', `/campaigns/${second}/send`, owner); // queued, not sent yet (the worker is not running)
    expect((await recipientsOf(second)).map((r) => r.status)).toEqual(['queued', 'queued']);
    // the opt-out written behind the service's back (another instance): the sender reads it again
    await db().insert(marketingOptOuts).values({ shopId: domaineId, email: 'fanny@client.test', unsubscribedAt: new Date() });
    await request(ctx.app).post(`/v1/t/u/${eveToken}`);
    await runCampaignJobs();
    const rows = await recipientsOf(second);
    expect(rows.map((r) => r.status)).toEqual(['unsubscribed', 'unsubscribed']);
    expect(rows.every((r) => r.sentAt === null)).toBe(true);
    const mails = [...(await mailsTo('eve@client.test')), ...(await mailsTo('fanny@client.test'))];
    expect(mails).toHaveLength(2); // the first campaign's only
  });

  it('exactly once across a worker crash mid-batch and a job run twice', async () => {
    const emails = Array.from({ length: 9 }, (_, i) => `crash${i}@client.test`);
    const list = await makeList(emails);
    const id = await newCampaign([list]);
    await call('put', '/campaigns/settings', owner, { senderName: 'Domaine de Démo', ratePerMinute: 600 });
    await call('post', `/campaigns/${id}/send`, owner);

    let queued = 0;
    const crashing = createCampaignSender({
      db: db(),
      config: ctx.config,
      links: createLinkKey(ctx.secret),
      chunkSize: 2,
      onQueued: () => {
        if (++queued === 5) throw new Error('worker killed');
      },
    });
    await expect(crashing.runSend({ campaignId: id, step: 0 })).rejects.toThrow('worker killed');
    // two chunks of two committed; the third rolled back
    expect((await recipientsOf(id)).filter((r) => r.status === 'sent')).toHaveLength(4);
    const mailJobs = () =>
      db()
        .select({ key: jobs.dedupeKey })
        .from(jobs)
        .where(like(jobs.dedupeKey, `campaign-mail:${id}:%`));
    expect(await mailJobs()).toHaveLength(4);

    // the same job taken again (its worker died) alongside another worker: nobody mailed twice
    const sane = createCampaignSender({ db: db(), config: ctx.config, links: createLinkKey(ctx.secret), chunkSize: 2 });
    await Promise.all([sane.runSend({ campaignId: id, step: 0 }), sane.runSend({ campaignId: id, step: 0 })]);
    await runCampaignJobs();
    await sane.runSend({ campaignId: id, step: 0 });
    await runCampaignJobs();

    const keys = (await mailJobs()).map((j) => j.key);
    expect(keys).toHaveLength(9);
    expect(new Set(keys).size).toBe(9);
    for (const e of emails) expect(await mailsTo(e)).toHaveLength(1);
    expect((await call('get', `/campaigns/${id}`, owner)).body.status).toBe('sent');
  });

  it('a mail that fails marks its recipient failed and raises mailFail', async () => {
    const list = await makeList(['gaby@client.test', 'hugo@client.test']);
    const id = await newCampaign([list], 'Échecs');
    await call('post', `/campaigns/${id}/send`, owner);
    const sender = createCampaignSender({ db: db(), config: ctx.config, links: createLinkKey(ctx.secret) });
    expect(await sender.runSend({ campaignId: id, step: 0 })).toBe('waiting');
    const hugo = (await recipientsOf(id)).find((r) => r.email === 'hugo@client.test')!;
    await db()
      .update(jobs)
      .set({ status: 'failed', lastError: "Can't send mail - all recipients were rejected: 550 5.1.1 User unknown" })
      .where(eq(jobs.dedupeKey, `campaign-mail:${id}:${hugo.id}`));
    await ctx.drainJobs();
    expect(await sender.runSend({ campaignId: id, step: 1 })).toBe('ended');
    const rows = await recipientsOf(id);
    expect(rows.find((r) => r.id === hugo.id)!.status).toBe('bounced');
    expect((await call('get', `/campaigns/${id}`, owner)).body.stats).toMatchObject({ sent: 2, bounced: 1, delivered: 1 });
    const fails = await db().select().from(notifications).where(eq(notifications.type, 'mailFail'));
    expect(fails.map((n) => n.content)).toContain('La campagne « Échecs » n’a pas pu être envoyée à hugo@client.test');
  });

  it('schedule, cancel, and the start at the date', async () => {
    const id = await newCampaign([listId]);
    const at = new Date(Date.now() + 3_600_000);
    const res = await call('post', `/campaigns/${id}/schedule`, owner, { scheduledAt: at.toISOString() });
    expect(res.body).toMatchObject({ status: 'scheduled', scheduledAt: at.toISOString(), actions: { cancel: true } });
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'campaign-start'), sql`${jobs.payload}->>'campaignId' = ${String(id)}`));
    expect(job.runAt.toISOString()).toBe(at.toISOString());
    expect((await call('post', `/campaigns/${id}/cancel`, owner)).body.status).toBe('cancelled');
    expect((await call('post', `/campaigns/${id}/cancel`, owner)).status).toBe(409);

    const sender = createCampaignSender({ db: db(), config: ctx.config, links: createLinkKey(ctx.secret) });
    const later = new Date(at.getTime() + 1000);
    await sender.runStart({ campaignId: id, scheduledAt: at.toISOString() }, later);
    expect((await db().select().from(campaigns).where(eq(campaigns.id, id)))[0].status).toBe('cancelled');

    const at2 = new Date(Date.now() + 7_200_000);
    await call('post', `/campaigns/${id}/schedule`, owner, { scheduledAt: at2.toISOString() });
    // the job of the first date does nothing; the second starts the sending
    await sender.runStart({ campaignId: id, scheduledAt: at.toISOString() }, later);
    expect((await recipientsOf(id)).length).toBe(0);
    await sender.runStart({ campaignId: id, scheduledAt: at2.toISOString() }, new Date(at2.getTime() + 1000));
    const detail = (await call('get', `/campaigns/${id}`, owner)).body;
    expect(detail.status).toBe('sending');
    expect(detail.stats.recipients).toBeGreaterThan(0);
    expect((await call('put', `/campaigns/${id}`, owner, { name: 'x', subject: 'y', listIds: [] })).status).toBe(409);
    expect((await call('delete', `/campaigns/${id}`, owner)).status).toBe(409);
  });

  it('the options list the shop’s models and lists; a model’s script never reaches the preview nor the mail', async () => {
    const options = (await call('get', '/campaigns/options', owner)).body;
    expect(options.models.map((m: { id: number }) => m.id)).toContain(modelId);
    expect(options.lists.map((l: { id: number }) => l.id)).toContain(listId);
    expect(options.lists.map((l: { id: number }) => l.id)).not.toContain(otherListId);
    const [bad] = await db()
      .insert(emailModels)
      .values({
        shopId: domaineId,
        name: 'Piégé',
        kind: 'advanced',
        html: '<p>Bonjour</p><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">lien</a>',
      })
      .returning();
    const list = await makeList(['xss@client.test']);
    const res = await call('post', '/campaigns', owner, { name: 'XSS', modelId: bad.id, listIds: [list], subject: 'XSS' });
    const preview = (await call('get', `/campaigns/${res.body.id}/preview`, owner)).body.html as string;
    for (const html of [preview]) {
      expect(html).toContain('Bonjour');
      expect(html).not.toMatch(/<script|onerror|javascript:/i);
    }
    await call('post', `/campaigns/${res.body.id}/send`, owner);
    await runCampaignJobs();
    const [mail] = await mailsTo('xss@client.test');
    expect(mail.html).toContain('Bonjour');
    expect(String(mail.html)).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('settings: defaults, saved by the owner under shops.settings.campaigns', async () => {
    const [shop] = await db().select().from(shops).where(eq(shops.id, domaineId));
    const got = await call('get', '/campaigns/settings', owner);
    expect(got.status).toBe(200);
    expect(got.body.senderName).toBeTruthy();
    const saved = await call('put', '/campaigns/settings', owner, {
      senderName: 'Le Domaine',
      senderEmail: '',
      replyTo: null,
      postalAddress: ' 2 rue du Pressoir ',
      ratePerMinute: 120,
    });
    expect(saved.body).toEqual({
      senderName: 'Le Domaine',
      senderEmail: null,
      replyTo: null,
      postalAddress: '2 rue du Pressoir',
      ratePerMinute: 120,
      message: 'Réglages des campagnes enregistrés',
    });
    const [after] = await db().select().from(shops).where(eq(shops.id, domaineId));
    const { campaigns: c, ...rest } = after.settings as Record<string, unknown>;
    const { campaigns: _before, ...restBefore } = shop.settings as Record<string, unknown>;
    expect(c).toMatchObject({ senderName: 'Le Domaine', ratePerMinute: 120 });
    expect(rest).toEqual(restBefore);
  });
});
