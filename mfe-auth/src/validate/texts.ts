// The texts of the address validation page (/auth/validate).
// Typed texts (docs/backoffice.md §Texts), from shared-kernel/texts (no antd); the shared ones are in ../texts.
import { defineTexts } from 'shared-kernel/texts';

export const { useTexts, texts, textsFor } = defineTexts('auth.validate', {
  fr: {
    title: 'Validation du compte',
    loading: 'Validation en cours…',
    askNew: 'Recevez un nouveau lien de validation :',
  },
  en: {
    title: 'Account validation',
    loading: 'Validating…',
    askNew: 'Get a new validation link:',
  },
});

export type ValidateTexts = typeof texts;
