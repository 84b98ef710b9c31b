import { useTranslation } from 'shared-kernel/i18n';
import { AUTH_MESSAGES, type AccountType, type BusinessType } from 'shared-kernel/contracts';

/**
 * Texts of every mfe-auth screen (fr default, en), picked by the i18next language (spec §9:
 * EN when ?lang=en or the browser language contains en, remembered in the 'lang' cookie).
 * The §5 validator messages stay French (shared-kernel/validation: the spec fixes them).
 * Placeholders: {{name}}, filled by `fill`.
 */
const fr = {
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
  choice: {
    title: 'Bienvenue',
    intro: 'Connectez-vous ou créez votre compte.',
    signInTitle: 'Se connecter',
    signInText: "J'ai déjà un compte",
    createTitle: 'Créer un compte',
    createText: 'Acheteur, producteur ou agent commercial',
  },
  registerChoice: {
    title: 'Créer un compte',
    buyerTitle: 'Je suis acheteur',
    buyerText: 'Particulier ou professionnel : commander et réserver',
    proTitle: 'Je suis producteur ou agent commercial',
    proText: 'Gérer mon domaine ou représenter des producteurs',
  },
  proChoice: {
    title: 'Inscription professionnelle',
    sellerTitle: 'Je suis producteur',
    sellerText: 'Créer mon domaine, ma brasserie ou ma distillerie sur Wineriz',
    agentTitle: 'Je suis agent commercial',
    agentText: 'Représenter des producteurs et prendre des commandes',
  },
  login: {
    title: 'Connexion',
    identifier: "E-mail ou nom d'utilisateur",
    submit: 'Se connecter',
    forgot: 'Mot de passe oublié ?',
    register: 'Créer un compte',
  },
  register: {
    titles: { buyer: 'Inscription acheteur', seller: 'Inscription producteur', agent: 'Inscription agent commercial' } as Record<AccountType, string>,
    accountKind: 'Type de compte',
    private: 'Particulier',
    pro: 'Professionnel',
    shopName: 'Nom de votre domaine ou entreprise',
    activity: 'Activité',
    businessTypes: { wine: 'Vin', champaign: 'Champagne', beer: 'Bière', spirit: 'Spiritueux', cider: 'Cidre', other: 'Autre' } as Record<BusinessType, string>,
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
    doneDescription: "Ouvrez le lien reçu à l'adresse {{email}} pour valider votre compte.",
  },
  validate: {
    title: 'Validation du compte',
    loading: 'Validation en cours…',
    askNew: 'Recevez un nouveau lien de validation :',
  },
  reset: {
    title: 'Mot de passe oublié',
    intro: "Saisissez l'adresse mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    askNew: 'Recevez un nouveau lien :',
    savePassword: 'Enregistrer le mot de passe',
  },
  unvalidated: {
    title: "Votre adresse mail n'est pas encore validée.",
    text: "Ouvrez le lien envoyé à l'adresse {{email}}. Vous ne l'avez pas reçu ?",
    resend: 'Renvoyer le lien',
  },
  settings: {
    title: 'Paramètres',
    sectionsLabel: 'Sections des paramètres',
    choose: 'Choisissez une section.',
    sections: {
      account: 'Mon compte', infos: 'Informations', typos: 'Typologies', crm: 'CRM', products: 'Produits', billing: 'Facturation',
      delivery: 'Livraison', roles: 'Rôles', accounting: 'Comptabilité', campaigns: 'Campagnes', matchGrids: 'Grilles de correspondance',
      iframes: 'Iframes', integrations: 'Intégrations', promotions: 'Promotions', documents: 'Documents',
    } as Record<string, string>,
    nameCard: 'Nom',
    emailCard: 'Adresse mail',
    currentEmail: 'Adresse actuelle :',
    newEmail: 'Nouvelle adresse mail',
    changeEmail: "Changer d'adresse",
    passwordCard: 'Mot de passe',
    changePassword: 'Changer le mot de passe',
  },
  apiKey: {
    title: "Clé d'API",
    intro: "Une clé permet à un programme d'utiliser l'API /v1 en votre nom (en-tête {{header}}). Elle n'est affichée qu'une seule fois.",
    created: 'Clé « {{name}} » créée. Copiez-la maintenant : elle ne sera plus affichée.',
    newKey: 'Nouvelle clé',
    keyWord: 'clé',
    name: 'Nom de la clé',
    namePlaceholder: 'ex. : ERP, site web',
    create: 'Créer une clé',
    empty: "Aucune clé pour l'instant",
    revoke: 'Révoquer',
    revokeTitle: 'Révoquer la clé ?',
    revokeText: "Les programmes qui utilisent « {{name}} » n'auront plus accès à l'API.",
    createdOn: 'créée le {{date}}',
    lastUsed: 'dernière utilisation : {{date}}',
  },
  admin: {
    title: 'Utilisateurs',
    search: 'Rechercher un utilisateur',
    searchPlaceholder: 'E-mail ou nom',
    searchButton: 'Rechercher',
    empty: 'Aucun utilisateur ne correspond',
    roles: { buyer: 'Acheteur', owner: 'Propriétaire', iam: 'Collaborateur', agent: 'Agent', superAdmin: 'Super admin' } as Record<string, string>,
    colName: 'Nom', colEmail: 'E-mail', colRole: 'Rôle', colValidated: 'Mail validé', colState: 'État', colAction: 'Action',
    disabled: 'Désactivé', active: 'Actif', yourAccount: 'Votre compte',
    disable: 'Désactiver', enable: 'Réactiver',
    disableTitle: 'Désactiver le compte ?', enableTitle: 'Réactiver le compte ?',
    disableText: '{{email}} ne pourra plus se connecter et ses sessions seront fermées.',
    enableText: '{{email}} pourra de nouveau se connecter.',
    fullName: 'Prénom / nom', phone: 'Téléphone', professional: 'Professionnel', siret: 'SIRET', shops: 'Boutiques', createdAt: 'Créé le',
  },
  captcha: {
    label: 'Vérification anti-robot',
    loading: 'Chargement du captcha…',
    invisible: 'Ce formulaire est protégé par reCAPTCHA.',
    noKey: "Le captcha ne peut pas s'afficher : aucune clé n'est fournie. Le formulaire ne peut pas être envoyé pour le moment.",
    noVersion: "Le captcha ne peut pas s'afficher : aucune version n'est fournie. Le formulaire ne peut pas être envoyé pour le moment.",
    loadFailed: "Le captcha n'a pas pu être chargé. Vérifiez votre connexion puis réessayez.",
    executeFailed: "Le captcha n'a pas pu s'exécuter. Réessayez.",
    retry: 'Réessayer',
  },
};

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : T[K] extends Record<string, string> ? Record<keyof T[K], string> : DeepString<T[K]> };
export type Texts = DeepString<typeof fr>;

const en: Texts = {
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
  choice: {
    title: 'Welcome',
    intro: 'Sign in or create your account.',
    signInTitle: 'Sign in',
    signInText: 'I already have an account',
    createTitle: 'Create an account',
    createText: 'Buyer, producer or sales agent',
  },
  registerChoice: {
    title: 'Create an account',
    buyerTitle: 'I am a buyer',
    buyerText: 'Private or professional: order and book',
    proTitle: 'I am a producer or a sales agent',
    proText: 'Run my estate or represent producers',
  },
  proChoice: {
    title: 'Professional sign-up',
    sellerTitle: 'I am a producer',
    sellerText: 'Create my estate, brewery or distillery on Wineriz',
    agentTitle: 'I am a sales agent',
    agentText: 'Represent producers and take orders',
  },
  login: {
    title: 'Sign in',
    identifier: 'Email or username',
    submit: 'Sign in',
    forgot: 'Forgot your password?',
    register: 'Create an account',
  },
  register: {
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
    doneDescription: 'Open the link sent to {{email}} to validate your account.',
  },
  validate: {
    title: 'Account validation',
    loading: 'Validating…',
    askNew: 'Get a new validation link:',
  },
  reset: {
    title: 'Forgot your password',
    intro: "Enter your account's email address: we will send you a link to choose a new password.",
    askNew: 'Get a new link:',
    savePassword: 'Save the password',
  },
  unvalidated: {
    title: 'Your email address has not been validated yet.',
    text: 'Open the link sent to {{email}}. Did not receive it?',
    resend: 'Send the link again',
  },
  settings: {
    title: 'Settings',
    sectionsLabel: 'Settings sections',
    choose: 'Choose a section.',
    sections: {
      account: 'My account', infos: 'Information', typos: 'Typologies', crm: 'CRM', products: 'Products', billing: 'Billing',
      delivery: 'Delivery', roles: 'Roles', accounting: 'Accounting', campaigns: 'Campaigns', matchGrids: 'Matching grids',
      iframes: 'Iframes', integrations: 'Integrations', promotions: 'Promotions', documents: 'Documents',
    },
    nameCard: 'Name',
    emailCard: 'Email address',
    currentEmail: 'Current address:',
    newEmail: 'New email address',
    changeEmail: 'Change address',
    passwordCard: 'Password',
    changePassword: 'Change the password',
  },
  apiKey: {
    title: 'API key',
    intro: 'A key lets a program use the /v1 API on your behalf ({{header}} header). It is shown only once.',
    created: 'Key “{{name}}” created. Copy it now: it will not be shown again.',
    newKey: 'New key',
    keyWord: 'key',
    name: 'Key name',
    namePlaceholder: 'e.g. ERP, website',
    create: 'Create a key',
    empty: 'No key yet',
    revoke: 'Revoke',
    revokeTitle: 'Revoke the key?',
    revokeText: 'Programs using “{{name}}” will no longer have access to the API.',
    createdOn: 'created on {{date}}',
    lastUsed: 'last used: {{date}}',
  },
  admin: {
    title: 'Users',
    search: 'Search a user',
    searchPlaceholder: 'Email or name',
    searchButton: 'Search',
    empty: 'No user matches',
    roles: { buyer: 'Buyer', owner: 'Owner', iam: 'Staff member', agent: 'Agent', superAdmin: 'Super admin' },
    colName: 'Name', colEmail: 'Email', colRole: 'Role', colValidated: 'Email validated', colState: 'Status', colAction: 'Action',
    disabled: 'Disabled', active: 'Active', yourAccount: 'Your account',
    disable: 'Disable', enable: 'Enable',
    disableTitle: 'Disable the account?', enableTitle: 'Enable the account?',
    disableText: '{{email}} will no longer be able to sign in and their sessions will be closed.',
    enableText: '{{email}} will be able to sign in again.',
    fullName: 'First / last name', phone: 'Phone', professional: 'Professional', siret: 'SIRET', shops: 'Shops', createdAt: 'Created on',
  },
  captcha: {
    label: 'Anti-robot check',
    loading: 'Loading the captcha…',
    invisible: 'This form is protected by reCAPTCHA.',
    noKey: 'The captcha cannot be shown: no key is provided. The form cannot be sent for now.',
    noVersion: 'The captcha cannot be shown: no version is provided. The form cannot be sent for now.',
    loadFailed: 'The captcha could not be loaded. Check your connection and try again.',
    executeFailed: 'The captcha could not run. Please try again.',
    retry: 'Try again',
  },
};

export const TEXTS: Record<'fr' | 'en', Texts> = { fr, en };

export function textsFor(lang: string | undefined): Texts {
  return lang?.startsWith('en') ? en : fr;
}

/** The texts in the visitor's language (re-renders on language change). */
export function useTexts(): Texts & { lang: 'fr' | 'en' } {
  const { i18n } = useTranslation();
  const lang = i18n?.language?.startsWith('en') ? 'en' : 'fr';
  return { ...textsFor(lang), lang };
}

/** Fills {{key}} placeholders. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
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
export function serverText(message: string, lang: 'fr' | 'en'): string {
  return lang === 'en' ? SERVER_EN[message] ?? message : message;
}
