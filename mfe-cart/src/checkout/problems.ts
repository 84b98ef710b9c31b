// Where each server problem of a failed cart check goes (400 `errors: CartProblem[]`): on a form
// field, on a product line (idTmp), on a reservation, or in the order's general list.
import type { CartProblem } from 'shared-kernel/contracts';
import { ApiError } from 'shared-kernel/runtime';

/** Form fields of the checkout (react-hook-form names) a problem can point to. */
export const FORM_FIELDS = [
  'phone',
  'deliveryAddress.firstname',
  'deliveryAddress.lastname',
  'deliveryAddress.street',
  'deliveryAddress.street2',
  'deliveryAddress.zipcode',
  'deliveryAddress.city',
  'deliveryAddress.country',
  'deliveryAddress.company',
  'billingAddress.firstname',
  'billingAddress.lastname',
  'billingAddress.street',
  'billingAddress.street2',
  'billingAddress.zipcode',
  'billingAddress.city',
  'billingAddress.country',
  'billingAddress.company',
  'shipping',
  'instructions',
  'paymentMethod',
  'acceptTerms',
  'paymentGroups',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export interface SortedProblems {
  fields: Array<{ field: FormField; message: string }>;
  /** by product line idTmp */
  lines: Record<string, string[]>;
  /** by reservation index in the order */
  reservations: Record<number, string[]>;
  /** the rest (shop rules, the order as a whole) */
  general: string[];
}

const ALIASES: Record<string, FormField> = {
  telephone: 'phone',
  deliveryAddress: 'deliveryAddress.street',
  billingAddress: 'billingAddress.street',
  delivery: 'shipping',
  deliveryMethod: 'shipping',
  'shipping.type': 'shipping',
  'shipping.ref': 'shipping',
  'shipping.collectionPoint': 'shipping',
  'shipping.collectionPointId': 'shipping',
  'shipping.instructions': 'instructions',
  'order.shipping': 'shipping',
  'order.shipping.instructions': 'instructions',
  terms: 'acceptTerms',
  payment: 'paymentMethod',
  firstname: 'deliveryAddress.firstname',
  lastname: 'deliveryAddress.lastname',
};

function formFieldOf(field: string): FormField | null {
  const f = field.replace(/^body\./, '');
  if ((FORM_FIELDS as readonly string[]).includes(f)) return f as FormField;
  if (ALIASES[f]) return ALIASES[f];
  if (f.startsWith('paymentGroups')) return 'paymentGroups';
  return null;
}

/** Sorts the problems of a failed check; every problem lands somewhere (nothing is dropped). */
export function sortProblems(problems: readonly CartProblem[]): SortedProblems {
  const out: SortedProblems = { fields: [], lines: {}, reservations: {}, general: [] };
  for (const p of problems) {
    const field = p.field ?? '';
    const lineMatch = /^(?:order\.)?products\[([^\]]+)\]/.exec(field);
    const idTmp = p.idTmp ?? (lineMatch && !/^\d+$/.test(lineMatch[1]) ? lineMatch[1] : undefined);
    if (idTmp) {
      (out.lines[idTmp] ??= []).push(p.message);
      continue;
    }
    const resa = /^(?:order\.)?reservations\[(\d+)\]/.exec(field);
    if (resa) {
      (out.reservations[Number(resa[1])] ??= []).push(p.message);
      continue;
    }
    const f = formFieldOf(field);
    if (f && !out.fields.some((x) => x.field === f)) out.fields.push({ field: f, message: p.message });
    else if (!f) out.general.push(p.message);
  }
  return out;
}

/** The problems of a 400 answer: `errors[]`, else the single message/field. */
export function problemsOf(err: unknown): CartProblem[] {
  if (!(err instanceof ApiError)) return [];
  const body = err.body as { errors?: unknown } | undefined;
  if (Array.isArray(body?.errors)) {
    return body.errors
      .filter((e): e is CartProblem => !!e && typeof (e as CartProblem).message === 'string')
      .map((e) => ({ ...e, field: typeof e.field === 'string' ? e.field : '' }));
  }
  return [{ field: err.field ?? '', message: err.message }];
}
