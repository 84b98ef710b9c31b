import { z } from 'zod';
import { HttpError } from './errors';

// French messages for zod's built-in checks (the §5 schemas carry their own messages).
z.config(z.locales.fr());

export function issuePath(issue: z.core.$ZodIssue): string | undefined {
  if (!issue.path.length) {
    // An unrecognised key reports its name in `keys`.
    if (issue.code === 'unrecognized_keys' && issue.keys.length) return issue.keys[0];
    return undefined;
  }
  return issue.path.map(String).join('.');
}

/** Turns a zod failure into a 400 naming the first issue's field. */
export function zodToHttpError(error: z.ZodError): HttpError {
  const issue = error.issues[0];
  if (!issue) return new HttpError(400, 'Requête invalide');
  return new HttpError(400, issue.message, issuePath(issue));
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw zodToHttpError(result.error);
  return result.data;
}
