import { useTranslation } from 'shared-kernel/i18n';

/** Texts of /dashboard/clients (fr default, en). */
const fr = {
  title: 'Clients professionnels',
  later: 'La fiche client complète (création d’un client, fiche client, opportunités, prospection) arrive prochainement. Cette page gère les demandes de grille tarifaire et les clients professionnels rattachés à votre boutique.',
  agentTitle: 'Clients',
  agentLater: 'La liste de vos clients arrive prochainement. Les demandes de grille tarifaire sont traitées par le producteur.',
  requestsTitle: 'Demandes de grille tarifaire',
  requestsIntro: 'Des acheteurs professionnels demandent vos tarifs. Acceptez une demande pour leur faire voir les prix de la typologie choisie dans votre boutique, ou refusez-la.',
  requestsEmpty: 'Aucune demande en attente',
  requestsList: 'Demandes de grille tarifaire en attente',
  clientsTitle: 'Clients professionnels rattachés',
  clientsEmpty: 'Aucun client professionnel rattaché pour le moment',
  clientsList: 'Clients professionnels rattachés',
  name: 'Nom', company: 'Société', email: 'Mail', phone: 'Téléphone', date: 'Date de la demande', typology: 'Typologie', since: 'Depuis le',
  typologyFor: (name: string) => `Typologie tarifaire pour ${name}`,
  accept: 'Accepter',
  refuse: 'Refuser',
  acceptFor: (name: string) => `Accepter la demande de ${name}`,
  refuseFor: (name: string) => `Refuser la demande de ${name}`,
  refuseTitle: 'Refuser la demande ?',
  refuseText: (name: string) => `${name} sera prévenu(e) que sa demande n’a pas été acceptée et pourra en envoyer une nouvelle.`,
  readOnly: 'Vous pouvez consulter ces demandes ; seul un compte autorisé à créer des clients peut les accepter ou les refuser.',
  noTypology: 'Votre boutique n’a aucune typologie tarifaire : ajoutez-en une dans Paramètres › Typologies.',
  loadError: 'Impossible de charger les données',
  retry: 'Réessayer',
  loading: 'Chargement…',
  none: '-',
};
type Texts = typeof fr;

const en: Texts = {
  title: 'Professional clients',
  later: 'The full client file (new client, client record, opportunities, prospecting) is coming soon. This page handles price list requests and the professional clients attached to your shop.',
  agentTitle: 'Clients',
  agentLater: 'Your client list is coming soon. Price list requests are handled by the producer.',
  requestsTitle: 'Price list requests',
  requestsIntro: 'Professional buyers ask for your prices. Accept a request to show them the prices of the chosen typology in your shop, or refuse it.',
  requestsEmpty: 'No pending request',
  requestsList: 'Pending price list requests',
  clientsTitle: 'Attached professional clients',
  clientsEmpty: 'No professional client attached yet',
  clientsList: 'Attached professional clients',
  name: 'Name', company: 'Company', email: 'Email', phone: 'Phone', date: 'Requested on', typology: 'Typology', since: 'Since',
  typologyFor: (name: string) => `Price typology for ${name}`,
  accept: 'Accept',
  refuse: 'Refuse',
  acceptFor: (name: string) => `Accept the request of ${name}`,
  refuseFor: (name: string) => `Refuse the request of ${name}`,
  refuseTitle: 'Refuse the request?',
  refuseText: (name: string) => `${name} will be told the request was not accepted and may send a new one.`,
  readOnly: 'You can read these requests; only an account allowed to create clients can accept or refuse them.',
  noTypology: 'Your shop has no price typology: add one in Settings › Typologies.',
  loadError: 'Could not load the data',
  retry: 'Retry',
  loading: 'Loading…',
  none: '-',
};

export type { Texts };
export const TEXTS = { fr, en };

/** The texts in the user's language (the dashboard forces French; English when the language is English). */
export function useTexts(): Texts {
  const { i18n } = useTranslation();
  return i18n?.language?.startsWith('en') ? en : fr;
}
