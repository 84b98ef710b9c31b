/** The account mails (fr/en, html + text). */
export * from './mail.templates';
