// The texts of the captcha of the sign-up and reset forms.
// Typed texts (docs/backoffice.md §Texts), from shared-kernel/texts (no antd); the shared ones are in ../texts.
import { defineTexts } from 'shared-kernel/texts';

export const { useTexts, texts, textsFor } = defineTexts('auth.captcha', {
  fr: {
    label: 'Vérification anti-robot',
    loading: 'Chargement du captcha…',
    invisible: 'Ce formulaire est protégé par reCAPTCHA.',
    noKey: "Le captcha ne peut pas s'afficher : aucune clé n'est fournie. Le formulaire ne peut pas être envoyé pour le moment.",
    noVersion: "Le captcha ne peut pas s'afficher : aucune version n'est fournie. Le formulaire ne peut pas être envoyé pour le moment.",
    loadFailed: "Le captcha n'a pas pu être chargé. Vérifiez votre connexion puis réessayez.",
    executeFailed: "Le captcha n'a pas pu s'exécuter. Réessayez.",
    retry: 'Réessayer',
  },
  en: {
    label: 'Anti-robot check',
    loading: 'Loading the captcha…',
    invisible: 'This form is protected by reCAPTCHA.',
    noKey: 'The captcha cannot be shown: no key is provided. The form cannot be sent for now.',
    noVersion: 'The captcha cannot be shown: no version is provided. The form cannot be sent for now.',
    loadFailed: 'The captcha could not be loaded. Check your connection and try again.',
    executeFailed: 'The captcha could not run. Please try again.',
    retry: 'Try again',
  },
});

export type CaptchaTexts = typeof texts;
