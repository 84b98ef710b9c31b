import type { DbOrTx } from '../db/client';
import { byLine, linesInError, refusalOf, rowError, type RowError } from './row-errors';

/**
 * The stages after the bounded parse and the column map, run the same way for every entity a module imports:
 *
 *   read (validate the rows, no I/O) → plan (the dry run: each unit decided against the stored data, nothing
 *   written) → apply (each unit decided again in the caller's transaction, then written in its own savepoint, its
 *   change records kept) → revert (the change records undone, newest first).
 *
 * A module describes its entity once (`ImportEntity`) and keeps its domain: what a row becomes, how it is matched,
 * written and undone, and where the rows of an import live between its stages (a table, a file, the request).
 */

export type UnitAction = 'create' | 'update' | 'unchanged' | 'error';

/** What an import did to one stored object: revert undoes it from `before` (null: it was created). */
export interface ChangeRecord<E extends string = string> {
  entity: E;
  entityId: number;
  action: 'created' | 'updated';
  before: Record<string, unknown> | null;
}

/** The stored object an update (or unchanged) unit goes into, and its values before, for revert. */
export interface StoredTarget {
  id: number;
  before: Record<string, unknown>;
}

/** A unit (one object of the file) once decided against the stored data. `preview` is what the dry run shows of it. */
export type Decision<I, P, T = StoredTarget> =
  | { action: 'create'; input: I; preview: P }
  | ({ action: 'update' | 'unchanged'; input: I; preview: P } & T)
  | { action: 'error'; errors: RowError[]; preview: P };

export interface ReadResult<U> {
  units: U[];
  errors: RowError[];
}

/** What a unit's write did; `action` when it differs from the decision's (a level already right once locked). */
export interface Written<C> {
  changes: C[];
  action?: Exclude<UnitAction, 'error'>;
}

/** A unit applied: what changed, or why it could not be. */
export interface Applied<C> {
  line: number;
  action: UnitAction;
  changes: C[];
  errors: RowError[];
}

export type RevertOutcome = 'deleted' | 'archived' | 'restored' | 'gone';

export interface ImportCounts {
  create: number;
  update: number;
  unchanged: number;
  error: number;
}

/**
 * An entity a module imports. `Source` is what its rows are read from (a parsed table and its column map), `Ctx`
 * what every stage knows (the shop, the import's meta), `State` what plan and apply decide against (loaded once per
 * stage, and kept up to date by `noted` / `wrote` so that a unit sees the ones before it).
 */
export interface ImportEntity<Source, Ctx, Unit, Input, Preview, Change, State, Target = StoredTarget, RevertCtx = Ctx> {
  /** fields of which at least one per group must have a column (`missingColumnGroups`) */
  required?: readonly (readonly string[])[];
  /** validate the rows: units and the errors of the rows refused, without I/O */
  read(source: Source, ctx: Ctx): ReadResult<Unit>;
  /** the line of the file a unit starts at */
  lineOf(unit: Unit): number;
  /** what the units are decided against; `importId` when applying (what earlier batches of the import did) */
  load(db: DbOrTx, ctx: Ctx, units: Unit[], importId?: number): Promise<State>;
  /** one unit against `state` and the database as `db` sees it; writes nothing */
  decide(db: DbOrTx, ctx: Ctx, unit: Unit, state: State): Decision<Input, Preview, Target> | Promise<Decision<Input, Preview, Target>>;
  /** a decision that is not written (every one of a dry run; the errors and unchanged ones of a run) */
  noted?(state: State, decision: Decision<Input, Preview, Target>): void;
  /** checks across units, once every unit is decided (dry run: the units it refuses are never applied) */
  settle?(ctx: Ctx, decisions: Array<Decision<Input, Preview, Target>>, units: Unit[]): Array<Decision<Input, Preview, Target>>;
  /** writes one create / update decision (in its savepoint) and says what changed */
  write(sp: DbOrTx, ctx: Ctx, decision: Decision<Input, Preview, Target>, unit: Unit, importId?: number): Promise<Written<Change>>;
  /** after a write: what the next units are decided against */
  wrote?(
    db: DbOrTx,
    ctx: Ctx,
    state: State,
    decision: Decision<Input, Preview, Target>,
    unit: Unit,
    written: Written<Change>,
  ): Promise<void> | void;
  /** where a refusal of the write (its `field`) is in the file */
  locate?(ctx: Ctx, decision: Decision<Input, Preview, Target>, unit: Unit, field: string | undefined): Omit<RowError, 'message'>;
  /** undoes one change record (in the caller's transaction); a 409 when something since forbids it */
  revert?(tx: DbOrTx, ctx: RevertCtx, change: Change): Promise<RevertOutcome>;
  /**
   * false: a unit's write is one statement (atomic by itself) and the run is all or nothing, so no savepoint is taken
   * — tens of thousands of subtransactions in one transaction overflow PostgreSQL's subtransaction cache
   */
  savepoints?: boolean;
}

// The entity as the stage functions see it: its own types are inferred at each call.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEntity = ImportEntity<any, any, any, any, any, any, any, any, any>;
type SourceOf<E> = E extends ImportEntity<infer S, any, any, any, any, any, any, any, any> ? S : never; // eslint-disable-line @typescript-eslint/no-explicit-any
type CtxOf<E> = E extends ImportEntity<any, infer C, any, any, any, any, any, any, any> ? C : never; // eslint-disable-line @typescript-eslint/no-explicit-any
type UnitOf<E> = E extends ImportEntity<any, any, infer U, any, any, any, any, any, any> ? U : never; // eslint-disable-line @typescript-eslint/no-explicit-any
type ChangeOf<E> = E extends ImportEntity<any, any, any, any, any, infer C, any, any, any> ? C : never; // eslint-disable-line @typescript-eslint/no-explicit-any
type RevertCtxOf<E> = E extends ImportEntity<any, any, any, any, any, any, any, any, infer R> ? R : never; // eslint-disable-line @typescript-eslint/no-explicit-any
type DecisionOf<E> = E extends ImportEntity<any, any, any, infer I, infer P, any, any, infer T, any> ? Decision<I, P, T> : never; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The groups of `required` none of whose fields has a column (`has`): the module refuses the file naming them. */
export function missingColumnGroups<F extends string>(required: readonly (readonly F[])[] | undefined, has: (field: F) => boolean): F[][] {
  return (required ?? []).filter((group) => !group.some(has)).map((group) => [...group]);
}

const count = (actions: UnitAction[]): Omit<ImportCounts, 'error'> => ({
  create: actions.filter((a) => a === 'create').length,
  update: actions.filter((a) => a === 'update').length,
  unchanged: actions.filter((a) => a === 'unchanged').length,
});

export interface Plan<E extends AnyEntity> {
  units: Array<UnitOf<E>>;
  /** one per unit, in the units' order */
  decisions: Array<DecisionOf<E>>;
  /** the rows refused by the read and the units refused by the plan, in the order of the file */
  errors: RowError[];
  /** `error`: lines with at least one error */
  counts: ImportCounts;
  /** the units a run applies: those the plan did not refuse */
  valid: Array<UnitOf<E>>;
}

/** The dry run of units already read: each decided against the stored data, in order; nothing is written. */
export async function planImport<E extends AnyEntity>(db: DbOrTx, entity: E, ctx: CtxOf<E>, read: ReadResult<UnitOf<E>>): Promise<Plan<E>> {
  const state = await entity.load(db, ctx, read.units);
  let decisions: Array<DecisionOf<E>> = [];
  for (const unit of read.units) {
    const decision = (await entity.decide(db, ctx, unit, state)) as DecisionOf<E>;
    entity.noted?.(state, decision);
    decisions.push(decision);
  }
  if (entity.settle) decisions = entity.settle(ctx, decisions, read.units) as Array<DecisionOf<E>>;
  const errors = byLine([...read.errors, ...decisions.flatMap((d) => (d.action === 'error' ? d.errors : []))]);
  return {
    units: read.units,
    decisions,
    errors,
    counts: { ...count(decisions.map((d) => d.action)), error: linesInError(errors) },
    valid: read.units.filter((_, i) => decisions[i].action !== 'error'),
  };
}

/** Read then plan: the whole dry run of a file. */
export async function previewImport<E extends AnyEntity>(db: DbOrTx, entity: E, ctx: CtxOf<E>, source: SourceOf<E>): Promise<Plan<E>> {
  return planImport(db, entity, ctx, entity.read(source, ctx));
}

export interface ApplyOptions<C> {
  /** the import the changes belong to (passed to `load` and `write`) */
  importId?: number;
  /** keeps a unit's change records, in its savepoint (a refused unit keeps none) */
  record?(sp: DbOrTx, changes: C[]): Promise<void>;
  /** after each unit (progress) */
  onUnit?(done: number): void;
}

export interface ApplyResult<C> {
  applied: Array<Applied<C>>;
  /** `error`: units refused */
  counts: ImportCounts;
  /** the units' errors, in the units' order */
  errors: RowError[];
  /** every change record, oldest first */
  changes: C[];
}

/**
 * Applies units in the caller's transaction: each decided again against the data as it is now (what the dry run saw
 * may have changed), an error or an unchanged unit skipped, the others written each in a savepoint — a refusal (a 4xx
 * of the service it writes through) undoes that unit only and becomes its error; anything else stops the run.
 */
export async function applyImport<E extends AnyEntity>(
  tx: DbOrTx,
  entity: E,
  ctx: CtxOf<E>,
  units: Array<UnitOf<E>>,
  opts: ApplyOptions<ChangeOf<E>> = {},
): Promise<ApplyResult<ChangeOf<E>>> {
  type C = ChangeOf<E>;
  const state = await entity.load(tx, ctx, units, opts.importId);
  const applied: Array<Applied<C>> = [];
  for (const [i, unit] of units.entries()) {
    const line = entity.lineOf(unit);
    const decision = (await entity.decide(tx, ctx, unit, state)) as DecisionOf<E>;
    if (decision.action === 'error' || decision.action === 'unchanged') {
      entity.noted?.(state, decision);
      applied.push({ line, action: decision.action, changes: [], errors: decision.action === 'error' ? decision.errors : [] });
    } else {
      const run = async (sp: DbOrTx): Promise<Written<C>> => {
        const written = (await entity.write(sp, ctx, decision, unit, opts.importId)) as Written<C>;
        if (opts.record && written.changes.length) await opts.record(sp, written.changes);
        return written;
      };
      try {
        const written = entity.savepoints === false ? await run(tx) : await tx.transaction(run);
        await entity.wrote?.(tx, ctx, state, decision, unit, written);
        applied.push({ line, action: written.action ?? decision.action, changes: written.changes, errors: [] });
      } catch (err) {
        const refusal = refusalOf(err);
        if (!refusal) throw err;
        const at = entity.locate?.(ctx, decision, unit, refusal.field) ?? { line };
        applied.push({ line, action: 'error', changes: [], errors: [rowError(at.line, at.column, refusal.message, at.field)] });
      }
    }
    opts.onUnit?.(i + 1);
  }
  return {
    applied,
    counts: { ...count(applied.map((a) => a.action)), error: applied.filter((a) => a.action === 'error').length },
    errors: applied.flatMap((a) => a.errors),
    changes: applied.flatMap((a) => a.changes),
  };
}

export type RevertTally = Record<RevertOutcome, number>;

/**
 * Undoes change records (given oldest first) newest first, in the caller's transaction: an object changed twice by
 * the import gets its first `before` back. A revert that is refused (409) throws: the caller's transaction keeps
 * nothing of it.
 */
export async function revertImport<E extends AnyEntity>(
  tx: DbOrTx,
  entity: E,
  ctx: RevertCtxOf<E>,
  changes: Array<ChangeOf<E>>,
): Promise<RevertTally> {
  if (!entity.revert) throw new Error('revertImport: this entity keeps no revert');
  const tally: RevertTally = { deleted: 0, archived: 0, restored: 0, gone: 0 };
  for (const change of [...changes].reverse()) tally[await entity.revert(tx, ctx, change)]++;
  return tally;
}
