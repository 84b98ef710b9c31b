/** Login, master accounts, logout (modules/auth). */
export { createAuthRouter } from './auth.router';
