// The texts of the password reset page (/auth/resetpwd).
// Typed texts (docs/backoffice.md §Texts), from shared-kernel/texts (no antd); the shared ones are in ../texts.
import { defineTexts } from 'shared-kernel/texts';

export const { useTexts, texts, textsFor } = defineTexts('auth.reset', {
  fr: {
    title: 'Mot de passe oublié',
    intro: "Saisissez l'adresse mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    askNew: 'Recevez un nouveau lien :',
    savePassword: 'Enregistrer le mot de passe',
  },
  en: {
    title: 'Forgot your password',
    intro: "Enter your account's email address: we will send you a link to choose a new password.",
    askNew: 'Get a new link:',
    savePassword: 'Save the password',
  },
});

export type ResetTexts = typeof texts;
