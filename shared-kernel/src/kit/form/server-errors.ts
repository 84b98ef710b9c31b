import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from 'shared-kernel/runtime';

/** 'lines[0].quantity' → 'lines.0.quantity' (react-hook-form paths are dotted). */
export function toFieldPath(field: string): string {
  return field.replace(/\[(\w+)\]/g, '.$1').replace(/^\./, '');
}

function hasPath(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in (node as object))) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Puts an api error `{ field, message }` under its field (`setError`, focused). Returns false when the error names no
 * field of this form (another error, a field the form does not show): the caller then shows the message as a snackbar.
 * `fields` maps api field names to form paths when they differ (`{ siret: 'company.siret' }`).
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
  options: { fields?: Record<string, FieldPath<T>> } = {},
): boolean {
  if (!(error instanceof ApiError) || !error.field) return false;
  const path = options.fields?.[error.field] ?? toFieldPath(error.field);
  if (!hasPath(form.getValues(), path)) return false;
  form.setError(path as FieldPath<T>, { type: 'server', message: error.message }, { shouldFocus: true });
  return true;
}
