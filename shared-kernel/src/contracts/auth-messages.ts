/** Constants of the account flows, with no dependency (no zod): see auth.ts for the schemas. */
/** Business types a seller chooses at sign-up (spec §1). */
export const BUSINESS_TYPES = ['wine', 'champaign', 'beer', 'spirit', 'cider', 'other'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  wine: 'Vin',
  champaign: 'Champagne',
  beer: 'Bière',
  spirit: 'Spiritueux',
  cider: 'Cidre',
  other: 'Autre',
};

export const ACCOUNT_TYPES = ['buyer', 'seller', 'agent'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Messages of the account flows (api answers and screens). */
export const AUTH_MESSAGES = {
  registered: 'Votre compte a été créé. Un mail de validation vous a été envoyé.',
  emailTaken: 'Un compte existe déjà avec cette adresse mail',
  validated: 'Votre adresse mail a été validée',
  tokenInvalid: "Ce lien n'est pas valide.",
  tokenExpired: 'Ce lien a expiré. Demandez un nouveau lien.',
  tokenUsed: 'Ce lien a déjà été utilisé.',
  resendSent: "Si un compte non validé existe avec cette adresse, un nouveau lien de validation vient d'être envoyé.",
  resetSent: "Si un compte existe avec cette adresse, un mail de réinitialisation vient d'être envoyé.",
  passwordReset: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.',
  passwordChanged: 'Votre mot de passe a été modifié',
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect',
  emailChangeSent: 'Un mail de validation a été envoyé à la nouvelle adresse. Elle remplacera l’actuelle après validation.',
  tooMany: 'Trop de tentatives. Réessayez dans quelques minutes.',
  captchaRequired: 'Veuillez valider le captcha',
  sirenNic: 'Le SIREN doit contenir 9 chiffres et le NIC 5 chiffres',
} as const;
