import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { documentsToDownload } from '../../platform/db/tables';

/** Takes the caller's pending documents and marks them downloaded, atomically. */
export async function takePendingDocuments(db: DbOrTx, userId: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: documentsToDownload.id, url: documentsToDownload.url })
      .from(documentsToDownload)
      .where(and(eq(documentsToDownload.userId, userId), eq(documentsToDownload.downloaded, false)))
      .orderBy(asc(documentsToDownload.id))
      .limit(50)
      .for('update', { skipLocked: true });
    if (rows.length) {
      await tx
        .update(documentsToDownload)
        .set({ downloaded: true })
        .where(
          inArray(
            documentsToDownload.id,
            rows.map((r) => r.id),
          ),
        );
    }
    return rows.map((r) => r.url);
  });
}

export async function addDocumentToDownload(db: DbOrTx, userId: number, url: string): Promise<void> {
  await db.insert(documentsToDownload).values({ userId, url });
}
