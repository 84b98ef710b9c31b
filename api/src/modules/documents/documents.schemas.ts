import { z } from 'zod';

/** GET /v1/documents/to-download → URLs to open (each is then marked downloaded). */
export const documentsToDownloadResponseSchema = z.array(z.string());
