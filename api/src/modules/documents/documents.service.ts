import type { Db } from '../../platform/db/client';
import { takePendingDocuments } from './documents.repository';

export function createDocumentsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The caller's pending documents (URLs), marked downloaded as they are handed out. */
    toDownload: (userId: number): Promise<string[]> => takePendingDocuments(db, userId),
  };
}
