import { format, isValid, parseISO } from 'date-fns';

/** Spec §9 display formats. */
export const DATE_FORMAT = 'dd/LL/yyyy';
export const DATE_TIME_FORMAT = 'dd/LL/yyyy HH:mm';

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(d) ? d : null;
}

/** '21/03/2025' (or '21/03/2025 14:05' with withTime); '' for an invalid/absent date. */
export function formatDate(value: Date | string | number | null | undefined, opts: { withTime?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return d ? format(d, opts.withTime ? DATE_TIME_FORMAT : DATE_FORMAT) : '';
}

export function formatDateTime(value: Date | string | number | null | undefined): string {
  return formatDate(value, { withTime: true });
}
