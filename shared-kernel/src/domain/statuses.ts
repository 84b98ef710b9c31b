/**
 * Spec §4 status enums with their French labels and colour group. Colour groups:
 * waiting (orange), cancel (grey), online (light blue), finished (blue/green), error (red).
 */
export const STATUS_COLOR_GROUPS = ['waiting', 'cancel', 'online', 'finished', 'error'] as const;
export type StatusColorGroup = (typeof STATUS_COLOR_GROUPS)[number];

/** Display colour of each group (antd Tag preset colours). */
export const STATUS_GROUP_COLORS: Readonly<Record<StatusColorGroup, string>> = {
  waiting: 'orange',
  cancel: 'default',
  online: 'cyan',
  finished: 'green',
  error: 'red',
};

export interface StatusInfo {
  label: string;
  group: StatusColorGroup;
}

type StatusTable<K extends string> = Readonly<Record<K, StatusInfo>>;
const s = (label: string, group: StatusColorGroup): StatusInfo => ({ label, group });

export const ORDER_STATUSES = ['draft', 'pending', 'validated', 'refused', 'cancelled', 'aborted', 'expired', 'invoiced', 'error'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS: StatusTable<OrderStatus> = {
  draft: s('Brouillon', 'waiting'),
  pending: s('En attente', 'waiting'),
  validated: s('Validée', 'online'),
  refused: s('Refusée', 'cancel'),
  cancelled: s('Annulée', 'cancel'),
  aborted: s('Abandonnée', 'cancel'),
  expired: s('Expirée', 'cancel'),
  invoiced: s('Facturée', 'finished'),
  error: s('Erreur', 'error'),
};

export const DELIVERY_STATUSES = [
  'pending',
  'preparation',
  'pendingPickup',
  'pickup',
  'transit',
  'partiallyDelivered',
  'partiallyReturned',
  'delivered',
  'returned',
  'error',
  'exception',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS: StatusTable<DeliveryStatus> = {
  pending: s('En attente', 'waiting'),
  preparation: s('En préparation', 'waiting'),
  pendingPickup: s('En attente d’enlèvement', 'waiting'),
  pickup: s('Enlevée', 'online'),
  transit: s('En transit', 'online'),
  partiallyDelivered: s('Partiellement livrée', 'online'),
  partiallyReturned: s('Partiellement retournée', 'error'),
  delivered: s('Livrée', 'finished'),
  returned: s('Retournée', 'cancel'),
  error: s('Erreur', 'error'),
  exception: s('Incident de livraison', 'error'),
};

export const PAYMENT_STATUSES = [
  'pending',
  'setup',
  'processing',
  'requiresAction',
  'paid',
  'partial',
  'missing',
  'refunded',
  'error',
  'cancelled',
  'scheduled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS: StatusTable<PaymentStatus> = {
  pending: s('En attente', 'waiting'),
  setup: s('Empreinte enregistrée', 'waiting'),
  processing: s('En cours', 'online'),
  requiresAction: s('Action requise', 'waiting'),
  paid: s('Payé', 'finished'),
  partial: s('Partiellement payé', 'online'),
  missing: s('Non payé', 'error'),
  refunded: s('Remboursé', 'cancel'),
  error: s('Erreur', 'error'),
  cancelled: s('Annulé', 'cancel'),
  scheduled: s('Programmé', 'online'),
};

export const CREDIT_STATUSES = ['full', 'partial', 'empty', 'cancelled'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];
export const CREDIT_STATUS: StatusTable<CreditStatus> = {
  full: s('Disponible', 'online'),
  partial: s('Partiellement utilisé', 'waiting'),
  empty: s('Utilisé', 'finished'),
  cancelled: s('Annulé', 'cancel'),
};

export const LEGAL_DOCUMENT_STATUSES = [
  'pending',
  'generated',
  'processing',
  'incomplete',
  'completed',
  'rejected',
  'cancelled',
  'error',
] as const;
export type LegalDocumentStatus = (typeof LEGAL_DOCUMENT_STATUSES)[number];
export const LEGAL_DOCUMENT_STATUS: StatusTable<LegalDocumentStatus> = {
  pending: s('En attente', 'waiting'),
  generated: s('Généré', 'online'),
  processing: s('En cours', 'online'),
  incomplete: s('Incomplet', 'waiting'),
  completed: s('Terminé', 'finished'),
  rejected: s('Rejeté', 'error'),
  cancelled: s('Annulé', 'cancel'),
  error: s('Erreur', 'error'),
};

export const SEPA_STATUSES = ['pending', 'processing', 'completed', 'error'] as const;
export type SepaStatus = (typeof SEPA_STATUSES)[number];
export const SEPA_STATUS: StatusTable<SepaStatus> = {
  pending: s('En attente', 'waiting'),
  processing: s('En cours', 'online'),
  completed: s('Terminé', 'finished'),
  error: s('Erreur', 'error'),
};

export const IMPORT_STATUSES = ['pending', 'processing', 'completed', 'reverted', 'error'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS: StatusTable<ImportStatus> = {
  pending: s('En attente', 'waiting'),
  processing: s('En cours', 'online'),
  completed: s('Terminé', 'finished'),
  reverted: s('Annulé', 'cancel'),
  error: s('Erreur', 'error'),
};

export const STATUS_TABLES = {
  order: ORDER_STATUS,
  delivery: DELIVERY_STATUS,
  payment: PAYMENT_STATUS,
  credit: CREDIT_STATUS,
  legalDocument: LEGAL_DOCUMENT_STATUS,
  sepa: SEPA_STATUS,
  import: IMPORT_STATUS,
} as const;
export type StatusKind = keyof typeof STATUS_TABLES;

/** Label and colour group of a status; unknown statuses get their raw value and the 'waiting' group. */
export function statusInfo(kind: StatusKind, status: string | null | undefined): StatusInfo {
  const table = STATUS_TABLES[kind] as Readonly<Record<string, StatusInfo>>;
  if (status && Object.prototype.hasOwnProperty.call(table, status)) return table[status];
  return { label: status ?? '-', group: 'waiting' };
}

export function statusColor(kind: StatusKind, status: string | null | undefined): string {
  return STATUS_GROUP_COLORS[statusInfo(kind, status).group];
}
