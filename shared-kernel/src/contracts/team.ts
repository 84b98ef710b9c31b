/** Api contract: team. Shared by api/src/modules/team and mfe-crm (collaborators, agents) and mfe-auth (roles). */
import { z } from 'zod';
import { PERMISSIONS, type Permission } from '../domain/access';
import { emailSchema } from '../validation/rules';

export const TEAM_MESSAGES = {
  memberNotFound: 'Membre introuvable',
  collaboratorNotFound: 'Collaborateur introuvable',
  agentNotFound: 'Agent introuvable',
  invitationNotFound: 'Invitation introuvable',
  alreadyAccepted: 'Cette invitation a déjà été acceptée',
  alreadyMember: 'Cette personne fait déjà partie de l’équipe de la boutique',
  ownRights: 'Vous ne pouvez pas modifier vos propres droits',
  ownMembership: 'Vous ne pouvez pas suspendre ni retirer votre propre accès',
  grantNotHeld: 'Vous ne pouvez pas accorder un droit que vous n’avez pas vous-même',
  unknownFlag: 'Ce droit n’existe pas',
  invitedExisting: 'Le compte existant a été ajouté à l’équipe et prévenu par mail',
  invitedNew: 'Invitation envoyée : un mail permet à la personne de choisir son mot de passe',
  resent: 'Invitation renvoyée',
  revoked: 'Invitation annulée',
  rightsSaved: 'Droits enregistrés',
  suspended: 'Accès suspendu',
  reactivated: 'Accès réactivé',
  removed: 'Membre retiré de l’équipe (son compte est conservé)',
  attached: 'Agent ajouté à la boutique',
  notAnAgent: 'Ce compte n’est pas un agent commercial',
  name: 'Le nom doit contenir au maximum 60 caractères',
} as const;

/** The permission matrix: the 41 §6 flags grouped by area, with French labels. */
export const PERMISSION_GROUPS: ReadonlyArray<{ id: string; label: string; flags: ReadonlyArray<Permission> }> = [
  {
    id: 'ventes',
    label: 'Ventes',
    flags: [
      'seeAllPrice',
      'seeAllOrder',
      'createOrder',
      'createQuote',
      'billOrder',
      'createFutureOrder',
      'seeFutureOrder',
      'seeAllPayment',
      'manageDelivery',
    ],
  },
  { id: 'clients', label: 'Clients & CRM', flags: ['seeAllClient', 'createClient'] },
  { id: 'taches', label: 'Tâches', flags: ['seeAllTask', 'createTask'] },
  { id: 'catalogue', label: 'Catalogue & stock', flags: ['seeAllProduct', 'createProduct', 'seeAllStock', 'createWarehouse'] },
  { id: 'oenotourisme', label: 'Oenotourisme', flags: ['seeAllResa', 'createResa', 'accessEvent', 'createEvent'] },
  { id: 'marketing', label: 'Marketing', flags: ['createList', 'createCampaign', 'createModel'] },
  { id: 'commercial', label: 'Commercial', flags: ['accessAgent', 'createAgent', 'accessCollaborator', 'createCollaborator'] },
  {
    id: 'analytics',
    label: 'Analytics',
    flags: ['accessAnalytics', 'activitiesAnalytics', 'goalsAnalytics', 'campaignsAnalytics', 'commissionsAnalytics', 'manageBudget'],
  },
  { id: 'achats', label: 'Achats', flags: ['seeSupplier', 'createSupplier', 'seeSupplierOrder'] },
  { id: 'comptabilite', label: 'Comptabilité', flags: ['accessAccounting', 'editAccountingCodes'] },
  { id: 'caisse', label: 'Caisse', flags: ['createOrderSalesPoint'] },
  { id: 'messagerie', label: 'Messagerie', flags: ['seeAllMessages'] },
];

export const PERMISSION_LABELS: Record<Permission, string> = {
  seeAllPrice: 'Voir tous les prix',
  seeAllOrder: 'Voir toutes les commandes',
  createOrder: 'Créer des commandes',
  createQuote: 'Créer des devis',
  billOrder: 'Facturer les commandes',
  createFutureOrder: 'Créer des commandes de primeurs',
  seeFutureOrder: 'Voir les primeurs',
  seeAllPayment: 'Voir tous les règlements',
  manageDelivery: 'Gérer les expéditions',
  seeAllResa: 'Voir toutes les réservations',
  createResa: 'Créer des réservations',
  accessEvent: 'Voir les événements',
  createEvent: 'Créer des événements',
  createClient: 'Créer et modifier des clients',
  seeAllClient: 'Voir tous les clients',
  seeAllTask: 'Voir toutes les tâches',
  createTask: 'Créer des tâches',
  seeAllProduct: 'Voir tout le catalogue',
  createProduct: 'Créer et modifier des articles',
  seeAllStock: 'Voir les stocks',
  createWarehouse: 'Gérer les entrepôts',
  createList: 'Gérer les listes',
  createCampaign: 'Gérer les campagnes',
  createModel: 'Gérer les modèles',
  accessAgent: 'Voir les agents',
  createAgent: 'Ajouter et gérer les agents',
  accessCollaborator: 'Voir les collaborateurs',
  createCollaborator: 'Inviter et gérer les collaborateurs',
  manageBudget: 'Gérer le budget',
  accessAnalytics: 'Voir les rapports',
  activitiesAnalytics: 'Rapports d’activité',
  goalsAnalytics: 'Objectifs',
  campaignsAnalytics: 'Rapports de campagnes',
  commissionsAnalytics: 'Commissions',
  seeSupplier: 'Voir les fournisseurs',
  createSupplier: 'Gérer les fournisseurs',
  seeSupplierOrder: 'Voir les commandes fournisseurs',
  accessAccounting: 'Accéder à la pré-comptabilité',
  editAccountingCodes: 'Modifier les codes comptables',
  createOrderSalesPoint: 'Encaisser en caisse',
  seeAllMessages: 'Voir toute la messagerie',
};

export const TEAM_PRESETS = ['commercial', 'logistique', 'comptabilite', 'boutique', 'administrateur'] as const;
export type TeamPresetId = (typeof TEAM_PRESETS)[number];

/** Permission presets offered when inviting (adjustable before sending) and shown in the roles settings. */
export const PRESET_DEFINITIONS: Record<TeamPresetId, { label: string; description: string; flags: ReadonlyArray<Permission> }> = {
  commercial: {
    label: 'Commercial',
    description: 'Clients, devis et commandes, tâches, agents et objectifs',
    flags: [
      'seeAllPrice',
      'seeAllOrder',
      'createOrder',
      'createQuote',
      'seeAllClient',
      'createClient',
      'seeAllTask',
      'createTask',
      'seeAllProduct',
      'accessAgent',
      'accessAnalytics',
      'goalsAnalytics',
    ],
  },
  logistique: {
    label: 'Logistique',
    description: 'Commandes, expéditions, stocks, entrepôts et achats',
    flags: [
      'seeAllOrder',
      'manageDelivery',
      'seeAllProduct',
      'seeAllStock',
      'createWarehouse',
      'seeSupplier',
      'seeSupplierOrder',
      'seeAllTask',
      'createTask',
    ],
  },
  comptabilite: {
    label: 'Comptabilité',
    description: 'Factures, règlements, pré-comptabilité et commissions',
    flags: [
      'seeAllPrice',
      'seeAllOrder',
      'billOrder',
      'seeAllPayment',
      'accessAccounting',
      'editAccountingCodes',
      'commissionsAnalytics',
      'accessAnalytics',
      'seeSupplier',
      'seeSupplierOrder',
    ],
  },
  boutique: {
    label: 'Boutique & caisse',
    description: 'Caisse, commandes, réservations et clients de la boutique',
    flags: [
      'seeAllPrice',
      'createOrderSalesPoint',
      'seeAllOrder',
      'createOrder',
      'seeAllProduct',
      'seeAllStock',
      'seeAllResa',
      'createResa',
      'accessEvent',
      'seeAllClient',
      'createClient',
      'seeAllMessages',
    ],
  },
  administrateur: { label: 'Administrateur', description: 'Tous les droits', flags: [...PERMISSIONS] },
};

/** The preset whose flags are exactly `granted`, else 'custom' (Personnalisé). */
export function presetOf(granted: ReadonlyArray<string>): TeamPresetId | 'custom' {
  const set = new Set(granted);
  for (const id of TEAM_PRESETS) {
    const flags = PRESET_DEFINITIONS[id].flags;
    if (flags.length === set.size && flags.every((f) => set.has(f))) return id;
  }
  return 'custom';
}

export const PRESET_LABELS: Record<TeamPresetId | 'custom', string> = {
  ...(Object.fromEntries(TEAM_PRESETS.map((p) => [p, PRESET_DEFINITIONS[p].label])) as Record<TeamPresetId, string>),
  custom: 'Personnalisé',
};

export const MEMBER_STATUSES = ['active', 'invited', 'suspended'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = { active: 'Actif', invited: 'Invité', suspended: 'Suspendu' };

const flagsSchema = z.array(z.enum(PERMISSIONS, { error: TEAM_MESSAGES.unknownFlag })).max(PERMISSIONS.length);

const nameSchema = z.string().trim().max(60, TEAM_MESSAGES.name).optional();

/** POST /team/collaborators: invite by email with the granted flags (a preset, adjusted). */
export const inviteCollaboratorBodySchema = z.object({
  email: emailSchema,
  firstname: nameSchema,
  lastname: nameSchema,
  permissions: flagsSchema,
});
export type InviteCollaboratorBody = z.input<typeof inviteCollaboratorBodySchema>;

/** POST /team/agents: invite a sales agent by email. */
export const inviteAgentBodySchema = z.object({ email: emailSchema, firstname: nameSchema, lastname: nameSchema });
export type InviteAgentBody = z.input<typeof inviteAgentBodySchema>;

/** PUT /team/collaborators/:id/permissions */
export const permissionsBodySchema = z.object({ permissions: flagsSchema });
export type PermissionsBody = z.input<typeof permissionsBodySchema>;

/** POST /team/agents/attach */
export const attachAgentBodySchema = z.object({
  userId: z
    .number({ error: 'Choisissez un agent de la liste' })
    .int('Choisissez un agent de la liste')
    .positive('Choisissez un agent de la liste'),
});

export interface TeamInvitation {
  id: number;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}

/** A collaborator (iam) or an agent of the caller's shop; `id` is the user id. */
export interface TeamMember {
  id: number;
  kind: 'iam' | 'agent';
  name: string;
  firstname: string | null;
  lastname: string | null;
  email: string;
  phone: string | null;
  status: MemberStatus;
  since: string;
  suspendedAt: string | null;
  /** granted §6 flags (a membership without authorizations has them all) */
  permissions: Permission[];
  preset: TeamPresetId | 'custom';
  invitation: TeamInvitation | null;
}

export interface AgentListItem extends TeamMember {
  department: string | null;
  clientsCount: number;
  ordersCount: number;
  /** excl. VAT, cents; orders aborted, expired, cancelled or refused are left out */
  revenueHT: number;
}

export interface AgentDetail extends AgentListItem {
  clients: Array<{ id: number; name: string; company: string | null; city: string | null }>;
  orders: Array<{ id: number; number: string; status: string; totalHT: number; totalTTC: number; createdAt: string; buyerName: string }>;
}

/** GET /team/agents/search: the platform's agent accounts not yet in the caller's shop. */
export interface AgentSearchItem {
  id: number;
  name: string;
  email: string;
  /** the French department of their address (delivery, else billing), null when unknown */
  department: string | null;
  city: string | null;
}

/** GET /team/invitations?kind=iam|agent: invitations neither accepted nor revoked. */
export interface PendingInvitation {
  id: number;
  email: string;
  kind: 'iam' | 'agent';
  /** the invitee's account (null: created when the invitation is sent again) */
  userId: number | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  permissions: Permission[];
  preset: TeamPresetId | 'custom';
}

export interface TeamWriteAnswer {
  success: true;
  message: string;
  member?: TeamMember;
}
