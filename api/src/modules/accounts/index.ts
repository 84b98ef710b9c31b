/** Accounts (modules/accounts): sign-up, email validation, password reset, password and email changes. */
export * from './accounts.tables';
export { createAccountsRouter, mailerFor } from './accounts.router';
export { createAccountsService, queueAccountMailInTx, type AccountsService } from './accounts.service';
export { checkCaptcha } from './captcha';
