import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { jobs } from '../../platform/db/tables';
import { crmClients } from '../clients';
import { campaignRecipients, emailModels, marketingListMembers, marketingLists } from '../marketing';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { createCampaignSender, createLinkKey } from './index';

// Settings › Campagnes › « Rythme d’envoi » (mails per minute): each `campaign-send` run mails a sixth of a minute's
// rate (at least one) and puts the next run that share of a minute later. The runs are driven by hand on a fixed
// clock: no waiting, no worker.
describe('the sending pace follows « Rythme d’envoi »', () => {
  let ctx: TestContext;
  let owner: string;
  let domaineId: number;
  const db = () => ctx.handle.db;
  const call = (method: 'get' | 'post' | 'put', p: string, body?: object) => {
    const r = request(ctx.app)[method](`/v1${p}`).set(bearer(owner));
    return body ? r.send(body) : r;
  };
  const rate = async (ratePerMinute: number) =>
    expect((await call('put', '/campaigns/settings', { senderName: 'Domaine de Démo', ratePerMinute })).status).toBe(200);

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    owner = await loginAs(ctx.app, 'owner@demo.test');
    domaineId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('12 a minute: 2 mails a run, the next 10 s later; 7 a minute: 1 mail, 8,571 s later; 600: the rest at once', async () => {
    const [model] = await db()
      .insert(emailModels)
      .values({ shopId: domaineId, name: 'Rythme', kind: 'advanced', subject: 'Rythme', html: '<p>Bonjour {{firstname}}</p>' })
      .returning();
    const [list] = await db().insert(marketingLists).values({ shopId: domaineId, name: 'Rythme', kind: 'static' }).returning();
    const emails = Array.from({ length: 5 }, (_, i) => `rythme${i}@client.test`);
    for (const email of emails) {
      const [c] = await db()
        .insert(crmClients)
        .values({ shopId: domaineId, firstname: 'Rythme', lastname: 'Test', email, marketingConsent: true })
        .returning();
      await db().insert(marketingListMembers).values({ listId: list.id, clientId: c.id });
    }
    const created = await call('post', '/campaigns', { name: 'Rythme', modelId: model.id, listIds: [list.id], subject: 'Rythme' });
    expect(created.status).toBe(201);
    const campaignId = created.body.id as number;
    await rate(12);
    expect((await call('post', `/campaigns/${campaignId}/send`)).body.stats.recipients).toBe(5);

    const sender = createCampaignSender({ db: db(), config: ctx.config, links: createLinkKey(ctx.secret) });
    const sent = async () =>
      (await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId))).filter((r) => r.status === 'sent')
        .length;
    const nextRunAt = async (step: number) =>
      (
        await db()
          .select({ runAt: jobs.runAt })
          .from(jobs)
          .where(eq(jobs.dedupeKey, `campaign-send:${campaignId}:${step}`))
      )[0]?.runAt;
    const t0 = new Date('2030-03-04T10:00:00.000Z');

    // 12 a minute: floor(12 / 6) = 2 mails, the next run 2 × 60 000 / 12 = 10 000 ms later
    expect(await sender.runSend({ campaignId, step: 0 }, t0)).toBe('next');
    expect(await sent()).toBe(2);
    expect((await nextRunAt(1))!.getTime() - t0.getTime()).toBe(10_000);

    // 7 a minute: floor(7 / 6) = 1 mail, the next run round(1 × 60 000 / 7) = 8 571 ms later
    await rate(7);
    const t1 = new Date(t0.getTime() + 10_000);
    expect(await sender.runSend({ campaignId, step: 1 }, t1)).toBe('next');
    expect(await sent()).toBe(3);
    expect((await nextRunAt(2))!.getTime() - t1.getTime()).toBe(8_571);

    // 600 a minute: up to 100 mails a run, the 2 left go in this one; then it waits for the mails to leave
    await rate(600);
    expect(await sender.runSend({ campaignId, step: 2 }, new Date(t1.getTime() + 8_571))).toBe('waiting');
    expect(await sent()).toBe(5);
    const [{ mails }] = (
      (await db().execute(
        sql`select count(*)::int as mails from jobs where kind = 'mail' and dedupe_key like ${`campaign-mail:${campaignId}:%`}`,
      )) as unknown as { rows: Array<{ mails: number }> }
    ).rows;
    expect(mails).toBe(5);
  });
});
