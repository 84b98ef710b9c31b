/**
 * Validators for the lightest public pages (the sign-in form), without zod: `shared-kernel/validation` builds every
 * §5 schema when loaded (zod, libphonenumber-js and date-fns: ≈ 70 KB brotli), which /auth/login does not need.
 * Same messages and results as their zod twins (validators.test.ts checks it).
 */
import { MESSAGES } from './messages';
import type { Validator } from './validators';

/** §5 'needed': a non-blank string. */
export const needed: Validator = (v) => (typeof v === 'string' && v.trim().length > 0 ? true : MESSAGES.needed);
