import { sql } from 'drizzle-orm';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { DEFAULT_CHART } from 'shared-kernel/domain';
import { shopMembers, users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

describe('accounting codes', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  const call = (method: 'get' | 'put', token: string, body?: unknown) => {
    const r = request(ctx.app)[method]('/v1/accounting/codes').set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  };
  const iamWith = async (authorizations: Record<string, boolean> | null) => {
    const [u] = await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'iam@demo.test'));
    await ctx.handle.db.update(shopMembers).set({ authorizations }).where(eq(shopMembers.userId, u.id));
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    // every demo shop with the accounting module on: the scoping between shops (404) is what these tests check
    await ctx.handle.db.execute(sql`update shops set integration = integration || '{"accounting":{"active":true}}'`);
    [owner, owner2, iam] = await Promise.all(['owner', 'owner2', 'iam'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('starts from the French defaults; the owner changes numbers, each checked with the field named; shops stay apart', async () => {
    const first = await call('get', owner);
    expect(first.status).toBe(200);
    expect(first.body).toEqual(JSON.parse(JSON.stringify(DEFAULT_CHART)));

    const bad = await call('put', owner, { ...first.body, products: { ...first.body.products, shipping: '9085' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      field: 'products.shipping',
      message: 'Un numéro de compte commence par le chiffre de sa classe (1 à 8)',
    });
    const short = await call('put', owner, { ...first.body, duties: '44' });
    expect(short.body).toMatchObject({ field: 'duties' });

    const saved = await call('put', owner, {
      ...first.body,
      products: { ...first.body.products, product: '701100' },
      clients: { mode: 'auxiliary', collective: '411000', prefix: '411' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Codes comptables enregistrés');
    const again = (await call('get', owner)).body;
    expect(again.products).toMatchObject({ product: '701100', shipping: '7085' });
    expect(again.clients).toEqual({ mode: 'auxiliary', collective: '411000', prefix: '411' });
    expect((await call('get', owner2)).body.products.product).toBe(DEFAULT_CHART.products.product);
  });

  it('reading needs accessAccounting or editAccountingCodes; changing needs editAccountingCodes', async () => {
    const body = (await call('get', owner)).body;
    await iamWith({ accessAccounting: true });
    expect((await call('get', iam)).status).toBe(200);
    expect((await call('put', iam, body)).status).toBe(403);
    await iamWith({ seeAllOrder: true });
    expect((await call('get', iam)).status).toBe(403);
    await iamWith({ editAccountingCodes: true });
    expect((await call('put', iam, body)).status).toBe(200);
    await iamWith(null);
  });
});
