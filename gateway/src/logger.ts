import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs on stdout (one line per event); LOG_LEVEL, 'silent' under jest. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'gateway' }, timestamp: pino.stdTimeFunctions.isoTime });
}
