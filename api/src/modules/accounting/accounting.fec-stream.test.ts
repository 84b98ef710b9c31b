import request from 'supertest';
import { sql } from 'drizzle-orm';
import type { FecEncoding } from 'shared-kernel/contracts';
import { bearer, binary, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { encodeFec, fecChunks } from './accounting.encoding';
import { createAccountingService } from './accounting.service';

// The FEC is streamed: its bytes leave a chunk at a time as the records are read, and are the very bytes of the whole
// file built in memory and encoded at once (the builder below, kept here only to compare with).
const ENCODINGS: FecEncoding[] = ['iso-8859-15', 'utf-8'];

/** The whole FEC in memory, encoded at once. */
async function wholeFile(records: AsyncIterable<string>, encoding: FecEncoding): Promise<Buffer> {
  let text = '';
  for await (const record of records) text += `${record}\r\n`;
  return encodeFec(text, encoding);
}

describe('the FEC, streamed', () => {
  // a record with what latin-9 has (é, €, œ), what it lacks but has a plain form of (’ – … ă ł) and what has none (😀)
  const record = (i: number) =>
    `VT\tVentes\tVT${String(i).padStart(6, '0')}\t20250102\t411000\tClients\tC00001\tCave d’Été – ăł… œ € 😀\t${i},00`;
  async function* records(n: number, pulled: { n: number }) {
    for (let i = 0; i < n; i++) {
      pulled.n++;
      yield record(i);
    }
  }

  it.each(ENCODINGS)('a large FEC (%s) is encoded a chunk at a time, as its records come, into the same bytes', async (encoding) => {
    const total = 20_000;
    const pulled = { n: 0 };
    const chunks = fecChunks(records(total, pulled), encoding)[Symbol.asyncIterator]();
    const first = await chunks.next();
    // the first chunk is out once about 64 kB of records are read, not the whole year
    expect(pulled.n).toBeLessThan(total / 10);
    const parts = [first.value as Buffer];
    for (let c = await chunks.next(); !c.done; c = await chunks.next()) parts.push(c.value);
    expect(parts.length).toBeGreaterThan(10);
    const whole = await wholeFile(records(total, { n: 0 }), encoding);
    // never one big string: each chunk a small part of the file
    for (const p of parts) expect(p.length).toBeLessThan(whole.length / 10);
    expect(Buffer.concat(parts).equals(whole)).toBe(true);
  });

  describe('through the route, on the demo data', () => {
    let ctx: TestContext;
    let owner: string;
    let shopId: number;

    beforeAll(async () => {
      ctx = await createTestContext();
      owner = await loginAs(ctx.app, 'owner@demo.test');
      const { rows } = (await ctx.handle.db.execute(
        sql`select m.shop_id from shop_members m join users u on u.id = m.user_id where u.email = 'owner@demo.test'`,
      )) as unknown as { rows: Array<{ shop_id: number }> };
      shopId = rows[0].shop_id;
      await ctx.handle.db.execute(sql`update shops set integration = integration || '{"accounting":{"active":true}}' where id = ${shopId}`);
    });
    afterAll(async () => {
      await ctx.close();
    });

    it.each(ENCODINGS)('the FEC (%s) arrives chunked, with the bytes of the whole file built in memory', async (encoding) => {
      const years = await request(ctx.app).get('/v1/accounting/fiscal-years').set(bearer(owner));
      const { year } = years.body.find((y: { current: boolean }) => y.current);
      const res = await request(ctx.app)
        .get(`/v1/accounting/fec?year=${year}&encoding=${encoding}`)
        .set(bearer(owner))
        .buffer(true)
        .parse(binary);
      expect(res.status).toBe(200);
      // no length known in advance: the file is written as it is read
      expect(res.headers['transfer-encoding']).toBe('chunked');
      expect(res.headers['content-length']).toBeUndefined();
      const whole = await wholeFile(await createAccountingService({ db: ctx.handle.db }).fecLines(shopId, year), encoding);
      expect(whole.length).toBeGreaterThan(1000);
      expect((res.body as Buffer).equals(whole)).toBe(true);
    });
  });
});
