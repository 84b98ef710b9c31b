import request from 'supertest';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';

describe('notifications-centers', () => {
  let ctx: TestContext;
  let owner: string;
  let buyer: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await loginAs(ctx.app, 'owner@demo.test');
    buyer = await loginAs(ctx.app, 'buyer@demo.test');
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists the caller’s notifications newest first, seen and unseen', async () => {
    const res = await request(ctx.app).get('/v1/notifications-centers').set(bearer(owner));
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(3);
    const dates = res.body.map((n: { createdAt: string }) => Date.parse(n.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(res.body.some((n: { seen: boolean }) => n.seen)).toBe(true);
    expect(res.body.some((n: { seen: boolean }) => !n.seen)).toBe(true);
    expect(res.body[0]).toEqual({
      id: expect.any(Number),
      type: expect.any(String),
      content: expect.any(String),
      createdAt: expect.any(String),
      seen: false,
      redirectLink: expect.stringMatching(/^\/dashboard\//),
    });
  });

  it('marks as seen only the caller’s notifications', async () => {
    const mine = (await request(ctx.app).get('/v1/notifications-centers').set(bearer(owner))).body as Array<{ id: number; seen: boolean }>;
    const theirs = (await request(ctx.app).get('/v1/notifications-centers').set(bearer(buyer))).body as Array<{
      id: number;
      seen: boolean;
    }>;
    const theirUnseen = theirs.filter((n) => !n.seen).map((n) => n.id);
    expect(theirUnseen.length).toBeGreaterThan(0);
    const myUnseen = mine.filter((n) => !n.seen).map((n) => n.id);

    // an id past PostgreSQL's integer can name no notification: refused, naming it, and nothing is marked
    const outOfRange = await request(ctx.app)
      .put('/v1/notifications-centers/mark-as-seen')
      .set(bearer(owner))
      .send({ arrayOfIds: [...myUnseen, 99999999999] });
    expect([outOfRange.status, outOfRange.body.field]).toEqual([400, `arrayOfIds.${myUnseen.length}`]);
    // ids of others, or of nothing, are ignored
    const res = await request(ctx.app)
      .put('/v1/notifications-centers/mark-as-seen')
      .set(bearer(owner))
      .send({ arrayOfIds: [...myUnseen, ...theirUnseen, 2147483647] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, updated: myUnseen.length });

    const after = (await request(ctx.app).get('/v1/notifications-centers').set(bearer(owner))).body as Array<{ seen: boolean }>;
    expect(after.every((n) => n.seen)).toBe(true);
    const theirsAfter = (await request(ctx.app).get('/v1/notifications-centers').set(bearer(buyer))).body as Array<{
      id: number;
      seen: boolean;
    }>;
    expect(theirsAfter.filter((n) => !n.seen).map((n) => n.id)).toEqual(theirUnseen);
  });

  it('validates the body', async () => {
    const empty = await request(ctx.app).put('/v1/notifications-centers/mark-as-seen').set(bearer(owner)).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('arrayOfIds');
    const wrong = await request(ctx.app)
      .put('/v1/notifications-centers/mark-as-seen')
      .set(bearer(owner))
      .send({ arrayOfIds: ['a'] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('arrayOfIds.0');
  });

  it('requires authentication', async () => {
    expect((await request(ctx.app).get('/v1/notifications-centers')).status).toBe(401);
  });
});
