/** Api contract: warehouses, stock levels, movements, allocations. Shared by the api module and the mfe-stock screens. */

export type WarehouseDutyStatus = 'suspended' | 'paid';

export interface WarehouseAddressDto {
  line1?: string | null;
  line2?: string | null;
  zip?: string | null;
  city?: string | null;
  country?: string | null;
}

export interface WarehouseDto {
  id: number;
  name: string;
  address: WarehouseAddressDto;
  dutyStatus: WarehouseDutyStatus;
  exciseNumber: string | null;
  feedsWebShop: boolean;
  cashRegisters: string[];
  archived: boolean;
  /** units on hand, every format */
  onHand: number;
  hasMovements: boolean;
  createdAt: string;
}

export interface WarehouseInput {
  name: string;
  address?: WarehouseAddressDto;
  dutyStatus: WarehouseDutyStatus;
  exciseNumber?: string | null;
  feedsWebShop: boolean;
  cashRegisters?: string[];
  archived?: boolean;
}

/** Entries (> 0), exits (< 0) chosen in the form; transfers and inventory counts have their own shape. */
export const STOCK_ENTRY_KINDS = ['production', 'purchase', 'return'] as const;
export const STOCK_EXIT_KINDS = ['sale', 'export', 'eu', 'sample', 'loss', 'tasting'] as const;
export const STOCK_MOVEMENT_KINDS = [...STOCK_ENTRY_KINDS, ...STOCK_EXIT_KINDS, 'transfer_out', 'transfer_in', 'inventory'] as const;
export type StockEntryKind = (typeof STOCK_ENTRY_KINDS)[number];
export type StockExitKind = (typeof STOCK_EXIT_KINDS)[number];
export type StockMovementKindDto = (typeof STOCK_MOVEMENT_KINDS)[number];

export const STOCK_KIND_LABELS: Record<StockMovementKindDto | 'transfer', string> = {
  production: 'Mise en bouteille / production',
  purchase: "Réception d'achat",
  return: 'Retour client',
  sale: 'Vente',
  export: 'Export (hors UE)',
  eu: 'Expédition UE',
  sample: 'Échantillon',
  loss: 'Casse / perte',
  tasting: 'Dégustation',
  transfer_out: 'Transfert (sortie)',
  transfer_in: 'Transfert (entrée)',
  inventory: 'Inventaire',
  transfer: 'Transfert entre entrepôts',
};

/** Body of POST /stock/movements. `quantity` is positive: the sign comes from the kind. Dates ISO. */
export type MovementRequest =
  | {
      kind: StockEntryKind | StockExitKind;
      warehouseId: number;
      formatId: number;
      quantity: number;
      occurredAt?: string;
      reason?: string | null;
      crdColorId?: number | null;
    }
  | {
      kind: 'transfer';
      fromWarehouseId: number;
      toWarehouseId: number;
      formatId: number;
      quantity: number;
      occurredAt?: string;
      reason?: string | null;
    }
  | { kind: 'inventory'; warehouseId: number; formatId: number; countedQuantity: number; occurredAt?: string; reason?: string | null };

export interface StockMovementDto {
  id: number;
  occurredAt: string;
  kind: StockMovementKindDto;
  quantity: number;
  warehouseId: number;
  warehouseName: string;
  formatId: number;
  formatLabel: string;
  reason: string | null;
  documentType: string | null;
  documentId: number | null;
  transferId: string | null;
  userName: string | null;
}

export interface MovementResult {
  success: true;
  message: string;
  movements: StockMovementDto[];
}

/** One line of GET /stock/levels: one format, all warehouses. */
export interface FormatStockDto {
  formatId: number;
  productId: number;
  productName: string;
  productType: string;
  vintageName: string | null;
  formatName: string;
  label: string;
  /** warehouse id → units on hand */
  byWarehouse: Record<string, number>;
  onHand: number;
  /** held by open orders */
  reserved: number;
  /** kept by allocations (remaining) */
  allocated: number;
  /** on hand − reserved */
  available: number;
  /** what the web shop may sell (product_formats.stock) */
  webStock: number;
  threshold: number | null;
  underThreshold: boolean;
}

export interface FormatStockDetail extends FormatStockDto {
  levels: { warehouseId: number; warehouseName: string; onHand: number; feedsWebShop: boolean; archived: boolean }[];
}

export interface FormatOption {
  value: number;
  label: string;
  productId?: number;
  /** the one vintage of this format; null: any vintage of the product */
  vintageId?: number | null;
  /** the vintages an order line may take this article in (the first one when none is named) */
  vintages?: { id: number; name: string }[];
  /** asked with `clientId`: unit price HT in cents at the client's typology (null: no price for it) */
  priceHT?: number | null;
}

export interface StockAllocationDto {
  id: number;
  formatId: number;
  formatLabel: string;
  clientUserId: number | null;
  clientName: string | null;
  typology: string | null;
  quantity: number;
  consumed: number;
  remaining: number;
  startsAt: string;
  endsAt: string | null;
  active: boolean;
  note: string | null;
}

export interface AllocationInput {
  formatId: number;
  clientUserId?: number | null;
  typology?: string | null;
  quantity: number;
  startsAt?: string | null;
  endsAt?: string | null;
  note?: string | null;
}

export interface AllocationTargets {
  clients: { value: number; label: string }[];
  typologies: { value: string; label: string }[];
}

export interface StockAlertDto {
  formatId: number;
  label: string;
  available: number;
  threshold: number;
}
