import { Router } from 'express';
import type { AppDeps } from '../../platform/deps';
import { userAuth } from '../../platform/auth/middleware';
import { getDocumentsToDownload } from './documents.service';

export function createDocumentsRouter({ db, auth }: AppDeps): Router {
  const r = Router();
  r.get('/documents/to-download', auth.requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getDocumentsToDownload(db, userAuth(req).user.id));
  });
  return r;
}
