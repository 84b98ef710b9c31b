import type { SupplierInvoiceFinding } from 'shared-kernel/contracts';
import { HttpError } from '../../../platform/errors';

/**
 * A received file that is refused: answered `{ success: false, message, field: 'file', findings }` (the findings are
 * the EN 16931 rules it breaks, each with its rule id). Nothing is stored.
 */
export class EInvoiceRefusal extends HttpError {
  constructor(
    status: number,
    message: string,
    public readonly findings: SupplierInvoiceFinding[] = [],
  ) {
    super(status, message, 'file');
  }
}
