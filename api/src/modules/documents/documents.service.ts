import type { Db } from '../../platform/db/client';
import { takePendingDocuments } from './documents.repository';

export function getDocumentsToDownload(db: Db, userId: number): Promise<string[]> {
  return takePendingDocuments(db, userId);
}
