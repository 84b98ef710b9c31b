// /v1/shop-data: import and export of a whole shop, by its owner only (no §6 permission covers the whole
// shop: an iam gets 403). Another shop's import or export → 404.
import fs from 'node:fs';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { HttpError } from '../../platform/errors';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import { SHOP_IMPORT_MAX_BYTES } from './shop-data.file';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';
import {
  exportSchema,
  importListSchema,
  importPreviewSchema,
  importQuerySchema,
  importSchema,
  linkQuerySchema,
  listImportsQuery,
} from './shop-data.schemas';
import { createShopDataService, type ShopDataService } from './shop-data.service';

/** The raw upload (any content type but JSON: the bytes say CSV or XLSX), at most 10 MB. */
const rawFile: RequestHandler = (req: Request, res: Response, next: NextFunction) =>
  express.raw({ type: () => true, limit: SHOP_IMPORT_MAX_BYTES })(req, res, (err?: unknown) => {
    if ((err as { type?: string } | undefined)?.type === 'entity.too.large') return next(new HttpError(413, M.fileTooBig, 'file'));
    next(err);
  });

function sendZip(res: Response, file: { path: string; fileName: string }) {
  const stat = fs.statSync(file.path);
  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Length', String(stat.size));
  res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
  return new Promise<void>((resolve, reject) => {
    const stream = fs.createReadStream(file.path);
    stream.on('error', reject);
    res.on('finish', () => resolve());
    res.on('close', () => resolve());
    stream.pipe(res);
  });
}

export function shopDataServiceOf(
  deps: Pick<AppDeps, 'db' | 'config'> & { logger?: AppDeps['logger']; links: AppDeps['jwt']['links'] },
): ShopDataService {
  return createShopDataService({
    db: deps.db,
    dataDir: deps.config.dataDir,
    publicUrl: deps.config.accounts.publicUrl,
    links: deps.links,
    logger: deps.logger,
  });
}

export function createShopDataRouter(deps: AppDeps, opts: { service?: ShopDataService } = {}): ApiRouter {
  const r = apiRouter(deps.auth);
  const service = opts.service ?? shopDataServiceOf({ ...deps, links: deps.jwt.links });
  const owner = { tags: ['shop-data'], auth: 'user' as const, shop: { kinds: ['owner' as const] } };
  const importId = idParams(M.importNotFound);
  const exportId = idParams(M.exportNotFound);
  const importNotFound = `'${M.importNotFound}' (also another shop's import)`;
  const exportNotFound = `'${M.exportNotFound}' (also another shop's export)`;

  defineRoute(
    r,
    {
      ...owner,
      method: 'get',
      path: '/shop-data/imports',
      summary: "The shop's imports, newest first, with their status and progress",
      request: { query: listImportsQuery },
      responses: { 200: json(importListSchema, 'A page of imports') },
    },
    ({ member, query }) => service.list(member.shopId, query),
  );

  defineRoute(
    r,
    {
      ...owner,
      method: 'post',
      path: '/shop-data/imports',
      summary:
        "Import products, clients or stock levels from a CSV (';' or ',', UTF-8 with or without BOM) or XLSX file sent as the raw body (≤ 10 MB). dryRun=true (default): the first rows as they will be imported, the row errors and the counts, nothing written. dryRun=false: the import is queued (status pending; follow GET /shop-data/imports/:id)",
      before: [rawFile],
      request: { query: importQuerySchema },
      responses: {
        200: json(importPreviewSchema, 'The dry run'),
        201: json(importSchema.extend({ message: z.string() }), 'The import, queued'),
        400: 'Not a CSV/XLSX file, no rows, too many rows / columns / cells, a column missing, or no valid row (field file)',
        413: `'${M.fileTooBig}', or a workbook too big once inflated (field file)`,
      },
    },
    async ({ member, query }, req, res) => {
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const out = await service.importFile({ shopId: member.shopId, userId: member.userId }, query, bytes);
      res.status(query.dryRun ? 200 : 201).json(out);
      return undefined;
    },
  );

  defineRoute(
    r,
    {
      ...owner,
      method: 'get',
      path: '/shop-data/imports/:id',
      summary: 'An import: status, processed / total while it runs, counts and the rows in error',
      request: { params: importId },
      responses: { 200: json(importSchema, 'The import'), 404: importNotFound },
    },
    ({ member, params }) => service.get(member.shopId, params.id),
  );

  defineRoute(
    r,
    {
      ...owner,
      method: 'post',
      path: '/shop-data/imports/:id/revert',
      summary:
        'Undo an import (completed, or stopped on an error): what it created is deleted (archived when used since), what it changed restored, stock levels moved back by the opposite movement',
      request: { params: importId },
      responses: {
        200: json(importSchema.extend({ message: z.string() }), 'Reverted'),
        404: importNotFound,
        409: `'${M.alreadyReverted}', '${M.notRevertible}', or what blocks it (stock sold since…)`,
      },
    },
    ({ member, params }) => service.revert(member.shopId, member.userId, params.id),
  );

  defineRoute(
    r,
    {
      ...owner,
      method: 'post',
      path: '/shop-data/exports',
      summary:
        'Export the whole shop as a zip (products, clients, stock as the import files; orders, invoices with their PDFs, stock movements, accounting entries), made in the background; the link is then added to the documents to download',
      responses: { 202: json(exportSchema.extend({ message: z.string() }), 'The export, queued (or the one already running)') },
    },
    ({ member }) => service.startExport(member.shopId, member.userId),
  );

  defineRoute(
    r,
    {
      ...owner,
      method: 'get',
      path: '/shop-data/exports/:id',
      summary: 'An export: pending, processing, ready, error or expired',
      request: { params: exportId },
      responses: { 200: json(exportSchema, 'The export'), 404: exportNotFound },
    },
    ({ member, params }) => service.exportState(member.shopId, params.id),
  );

  defineRoute(
    r,
    {
      ...owner,
      method: 'get',
      path: '/shop-data/exports/:id/file',
      summary: 'The zip of an export (the owner’s session)',
      request: { params: exportId },
      responses: {
        200: { description: 'The zip', contentType: 'application/zip' },
        404: exportNotFound,
        409: `'${M.exportNotReady}'`,
        410: `'${M.exportGone}'`,
      },
    },
    async ({ member, params }, _req, res) => {
      await sendZip(res, await service.exportFileOf(member.shopId, params.id));
      return undefined;
    },
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/shop-data/exports/:id/download',
      tags: ['shop-data'],
      auth: 'public',
      summary: 'The zip of an export through the signed link put in the documents to download (valid 7 days)',
      request: { params: exportId, query: linkQuerySchema },
      responses: {
        200: { description: 'The zip', contentType: 'application/zip' },
        404: `'${M.linkInvalid}'`,
        410: `'${M.exportGone}'`,
      },
    },
    async ({ params, query }, _req, res) => {
      await sendZip(res, await service.exportFileByLink(params.id, query.token));
      return undefined;
    },
  );

  return r;
}
