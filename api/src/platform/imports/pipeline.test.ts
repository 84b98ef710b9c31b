import type { DbOrTx } from '../db/client';
import { HttpError } from '../http-error';
import {
  applyImport,
  missingColumnGroups,
  planImport,
  previewImport,
  revertImport,
  type ChangeRecord,
  type ImportEntity,
  type StoredTarget,
} from './pipeline';
import { rowError, type RowError } from './row-errors';

/**
 * The stages over a fake entity: « counters » (key → integer) kept in a Map standing for the database, whose
 * `transaction` is a savepoint (what the callback wrote is dropped when it throws).
 */
class FakeDb {
  store = new Map<string, number>();
  savepoints = 0;
  async transaction<T>(fn: (sp: FakeDb) => Promise<T>): Promise<T> {
    this.savepoints++;
    const snapshot = new Map(this.store);
    try {
      return await fn(this);
    } catch (err) {
      this.store = snapshot;
      throw err;
    }
  }
}
const fake = (db: DbOrTx) => db as unknown as FakeDb;

type Unit = { line: number; key: string; value: number };
type Ctx = { column: string; recorded: string[] };

function counters(extra: Partial<ImportEntity<string[][], Ctx, Unit, number, string, ChangeRecord, Set<string>>> = {}) {
  const entity: ImportEntity<string[][], Ctx, Unit, number, string, ChangeRecord, Set<string>, StoredTarget> = {
    required: [['key'], ['value', 'delta']],
    lineOf: (u) => u.line,
    read(rows, ctx) {
      const units: Unit[] = [];
      const errors: RowError[] = [];
      rows.forEach(([key, raw], i) => {
        const line = i + 2;
        if (!/^-?\d+$/.test(raw)) errors.push(rowError(line, ctx.column, `« ${raw} » n’est pas un nombre`, 'value'));
        else units.push({ line, key, value: Number(raw) });
      });
      return { units, errors };
    },
    load: async () => new Set<string>(),
    decide(db, _ctx, unit) {
      const preview = `${unit.key}=${unit.value}`;
      if (unit.value < 0) return { action: 'error', errors: [rowError(unit.line, 'Valeur', 'Doit être positif')], preview };
      const stored = fake(db).store.get(unit.key);
      if (stored === undefined) return { action: 'create', input: unit.value, preview };
      return { action: stored === unit.value ? 'unchanged' : 'update', id: 0, input: unit.value, before: { value: stored }, preview };
    },
    async write(sp, _ctx, d, unit) {
      if (d.action !== 'create' && d.action !== 'update') throw new Error('only creates and updates are written');
      fake(sp).store.set(unit.key, d.input);
      // refused after having written: the savepoint must drop the write
      if (d.input === 13) throw new HttpError(409, 'Valeur refusée', 'value');
      if (d.input === 666) throw new Error('database gone');
      return {
        changes: [
          {
            entity: unit.key,
            entityId: unit.line,
            action: d.action === 'create' ? 'created' : 'updated',
            before: d.action === 'update' ? d.before : null,
          },
        ],
      };
    },
    locate: (ctx, _d, unit, field) => ({ line: unit.line, column: field === 'value' ? ctx.column : undefined, field }),
    async revert(tx, _ctx, change) {
      const store = fake(tx).store;
      if (change.action === 'created') return store.delete(change.entity) ? 'deleted' : 'gone';
      store.set(change.entity, (change.before as { value: number }).value);
      return 'restored';
    },
    ...extra,
  };
  return entity;
}

const ctx = (): Ctx => ({ column: 'Valeur', recorded: [] });

describe('planImport / previewImport (the dry run)', () => {
  it('reads, decides each unit against the stored data, reports every error in the order of the file and writes nothing', async () => {
    const db = new FakeDb();
    db.store.set('a', 1).set('b', 2);
    const rows = [
      ['a', '1'],
      ['b', '5'],
      ['c', 'douze'],
      ['d', '-4'],
      ['e', '7'],
    ];
    const plan = await previewImport(db as unknown as DbOrTx, counters(), ctx(), rows);
    expect(plan.decisions.map((d) => [d.action, d.preview])).toEqual([
      ['unchanged', 'a=1'],
      ['update', 'b=5'],
      ['error', 'd=-4'],
      ['create', 'e=7'],
    ]);
    expect(plan.errors).toEqual([
      { line: 4, column: 'Valeur', field: 'value', message: '« douze » n’est pas un nombre' },
      { line: 5, column: 'Valeur', message: 'Doit être positif' },
    ]);
    expect(plan.counts).toEqual({ create: 1, update: 1, unchanged: 1, error: 2 });
    expect(plan.valid.map((u) => u.key)).toEqual(['a', 'b', 'e']);
    expect([...db.store]).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(db.savepoints).toBe(0);
  });

  it('counts a line once however many errors it has, and lets `settle` refuse units across the file', async () => {
    const entity = counters({
      settle: (_ctx, decisions, units) =>
        decisions.map((d, i) => {
          const first = units.findIndex((u) => u.key === units[i].key);
          return first < i
            ? { action: 'error', errors: [rowError(units[i].line, 'Clé', `Déjà à la ligne ${units[first].line}`)], preview: d.preview }
            : d;
        }),
      noted: (seen, d) => {
        seen.add(d.preview);
      },
    });
    const plan = await planImport(new FakeDb() as unknown as DbOrTx, entity, ctx(), {
      units: [
        { line: 2, key: 'x', value: 1 },
        { line: 3, key: 'x', value: 2 },
      ],
      errors: [rowError(3, 'Autre', 'Autre problème')],
    });
    expect(plan.errors.map((e) => e.message)).toEqual(['Autre problème', 'Déjà à la ligne 2']);
    expect(plan.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 1 });
    expect(plan.valid).toEqual([{ line: 2, key: 'x', value: 1 }]);
  });
});

describe('applyImport', () => {
  it('writes each unit in its own savepoint; a refusal undoes that unit only and is reported where it is in the file', async () => {
    const db = new FakeDb();
    db.store.set('a', 1).set('b', 2);
    const c = ctx();
    const done: number[] = [];
    const units: Unit[] = [
      { line: 2, key: 'a', value: 1 },
      { line: 3, key: 'b', value: 5 },
      { line: 4, key: 'c', value: 13 },
      { line: 5, key: 'd', value: -1 },
      { line: 6, key: 'e', value: 7 },
    ];
    const result = await applyImport(db as unknown as DbOrTx, counters(), c, units, {
      importId: 9,
      record: async (sp, changes) => {
        expect(fake(sp)).toBe(db);
        c.recorded.push(...changes.map((x) => x.entity));
      },
      onUnit: (n) => done.push(n),
    });
    expect(result.applied.map((a) => [a.line, a.action])).toEqual([
      [2, 'unchanged'],
      [3, 'update'],
      [4, 'error'],
      [5, 'error'],
      [6, 'create'],
    ]);
    expect(result.errors).toEqual([
      { line: 4, column: 'Valeur', field: 'value', message: 'Valeur refusée' },
      { line: 5, column: 'Valeur', message: 'Doit être positif' },
    ]);
    expect(result.counts).toEqual({ create: 1, update: 1, unchanged: 1, error: 2 });
    expect(Object.fromEntries(db.store)).toEqual({ a: 1, b: 5, e: 7 });
    expect(db.savepoints).toBe(3);
    // the refused unit recorded nothing
    expect(c.recorded).toEqual(['b', 'e']);
    expect(result.changes).toEqual([
      { entity: 'b', entityId: 3, action: 'updated', before: { value: 2 } },
      { entity: 'e', entityId: 6, action: 'created', before: null },
    ]);
    expect(done).toEqual([1, 2, 3, 4, 5]);
  });

  it('decides each unit against what the units before it wrote, and tells `wrote` and `noted`', async () => {
    const db = new FakeDb();
    const wrote: string[] = [];
    const noted: string[] = [];
    const entity = counters({
      wrote: (_db, _ctx, _state, d) => {
        wrote.push(`${d.action}:${d.preview}`);
      },
      noted: (_state, d) => {
        noted.push(`${d.action}:${d.preview}`);
      },
    });
    const units: Unit[] = [
      { line: 2, key: 'k', value: 1 },
      { line: 3, key: 'k', value: 1 },
      { line: 4, key: 'k', value: 4 },
    ];
    const result = await applyImport(db as unknown as DbOrTx, entity, ctx(), units);
    expect(result.applied.map((a) => a.action)).toEqual(['create', 'unchanged', 'update']);
    expect(wrote).toEqual(['create:k=1', 'update:k=4']);
    expect(noted).toEqual(['unchanged:k=1']);
    expect(db.store.get('k')).toBe(4);
  });

  it('stops on anything but a refusal: the error is thrown, not kept as a row error', async () => {
    const db = new FakeDb();
    await expect(applyImport(db as unknown as DbOrTx, counters(), ctx(), [{ line: 2, key: 'z', value: 666 }])).rejects.toThrow(
      'database gone',
    );
    expect(db.store.has('z')).toBe(false);
  });

  it('without savepoints (an entity whose writes are single statements) writes in the caller’s transaction directly', async () => {
    const db = new FakeDb();
    const result = await applyImport(db as unknown as DbOrTx, counters({ savepoints: false }), ctx(), [
      { line: 2, key: 'a', value: 3 },
      { line: 3, key: 'b', value: 4 },
    ]);
    expect(result.counts.create).toBe(2);
    expect(db.savepoints).toBe(0);
    expect(Object.fromEntries(db.store)).toEqual({ a: 3, b: 4 });
  });
});

describe('revertImport', () => {
  it('undoes the change records newest first: an object changed twice gets its first value back, a created one goes', async () => {
    const db = new FakeDb();
    db.store.set('a', 1);
    const entity = counters();
    const { changes } = await applyImport(db as unknown as DbOrTx, entity, ctx(), [
      { line: 2, key: 'a', value: 2 },
      { line: 3, key: 'a', value: 3 },
      { line: 4, key: 'n', value: 8 },
    ]);
    expect(Object.fromEntries(db.store)).toEqual({ a: 3, n: 8 });
    // a record of an object gone since is passed over
    const gone: ChangeRecord = { entity: 'm', entityId: 5, action: 'created', before: null };
    const tally = await revertImport(db as unknown as DbOrTx, entity, ctx(), [...changes, gone]);
    expect(Object.fromEntries(db.store)).toEqual({ a: 1 });
    expect(tally).toEqual({ deleted: 1, archived: 0, restored: 2, gone: 1 });
  });

  it('refuses an entity that keeps no revert', async () => {
    const entity = counters({ revert: undefined });
    await expect(revertImport(new FakeDb() as unknown as DbOrTx, entity, ctx(), [])).rejects.toThrow(/no revert/);
  });
});

describe('missingColumnGroups', () => {
  it('names the groups of which no field has a column', () => {
    const required = counters().required as string[][];
    expect(missingColumnGroups(required, (f) => f === 'key' || f === 'delta')).toEqual([]);
    expect(missingColumnGroups(required, (f) => f === 'value')).toEqual([['key']]);
    expect(missingColumnGroups(required, () => false)).toEqual([['key'], ['value', 'delta']]);
    expect(missingColumnGroups(undefined, () => false)).toEqual([]);
  });
});
