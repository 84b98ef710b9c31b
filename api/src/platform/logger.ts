import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'api' },
    redact: { paths: ['req.headers.authorization', 'password', '*.password', 'jwt'], censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
