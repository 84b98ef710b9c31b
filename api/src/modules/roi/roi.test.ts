import express from 'express';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { jobs } from '../../platform/db/tables';
import { errorHandler } from '../../platform/errors';
import { createLogger } from '../../platform/logger';
import type { AppDeps } from '../../platform/deps';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createRoiRouter } from '.';

const inputs = {
  bottlesCellar: 6000,
  bottlesFairs: 2000,
  bottlesOnline: 1500,
  bottlesTrade: 10500,
  ordersPerMonth: 40,
  invoicingHoursPerWeek: 4,
  stockHoursPerWeek: 3,
  toolsMonthlyCost: 60,
};
const assumptions = {
  invoicingTimeSavedPct: 60,
  stockTimeSavedPct: 50,
  minutesSavedPerOrder: 3,
  hourlyCost: 25,
  subscriptionMonthly: 49,
  setupCost: 300,
};
const results = {
  bottlesPerYear: 20000,
  hoursSavedPerMonth: 18.9,
  moneySavedPerMonth: 472.5,
  toolsSavedPerMonth: 60,
  subscriptionPerMonth: 49,
  netGainPerMonth: 483.5,
  netGainPerYear: 5802,
  paybackMonths: 0.62,
  costBeforePerMonth: 868.33,
  costAfterPerMonth: 384.83,
  costPerBottleBefore: 0.52,
  costPerBottleAfter: 0.23,
};
const body = { email: 'vigneron@example.fr', inputs, assumptions, results };

/** Intl's French format uses narrow no-break spaces: compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('POST /v1/roi/send (modules/roi)', () => {
  let ctx: TestContext;
  let ip = 0;
  /** each test its own client address (trust proxy is 'loopback'), so the per-IP limit is only met where tested */
  const send = (payload: unknown, from = `203.0.113.${++ip}`) =>
    request(ctx.app)
      .post('/v1/roi/send')
      .set('X-Forwarded-For', from)
      .send(payload as object);
  const mails = async () =>
    (await ctx.handle.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'mail'))).map(
      (j) => j.payload as { to: string; subject: string; text: string; html: string },
    );

  beforeAll(async () => {
    // no running worker: the queued mail is read in the jobs table
    ctx = await createTestContext({}, { seed: false, jobs: false });
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.handle.db.delete(jobs);
  });

  it('answers 202 without a session and queues one mail with the figures, the inputs and the assumptions', async () => {
    const res = await send(body);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, message: expect.stringContaining('e-mail') });

    const queued = await mails();
    expect(queued).toHaveLength(1);
    const [mail] = queued;
    expect(mail.to).toBe('vigneron@example.fr');
    expect(mail.subject).toMatch(/retour sur investissement/);
    const text = plain(mail.text);
    expect(text).toContain('Temps gagné par mois : 18,9 h');
    expect(text).toContain('Gain net par mois : 483,50 €');
    expect(text).toContain('Gain net par an : 5 802,00 €');
    expect(text).toContain('Retour sur investissement : 0,62 mois');
    expect(text).toContain('Coût mensuel avant : 868,33 €');
    expect(text).toContain('Coût mensuel après : 384,83 €');
    expect(text).toContain('Bouteilles vendues par an au caveau : 6 000');
    expect(text).toContain('Temps de facturation gagné : 60 %');
    expect(text).toContain('Coût horaire : 25,00 €');
    expect(text).toMatch(/\/roi-simulator$/m);
    expect(plain(mail.html)).toContain('<strong>483,50 €</strong>');
  });

  it('writes the mail in English when asked, and says when there is no payback', async () => {
    const res = await send({ ...body, lang: 'en', results: { ...results, netGainPerMonth: -49, paybackMonths: null } });
    expect(res.status).toBe(202);
    const [mail] = await mails();
    expect(mail.subject).toMatch(/return on investment/);
    expect(mail.text).toContain('Payback : not reached with these figures');
    expect(mail.text).toContain('?lang=en');
  });

  it('refuses a bad email with the §5 French message naming the field, and queues nothing', async () => {
    const res = await send({ ...body, email: 'pas-un-mail' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Le mail est incorrect', field: 'email' });
    expect(await mails()).toHaveLength(0);
  });

  it('refuses a missing email, a negative or non-numeric figure, naming the field', async () => {
    const noEmail = await send({ inputs, results });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.field).toBe('email');

    const negative = await send({ ...body, inputs: { ...inputs, invoicingHoursPerWeek: -2 } });
    expect(negative.status).toBe(400);
    expect(negative.body).toEqual({
      success: false,
      message: 'Le temps passé sur la facturation ne peut pas être négatif',
      field: 'inputs.invoicingHoursPerWeek',
    });

    const text = await send({ ...body, results: { ...results, netGainPerYear: '<b>1 million</b>' } });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ message: 'Le gain net par an doit être un nombre', field: 'results.netGainPerYear' });

    const noResults = await send({ email: 'a@b.fr', inputs });
    expect(noResults.body).toMatchObject({ message: 'Les résultats du simulateur sont attendus', field: 'results' });
    expect(await mails()).toHaveLength(0);
  });

  it('limits the sends per IP on the mounted route (5 an hour): the 6th answers 429 in French, another IP still passes', async () => {
    const from = '198.51.100.7';
    for (let n = 1; n <= 5; n++) expect((await send(body, from)).status).toBe(202);
    const sixth = await send(body, from);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ success: false, message: expect.stringContaining('Trop de demandes') });
    expect(await mails()).toHaveLength(5);
    expect((await send(body, '198.51.100.8')).status).toBe(202);
  });

  it('counts refused requests too, within the window given to the router', async () => {
    const app = express();
    app.set('trust proxy', 'loopback');
    app.use(express.json());
    app.use('/v1', createRoiRouter({ db: ctx.handle.db, config: ctx.config } as AppDeps, { limit: 2, windowMs: 60_000 }));
    app.use(errorHandler(createLogger('silent')));
    const post = (payload: object) => request(app).post('/v1/roi/send').set('X-Forwarded-For', '192.0.2.1').send(payload);
    expect((await post({ ...body, email: 'nope' })).status).toBe(400);
    expect((await post(body)).status).toBe(202);
    const third = await post(body);
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });
});
