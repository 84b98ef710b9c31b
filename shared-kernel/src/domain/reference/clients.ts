import type { RefOption } from './option';

/** The 14 client typologies (spec §3). */
export const CLIENT_TYPOLOGIES = [
  { value: 'particulier', label: 'Particulier' },
  { value: 'restaurateur', label: 'Restaurateur' },
  { value: 'grossiste', label: 'Grossiste' },
  { value: 'caviste', label: 'Caviste' },
  { value: 'importateur', label: 'Importateur' },
  { value: 'distributeur', label: 'Distributeur' },
  { value: 'agent', label: 'Agent commercial' },
  { value: 'hotellerie', label: 'Hôtellerie' },
  { value: 'bar', label: 'Bar' },
  { value: 'epicerie', label: 'Épicerie fine' },
  { value: 'gms', label: 'Grande distribution' },
  { value: 'ce', label: "Comité d'entreprise" },
  { value: 'entreprise', label: 'Entreprise' },
  { value: 'association', label: 'Association' },
] as const satisfies readonly RefOption[];
export type ClientTypology = (typeof CLIENT_TYPOLOGIES)[number]['value'];

export const CIVILITIES = [
  { value: 'mr', label: 'Monsieur' },
  { value: 'mrs', label: 'Madame' },
  { value: 'mrmrs', label: 'Monsieur et Madame' },
  { value: 'company', label: 'Société' },
  { value: 'other', label: 'Autre' },
] as const satisfies readonly RefOption[];

export const CUSTOM_FIELD_KINDS = [
  { value: 'pipe', label: 'Pipeline' },
  { value: 'family', label: 'Famille' },
  { value: 'family2', label: 'Famille 2' },
  { value: 'custom', label: 'Champ personnalisé' },
  { value: 'custom2', label: 'Champ personnalisé 2' },
  { value: 'listTag', label: 'Étiquette de liste' },
  { value: 'listTag2', label: 'Étiquette de liste 2' },
] as const satisfies readonly RefOption[];

export const TASK_PRIORITIES = [
  { value: 'low', label: 'Basse' },
  { value: 'medium', label: 'Moyenne' },
  { value: 'high', label: 'Haute' },
] as const satisfies readonly RefOption[];
export type TaskPriority = (typeof TASK_PRIORITIES)[number]['value'];

export const TASK_ACTIVITY_KINDS = [
  { value: 'phone', label: 'Appel téléphonique' },
  { value: 'email', label: 'E-mail' },
  { value: 'visit', label: 'Visite' },
  { value: 'meeting', label: 'Rendez-vous' },
  { value: 'tasting', label: 'Dégustation' },
  { value: 'tour', label: 'Tournée' },
  { value: 'animation', label: 'Animation' },
  { value: 'salon', label: 'Salon' },
  { value: 'breakfast', label: 'Petit-déjeuner' },
  { value: 'orderPreparation', label: 'Préparation de commande' },
  { value: 'other', label: 'Autre' },
] as const satisfies readonly RefOption[];

/** Email merge fields offered in campaign and document templates. */
export const EMAIL_MERGE_FIELDS = [
  { value: '{{firstname}}', label: 'Prénom' },
  { value: '{{lastname}}', label: 'Nom' },
  { value: '{{shopName}}', label: 'Nom de la boutique' },
  { value: '{{businessName}}', label: 'Nom commercial' },
  { value: '{{businessReason}}', label: 'Raison sociale' },
  { value: '{{email}}', label: 'E-mail' },
  { value: '{{phone}}', label: 'Téléphone' },
  { value: '{{documentNumber}}', label: 'Numéro du document' },
  { value: '{{amount}}', label: 'Montant' },
  { value: '{{signature}}', label: 'Signature' },
] as const satisfies readonly RefOption[];

/** EMCS destination type codes (recipient types 1-6 and 8). */
export const RECIPIENT_TYPES = [
  { value: 1, label: 'Entrepositaire agréé' },
  { value: 2, label: 'Destinataire enregistré' },
  { value: 3, label: 'Destinataire enregistré à titre occasionnel' },
  { value: 4, label: 'Livraison directe' },
  { value: 5, label: 'Destinataire exonéré' },
  { value: 6, label: 'Exportation' },
  { value: 8, label: 'Destination inconnue' },
] as const satisfies readonly RefOption<number>[];
