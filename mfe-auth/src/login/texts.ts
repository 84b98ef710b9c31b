// The texts of the sign-in page (/auth/login). The sign-in page must not load antd: shared-kernel/texts.
// Typed texts (docs/backoffice.md §Texts), from shared-kernel/texts (no antd); the shared ones are in ../texts.
import { defineTexts } from 'shared-kernel/texts';

export const { useTexts, texts, textsFor } = defineTexts('auth.login', {
  fr: {
    title: 'Connexion',
    identifier: "E-mail ou nom d'utilisateur",
    submit: 'Se connecter',
    forgot: 'Mot de passe oublié ?',
    register: 'Créer un compte',
  },
  en: {
    title: 'Sign in',
    identifier: 'Email or username',
    submit: 'Sign in',
    forgot: 'Forgot your password?',
    register: 'Create an account',
  },
});

export type LoginTexts = typeof texts;
