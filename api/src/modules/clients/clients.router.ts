import {
  PRICE_GRID_DECISION_MESSAGES,
  priceGridDecisionResponseSchema,
  priceGridRequestListSchema,
  shopClientListSchema,
} from 'shared-kernel/contracts';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import {
  CLIENT_IMPORT_MAX_BYTES,
  CLIENT_IMPORT_MESSAGES,
  clientImportListSchema,
  clientImportReportSchema,
  clientImportRunBodySchema,
  clientImportSchema,
  clientImportUploadSchema,
} from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { HttpError } from '../../platform/errors';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import { z } from 'zod';
import { CRM_CLIENT_MESSAGES } from 'shared-kernel/contracts';
import {
  crmBulkBodySchema,
  crmBulkResultSchema,
  crmClientBodySchema,
  crmClientDetailSchema,
  crmClientListSchema,
  crmConvertBodySchema,
  crmInteractionBodySchema,
  listClientsQuery,
  listCrmClientsQuery,
  listPriceGridRequestsQuery,
  priceGridDecisionSchema,
} from './clients.schemas';
import { CLIENTS_MESSAGES, createClientsService } from './clients.service';
import { crmCallerOf, createCrmClientsService } from './crm.service';
import { createClientImportsService, type ClientImportsService } from './imports.service';
import { listQuery } from '../../platform/list-query';

/**
 * Professional clients of the caller's shop (owner, or iam with seeAllClient / createClient):
 * price-grid requests to accept or refuse, and the clients attached with their typology.
 */
export function createClientsRouter({ db, auth, config }: AppDeps, opts: { imports?: ClientImportsService } = {}): ApiRouter {
  const r = apiRouter(auth);
  const service = createClientsService({ db });
  const readers = { tags: ['clients'], auth: 'user' as const, shop: { anyOf: ['seeAllClient' as const, 'createClient' as const] } };

  defineRoute(
    r,
    {
      ...readers,
      method: 'get',
      path: '/shops/me/price-grid-requests',
      summary: "Price-grid requests of the caller's shop, newest first",
      request: { query: listPriceGridRequestsQuery },
      responses: { 200: json(priceGridRequestListSchema, 'Requests with the requester name, company, email, phone and date') },
    },
    ({ member, query }) => service.listRequests(member.shopId, query),
  );

  defineRoute(
    r,
    {
      method: 'put',
      path: '/shops/me/price-grid-requests/:id',
      tags: ['clients'],
      auth: 'user',
      shop: { anyOf: ['createClient'] },
      summary:
        "Accept (with one of the shop's typologies: the buyer becomes a 'client' member) or refuse a pending request; the buyer is notified",
      before: [
        (req, _res, next) => {
          // A missing or unknown decision: zod reports the union without a path; name the field.
          const raw: unknown = req.body ?? {};
          if (
            typeof raw !== 'object' ||
            raw === null ||
            Array.isArray(raw) ||
            !['accept', 'refuse'].includes((raw as { decision?: unknown }).decision as string)
          ) {
            throw new HttpError(400, PRICE_GRID_DECISION_MESSAGES.decision, 'decision');
          }
          next();
        },
      ],
      request: { params: idParams(CLIENTS_MESSAGES.requestNotFound), body: priceGridDecisionSchema },
      responses: {
        200: json(priceGridDecisionResponseSchema, 'Decided'),
        404: `'${CLIENTS_MESSAGES.requestNotFound}' (also another shop's request)`,
        409: `'${CLIENTS_MESSAGES.alreadyDecided}'`,
      },
    },
    ({ member, params, body }) => service.decide(member.shopId, params.id, body),
  );

  defineRoute(
    r,
    {
      ...readers,
      method: 'get',
      path: '/shops/me/clients',
      summary: "Professional clients attached to the caller's shop with their typology",
      request: { query: listClientsQuery },
      responses: { 200: json(shopClientListSchema, 'Clients, newest first') },
    },
    ({ member, query }) => service.listClients(member.shopId, query),
  );

  addCrmRoutes(r, createCrmClientsService({ db }));
  addImportRoutes(r, opts.imports ?? createClientImportsService({ db, dataDir: config.dataDir }));
  return r;
}

/** Raw upload body (any content type: the bytes say CSV or XLSX), at most 10 MB. */
const rawFile: RequestHandler = (req: Request, res: Response, next: NextFunction) =>
  express.raw({ type: () => true, limit: CLIENT_IMPORT_MAX_BYTES })(req, res, (err?: unknown) => {
    if ((err as { type?: string } | undefined)?.type === 'entity.too.large')
      return next(new HttpError(413, CLIENT_IMPORT_MESSAGES.tooBig, 'file'));
    next(err);
  });

/**
 * Client imports, §6 createClient (owners all; iam with createClient). Another shop's import: 404.
 * Upload (raw body, ?filename=) → mapping → dry run (report, nothing written) → run (progress by GET) → undo.
 */
function addImportRoutes(r: ApiRouter, imports: ClientImportsService): void {
  const write = { tags: ['crm'], auth: 'user' as const, shop: { anyOf: ['createClient' as const] } };
  const id = idParams(CLIENT_IMPORT_MESSAGES.notFound);
  const notFound = `'${CLIENT_IMPORT_MESSAGES.notFound}' (also another shop's import)`;

  defineRoute(
    r,
    {
      ...write,
      method: 'get',
      path: '/crm/imports',
      summary: "The shop's client imports, newest first",
      request: { query: listQuery({ sort: ['createdAt'], defaultSort: '-createdAt' }) },
      responses: { 200: json(clientImportListSchema, 'A page of imports') },
    },
    ({ member, query }) => imports.list(crmCallerOf(member), query),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'post',
      path: '/crm/imports',
      summary:
        "Upload a CSV (';' or ',', UTF-8 with or without BOM) or XLSX (first sheet) file as the raw body, ≤ 10 MB: answers the headers, the first 20 rows and a suggested mapping",
      before: [rawFile],
      request: {
        query: z.object({
          filename: z
            .string({ error: CLIENT_IMPORT_MESSAGES.filename })
            .trim()
            .min(1, CLIENT_IMPORT_MESSAGES.filename)
            .max(200, CLIENT_IMPORT_MESSAGES.filename),
        }),
      },
      responses: {
        201: json(clientImportUploadSchema, 'The import (pending) with its preview'),
        400: 'Not a CSV/XLSX file, no rows, or too many rows / columns / cells (field file)',
        413: `'${CLIENT_IMPORT_MESSAGES.tooBig}', or a workbook too big once inflated (field file)`,
      },
    },
    ({ member, query }, req) => imports.upload(crmCallerOf(member), query.filename, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'get',
      path: '/crm/imports/:id',
      summary: 'An import: status, processed/total while it runs, counts and rows in error',
      request: { params: id },
      responses: { 200: json(clientImportSchema, 'The import'), 404: notFound },
    },
    ({ member, params }) => imports.get(crmCallerOf(member), params.id),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'post',
      path: '/crm/imports/:id/run',
      summary:
        'dryRun true (default): the per-line report (create / merge / skip / error), nothing written. dryRun false: starts the import (status processing; poll GET /crm/imports/:id)',
      request: { params: id, body: clientImportRunBodySchema },
      responses: {
        200: json(z.union([clientImportReportSchema, clientImportSchema]), 'The dry-run report, or the started import'),
        404: notFound,
        409: `'${CLIENT_IMPORT_MESSAGES.notPending}'`,
      },
    },
    ({ member, params, body }) => imports.run(crmCallerOf(member), params.id, body),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'post',
      path: '/crm/imports/:id/revert',
      summary: 'Undo a completed import: deletes the clients it created, restores the clients it merged into',
      request: { params: id },
      responses: {
        200: json(clientImportSchema.extend({ message: z.string() }), 'Reverted'),
        404: notFound,
        409: 'Not completed, or created clients already have orders (how many)',
      },
    },
    ({ member, params }) => imports.revert(crmCallerOf(member), params.id),
  );
}

/**
 * The client file, §6: seeAllClient reads, createClient writes; agents (their membership of the shop) read
 * and write only the clients assigned to them — another agent's client, like another shop's, is not found (404).
 */
function addCrmRoutes(r: ApiRouter, crm: ReturnType<typeof createCrmClientsService>): void {
  const kinds: ('owner' | 'iam' | 'agent')[] = ['owner', 'iam', 'agent'];
  const read = { tags: ['crm'], auth: 'user' as const, shop: { kinds, anyOf: ['seeAllClient' as const] } };
  const write = { tags: ['crm'], auth: 'user' as const, shop: { kinds, anyOf: ['createClient' as const] } };
  const id = idParams(CRM_CLIENT_MESSAGES.notFound);
  const notFound = `'${CRM_CLIENT_MESSAGES.notFound}' (also another shop's client, or for an agent a client not assigned to them)`;
  const saved = crmClientDetailSchema.extend({ message: z.string() });

  defineRoute(
    r,
    {
      ...read,
      method: 'get',
      path: '/crm/clients',
      summary: "The shop's clients and prospects (an agent: only theirs); q on names, company, email, code, phones",
      request: { query: listCrmClientsQuery },
      responses: { 200: json(crmClientListSchema, 'A page of clients') },
    },
    ({ member, query }) => crm.list(crmCallerOf(member), query),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'post',
      path: '/crm/clients',
      summary: 'Create a client (code: settings crm prefix + per-shop sequence); created by an agent, it is assigned to them',
      request: { body: crmClientBodySchema },
      responses: { 201: json(saved, 'Created') },
    },
    ({ member, body }) => crm.create(crmCallerOf(member), body),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'post',
      path: '/crm/clients/bulk',
      summary: 'Bulk action on clients: assignAgent (value: agent user id or null), addTag (value: tag), archive',
      request: { body: crmBulkBodySchema },
      responses: { 200: json(crmBulkResultSchema, 'Done (ids the caller cannot reach are ignored)') },
    },
    ({ member, body }) => crm.bulk(crmCallerOf(member), body),
  );

  defineRoute(
    r,
    {
      ...read,
      method: 'get',
      path: '/crm/clients/:id',
      summary: 'A client file: identity, addresses, contacts, custom fields, interactions (newest first), orders of the linked buyer',
      request: { params: id },
      responses: { 200: json(crmClientDetailSchema, 'The client'), 404: notFound },
    },
    ({ member, params }) => crm.get(crmCallerOf(member), params.id),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'put',
      path: '/crm/clients/:id',
      summary: 'Update a client (status archived archives it)',
      request: { params: id, body: crmClientBodySchema },
      responses: { 200: json(saved, 'Updated'), 404: notFound, 409: `'${CRM_CLIENT_MESSAGES.erased}'` },
    },
    ({ member, params, body }) => crm.update(crmCallerOf(member), params.id, body),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'post',
      path: '/crm/clients/:id/interactions',
      summary: 'Record an interaction (note, call, visit, mail sent…) on the client timeline',
      request: { params: id, body: crmInteractionBodySchema },
      responses: { 201: json(saved, 'The client with its timeline'), 404: notFound },
    },
    ({ member, params, body }) => crm.addInteraction(crmCallerOf(member), params.id, body),
  );

  defineRoute(
    r,
    {
      ...write,
      method: 'post',
      path: '/crm/clients/:id/convert',
      summary: 'Convert a prospect into a professional (default) or private client',
      request: { params: id, body: crmConvertBodySchema },
      responses: { 200: json(saved, 'Converted'), 404: notFound, 409: `'${CRM_CLIENT_MESSAGES.notProspect}'` },
    },
    ({ member, params, body }) => crm.convert(crmCallerOf(member), params.id, body.kind),
  );

  defineRoute(
    r,
    {
      ...read,
      method: 'get',
      path: '/crm/clients/:id/export',
      summary: "RGPD art. 15 and 20: all the client's data as a JSON download",
      request: { params: id },
      responses: { 200: { description: 'The JSON file (attachment)', contentType: 'application/json' }, 404: notFound },
    },
    async ({ member, params }, _req, res) => {
      const { filename, data } = await crm.exportData(crmCallerOf(member), params.id);
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      res.type('application/json').send(JSON.stringify(data, null, 2));
    },
  );

  defineRoute(
    r,
    {
      tags: ['crm'],
      auth: 'user',
      // erasure is the producer's decision (owner, or iam with createClient), never an agent's
      shop: { anyOf: ['createClient'] },
      method: 'post',
      path: '/crm/clients/:id/erase',
      summary: 'RGPD art. 17: anonymise the personal data of a client (orders and invoices are kept)',
      request: { params: id },
      responses: { 200: json(saved, 'Erased'), 404: notFound, 409: `'${CRM_CLIENT_MESSAGES.alreadyErased}'` },
    },
    ({ member, params }) => crm.erase(crmCallerOf(member), params.id),
  );
}
