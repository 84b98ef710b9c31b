import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * What an error line may say. A failed query's message carries its parameters (drizzle: « Failed query: … params: … »),
 * and a parameter may be a password hash, a token, a key or a customer's data: error lines keep the SQL and the
 * SQLSTATE, never the values. The same goes for PostgreSQL's detail (« Key (email)=(…) »). Redacted by default, for
 * every `logger.x({ err })` of the api.
 */
const PARAMS = /(\n\s*params:)[\s\S]*?(?=\n\s+at\s|$)/;
const KEY_VALUES = /=\((?:[^()]|\([^()]*\))*\)/g;
const SECRET_WORDS = /\b(\$argon2\w*\$[^\s,'"]+|eyJ[\w-]+\.[\w-]+\.[\w-]+|(?:sk|pk|rk)_(?:live|test)_\w+)/g;
const clean = (s: unknown): string | undefined =>
  typeof s === 'string'
    ? s.replace(PARAMS, '$1 [redacted]').replace(KEY_VALUES, '=([redacted])').replace(SECRET_WORDS, '[redacted]')
    : undefined;

export function serializeError(err: unknown, depth = 0): Record<string, unknown> | unknown {
  if (!err || typeof err !== 'object') return err;
  const e = err as { name?: string; message?: string; stack?: string; code?: unknown; constraint?: unknown; cause?: unknown };
  const out: Record<string, unknown> = { type: e.name ?? (err as object).constructor?.name ?? 'Error' };
  if (e.message !== undefined) out.message = clean(e.message);
  if (e.stack !== undefined) out.stack = clean(e.stack);
  for (const k of ['code', 'constraint', 'table', 'column', 'routine', 'status', 'type'] as const) {
    const v = (err as Record<string, unknown>)[k];
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  const detail = (err as { detail?: unknown }).detail;
  if (typeof detail === 'string') out.detail = clean(detail);
  if (e.cause && depth < 4) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** `destination`: where the lines go (stdout by default; a stream in tests). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'api' },
      serializers: { err: serializeError, error: serializeError },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'password',
          '*.password',
          'passwordHash',
          '*.passwordHash',
          'jwt',
          '*.jwt',
          'token',
          '*.token',
          'params',
          '*.params',
          'secret',
          '*.secret',
          'apiKey',
          '*.apiKey',
        ],
        censor: '[redacted]',
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination as pino.DestinationStream,
  );
}
