import request from 'supertest';
import { eq } from 'drizzle-orm';
import { jobs } from '../../platform/db/tables';
import { seedCampaigns } from '../../seed/campaigns';
import { seedMarketing } from '../../seed/marketing';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

// The demo seed leaves marketing and campaigns out under tests (their tests count their own rows): seeded here.
describe('demo campaigns', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a sent campaign with its figures and a scheduled one with its start job; seeded once, no mail queued', async () => {
    const db = ctx.handle.db;
    await seedMarketing(db);
    await seedCampaigns(db);
    await seedCampaigns(db);
    const owner = await loginAs(ctx.app, 'owner@demo.test');
    const list = await request(ctx.app).get('/v1/campaigns?sort=name').set(bearer(owner));
    expect(list.status).toBe(200);
    expect(list.body.items.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ['Millésime 2024', 'sent'],
      ['Portes ouvertes de printemps', 'scheduled'],
    ]);
    const sent = list.body.items[0].stats;
    expect(sent.recipients).toBeGreaterThan(0);
    expect(sent.opened).toBeGreaterThan(0);
    expect(sent.sent).toBe(sent.recipients);
    const start = await db.select().from(jobs).where(eq(jobs.kind, 'campaign-start'));
    expect(start).toHaveLength(1);
    expect(
      (await db.select().from(jobs).where(eq(jobs.kind, 'mail'))).filter((j) => String(j.dedupeKey).startsWith('campaign-mail:')),
    ).toEqual([]);
  });
});
