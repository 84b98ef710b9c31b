import { AUTH_MESSAGES } from 'shared-kernel/contracts';
import type { Language } from 'shared-kernel/i18n';
import { defineTexts } from 'shared-kernel/texts';

/**
 * The texts every mfe-auth screen shares (fr default, en), with the typed texts helper (docs/backoffice.md §Texts),
 * taken from shared-kernel/texts: no antd on the sign-in page (lean.test.ts). Each screen folder keeps its own texts
 * in its texts.ts, so a page downloads only the ones it shows. The language is the i18next one (spec §9: EN when
 * ?lang=en or the browser language contains en, remembered in the 'lang' cookie). The §5 validator messages stay
 * French (shared-kernel/validation: the spec fixes them). A text that takes values is a function.
 */
const shared = defineTexts('auth', {
  fr: {
    common: {
      error: 'Une erreur est survenue',
      show: 'Afficher',
      hide: 'Masquer',
      showPassword: 'Afficher le mot de passe',
      hidePassword: 'Masquer le mot de passe',
      signIn: 'Se connecter',
      haveAccount: 'Déjà un compte ?',
      backToLogin: 'Retour à la connexion',
      email: 'E-mail',
      firstname: 'Prénom',
      lastname: 'Nom',
      password: 'Mot de passe',
      confirm: 'Confirmation du mot de passe',
      newPassword: 'Nouveau mot de passe',
      currentPassword: 'Mot de passe actuel',
      passwordsDiffer: 'Les mots de passe ne correspondent pas',
      sendLink: 'Envoyer le lien',
      resendLink: 'Renvoyer le lien',
      save: 'Enregistrer',
      close: 'Fermer',
      cancel: 'Annuler',
      yes: 'Oui',
      no: 'Non',
      never: 'jamais',
    },
    unvalidated: {
      title: "Votre adresse mail n'est pas encore validée.",
      text: (email: string) => `Ouvrez le lien envoyé à l'adresse ${email}. Vous ne l'avez pas reçu ?`,
      resend: 'Renvoyer le lien',
    },
  },
  en: {
    common: {
      error: 'An error occurred',
      show: 'Show',
      hide: 'Hide',
      showPassword: 'Show password',
      hidePassword: 'Hide password',
      signIn: 'Sign in',
      haveAccount: 'Already have an account?',
      backToLogin: 'Back to sign in',
      email: 'Email',
      firstname: 'First name',
      lastname: 'Last name',
      password: 'Password',
      confirm: 'Confirm password',
      newPassword: 'New password',
      currentPassword: 'Current password',
      passwordsDiffer: 'The passwords do not match',
      sendLink: 'Send the link',
      resendLink: 'Send the link again',
      save: 'Save',
      close: 'Close',
      cancel: 'Cancel',
      yes: 'Yes',
      no: 'No',
      never: 'never',
    },
    unvalidated: {
      title: 'Your email address has not been validated yet.',
      text: (email: string) => `Open the link sent to ${email}. Did not receive it?`,
      resend: 'Send the link again',
    },
  },
});

export type SharedTexts = typeof shared.texts;

/** The shared texts in French (outside React). */
export const { texts, textsFor } = shared;

/** The shared texts in the visitor's language, and that language (re-renders on a language switch). */
export function useTexts(): SharedTexts & { lang: Language } {
  const t = shared.useTexts();
  // the helper gives one frozen object per language: the language is the one of the texts it picked
  return { ...t, lang: t === shared.textsFor('en') ? 'en' : 'fr' };
}

/** English versions of the api's French account messages (they are shown as they come in French). */
const SERVER_EN: Record<string, string> = {
  [AUTH_MESSAGES.registered]: 'Your account has been created. A validation email has been sent to you.',
  [AUTH_MESSAGES.emailTaken]: 'An account already exists with this email address',
  [AUTH_MESSAGES.validated]: 'Your email address has been validated',
  [AUTH_MESSAGES.tokenInvalid]: 'This link is not valid.',
  [AUTH_MESSAGES.tokenExpired]: 'This link has expired. Ask for a new link.',
  [AUTH_MESSAGES.tokenUsed]: 'This link has already been used.',
  [AUTH_MESSAGES.resendSent]: 'If a non-validated account exists with this address, a new validation link has just been sent.',
  [AUTH_MESSAGES.resetSent]: 'If an account exists with this address, a reset email has just been sent.',
  [AUTH_MESSAGES.passwordReset]: 'Your password has been changed. You can sign in.',
  [AUTH_MESSAGES.passwordChanged]: 'Your password has been changed',
  [AUTH_MESSAGES.wrongCurrentPassword]: 'The current password is incorrect',
  [AUTH_MESSAGES.emailChangeSent]: 'A validation email has been sent to the new address. It will replace the current one once validated.',
  [AUTH_MESSAGES.tooMany]: 'Too many attempts. Try again in a few minutes.',
  [AUTH_MESSAGES.captchaRequired]: 'Please complete the captcha',
  [AUTH_MESSAGES.sirenNic]: 'The SIREN must have 9 digits and the NIC 5 digits',
  'Le mail et/ou le mot de passe sont incorrects.': 'The email and/or the password are incorrect.',
  'Trop de tentatives de connexion. Réessayez dans quelques minutes.': 'Too many sign-in attempts. Try again in a few minutes.',
};

/** A message from the api in the visitor's language (known account messages only; others as they come). */
export function serverText(message: string, lang: Language): string {
  return lang === 'en' ? (SERVER_EN[message] ?? message) : message;
}
