/** Texts of the 'common' namespace (shell chrome shared by every remote). */
export const commonFr = {
  cancel: 'Annuler',
  ok: 'Ok',
  logout: 'Déconnexion',
  dashboard: 'Tableau de bord',
  settings: 'Paramètres',
  shop: 'Boutique',
  producers: 'Producteurs',
  switchAccount: 'Changer de compte',
  chooseAccount: 'Choisissez un compte',
  goTo: 'Aller à',
  signIn: 'Se connecter',
  createAccount: 'Créer un compte',
  error: {
    title: 'Une erreur est survenue',
    backToApp: "Retour à l'application",
  },
  notFound: {
    /** Spec §2: the 404 heading is 'This page could not be found' in both languages. */
    heading: 'This page could not be found',
    text: 'Cette page est introuvable',
  },
  notifications: {
    title: 'Notifications',
    all: 'Toutes',
    unread: 'Non lues',
    markAllRead: 'Tout marquer comme lu',
    empty: 'Aucune notification',
  },
  maintenance: {
    title: 'Maintenance en cours',
    page: 'La plateforme est en maintenance. Merci de revenir un peu plus tard.',
    banner: 'Une maintenance est prévue du {{start}} au {{end}}.',
    close: 'Fermer',
  },
  newVersion: 'Une nouvelle version est disponible, cliquez pour recharger',
  moduleUnavailable: 'Module indisponible',
  moduleUnavailableText:
    "Cette partie de l'application ne peut pas être chargée pour le moment. Le reste de l'application reste utilisable.",
  retry: 'Réessayer',
  loading: 'Chargement…',
  orderProcessing:
    "Votre commande est en cours de traitement. La page se rafraîchira automatiquement ; si ce n'est pas le cas après plusieurs minutes, contactez le support.",
  cart: {
    title: 'Panier',
    see: 'Voir le panier',
    empty: 'Vider le panier',
    emptyConfirmTitle: 'Attention !!',
    emptyConfirmText: 'Vous êtes sur le point de vider votre panier',
  },
  messaging: 'Messagerie',
} as const;

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };
export type CommonTexts = DeepString<typeof commonFr>;

export const commonEn: CommonTexts = {
  cancel: 'Cancel',
  ok: 'Ok',
  logout: 'Log out',
  dashboard: 'Dashboard',
  settings: 'Settings',
  shop: 'Shop',
  producers: 'Producers',
  switchAccount: 'Switch account',
  chooseAccount: 'Choose an account',
  goTo: 'Go to',
  signIn: 'Sign in',
  createAccount: 'Create an account',
  error: {
    title: 'An error occurred',
    backToApp: 'Back to the application',
  },
  notFound: {
    heading: 'This page could not be found',
    text: 'This page could not be found',
  },
  notifications: {
    title: 'Notifications',
    all: 'All',
    unread: 'Unread',
    markAllRead: 'Mark all as read',
    empty: 'No notifications',
  },
  maintenance: {
    title: 'Maintenance in progress',
    page: 'The platform is under maintenance. Please come back a little later.',
    banner: 'Maintenance is scheduled from {{start}} to {{end}}.',
    close: 'Close',
  },
  newVersion: 'A new version is available, click to reload',
  moduleUnavailable: 'Module unavailable',
  moduleUnavailableText: 'This part of the application cannot be loaded right now. The rest of the application still works.',
  retry: 'Retry',
  loading: 'Loading…',
  orderProcessing:
    'Your order is being processed. The page will refresh automatically; if it has not after several minutes, please contact support.',
  cart: {
    title: 'Cart',
    see: 'See the cart',
    empty: 'Empty the cart',
    emptyConfirmTitle: 'Warning!!',
    emptyConfirmText: 'You are about to empty your cart',
  },
  messaging: 'Messaging',
};
