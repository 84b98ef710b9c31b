// The texts of the sign-up forms (/auth/register/buyer, /auth/register-wineriz/seller and /agent).
// Typed texts (docs/backoffice.md §Texts), from shared-kernel/texts (no antd); the shared ones are in ../texts.
import type { AccountType, BusinessType } from 'shared-kernel/contracts';
import { defineTexts } from 'shared-kernel/texts';

export const { useTexts, texts, textsFor } = defineTexts('auth.register', {
  fr: {
    titles: { buyer: 'Inscription acheteur', seller: 'Inscription producteur', agent: 'Inscription agent commercial' } as Record<
      AccountType,
      string
    >,
    accountKind: 'Type de compte',
    private: 'Particulier',
    pro: 'Professionnel',
    shopName: 'Nom de votre domaine ou entreprise',
    activity: 'Activité',
    businessTypes: { wine: 'Vin', champaign: 'Champagne', beer: 'Bière', spirit: 'Spiritueux', cider: 'Cidre', other: 'Autre' } as Record<
      BusinessType,
      string
    >,
    phone: 'Téléphone mobile',
    phoneOptional: 'Téléphone mobile (facultatif)',
    company: 'Société',
    companyOptional: 'Société (facultatif)',
    siret: 'SIRET',
    siretOptional: 'SIRET (facultatif)',
    siretPlaceholder: '14 chiffres',
    adult: 'Je certifie avoir plus de 18 ans',
    terms: "J'accepte les conditions générales d'utilisation",
    submit: 'Créer mon compte',
    doneDescription: (email: string) => `Ouvrez le lien reçu à l'adresse ${email} pour valider votre compte.`,
  },
  en: {
    titles: { buyer: 'Buyer sign-up', seller: 'Producer sign-up', agent: 'Sales agent sign-up' },
    accountKind: 'Account type',
    private: 'Private individual',
    pro: 'Professional',
    shopName: 'Name of your estate or company',
    activity: 'Business',
    businessTypes: { wine: 'Wine', champaign: 'Champagne', beer: 'Beer', spirit: 'Spirits', cider: 'Cider', other: 'Other' },
    phone: 'Mobile phone',
    phoneOptional: 'Mobile phone (optional)',
    company: 'Company',
    companyOptional: 'Company (optional)',
    siret: 'SIRET',
    siretOptional: 'SIRET (optional)',
    siretPlaceholder: '14 digits',
    adult: 'I certify that I am over 18',
    terms: 'I accept the terms of use',
    submit: 'Create my account',
    doneDescription: (email: string) => `Open the link sent to ${email} to validate your account.`,
  },
});

export type RegisterTexts = typeof texts;
