import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, json, type ApiRouter } from '../../platform/routes';
import { documentsToDownloadResponseSchema } from './documents.schemas';
import { createDocumentsService } from './documents.service';

export function createDocumentsRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createDocumentsService({ db });
  defineRoute(
    r,
    {
      method: 'get',
      path: '/documents/to-download',
      tags: ['documents'],
      auth: 'user',
      summary: "The caller's pending documents, then marked downloaded",
      responses: { 200: json(documentsToDownloadResponseSchema, 'URLs to open') },
    },
    ({ auth: a }) => service.toDownload(a.user.id),
  );
  return r;
}
