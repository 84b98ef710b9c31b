import { HttpError } from '../http-error';

/**
 * A problem of one row of an imported file, the one shape every stage of an import reports in: the file's line (the
 * header being line 1), the column as the file names it, the entity's field when the module's answer names fields
 * rather than headers, and the French sentence saying what is wrong. How a module shows it (a sentence starting with
 * « Ligne n », a `field`, a `column`) is its answer's business: the stages never format it.
 */
export interface RowError {
  line: number;
  /** the header of the column, as written in the file */
  column?: string;
  /** the entity's field the error is about, for answers that name fields */
  field?: string;
  message: string;
}

export function rowError(line: number, column: string | undefined, message: string, field?: string): RowError {
  return { line, ...(column ? { column } : {}), ...(field ? { field } : {}), message };
}

/** The errors in the order of the file (stable: two errors of a line keep the order they were found in). */
export const byLine = (errors: RowError[]): RowError[] => [...errors].sort((a, b) => a.line - b.line);

/** How many lines of the file have at least one error. */
export const linesInError = (errors: RowError[]): number => new Set(errors.map((e) => e.line)).size;

/**
 * A refusal a unit's write may meet (a rule checked again by the service it writes through): a 4xx, kept as the unit's
 * error. Anything else (the database gone, a bug) is not the row's fault and stops the stage.
 */
export function refusalOf(err: unknown): HttpError | null {
  return err instanceof HttpError && err.status < 500 ? err : null;
}
