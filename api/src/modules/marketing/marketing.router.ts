import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, error, idParams, json, type ApiRouter } from '../../platform/routes';
import {
  MARKETING_MESSAGES as M,
  emailModelInputSchema,
  emailPreviewInputSchema,
  listCountSchema,
  listDetailSchema,
  listSummarySchema,
  listsListQuery,
  marketingListFiltersSchema,
  marketingListInputSchema,
  marketingListUpdateSchema,
  marketingMembersBodySchema,
  memberSchema,
  membersListQuery,
  modelDetailSchema,
  modelSummarySchema,
  modelsListQuery,
  pageOf,
  pickerQuery,
  productsQuery,
} from './marketing.schemas';
import { createMarketingService } from './marketing.service';
import { createProductsService, mediaStoreFor, rawImageBody } from '../products';

const listId = idParams(M.listNotFound);
const modelId = idParams(M.modelNotFound);
const withMessage = <T extends z.ZodObject>(s: T) => s.extend({ message: z.string() });
const done = z.object({ success: z.literal(true), message: z.string() });
const html = z.object({ subject: z.string().nullable().optional(), html: z.string() });

/**
 * Marketing back office, module campaigns (MODULE_ROUTES '/marketing'), the caller's shop (another shop's
 * id → 404): client lists with createList, email templates with createModel.
 */
export function createMarketingRouter({ db, auth, config }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createMarketingService({ db, publicUrl: config.accounts.publicUrl });
  const lists = { auth: 'user' as const, tags: ['marketing'], shop: { anyOf: ['createList' as const] } };
  const models = { auth: 'user' as const, tags: ['marketing'], shop: { anyOf: ['createModel' as const] } };
  const notFoundList = error(`'${M.listNotFound}'`);
  const products = createProductsService({ db, media: mediaStoreFor(config.dataDir) });

  // ------------------------------------------------------------ images of the templates
  defineRoute(
    r,
    {
      ...models,
      method: 'post',
      path: '/marketing/media',
      summary:
        'Upload an image for a template (raw body: PNG, JPEG or WebP, ≤ 8 MB): re-encoded as WebP; the answer gives its absolute URL',
      before: [rawImageBody],
      responses: {
        201: json(z.object({ id: z.number().int(), url: z.string(), width: z.number(), height: z.number() }), 'The stored image'),
        400: error('Not an image (field file)'),
        413: error('Too big (field file)'),
      },
    },
    async ({ member, auth: caller }, req) => {
      const img = await products.upload(member.shopId, caller.user.id, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
      // an email is read far from the shop: its images need the product's public address
      return { ...img, url: `${config.accounts.publicUrl.replace(/\/+$/, '')}${img.url}` };
    },
  );
  const notFoundModel = error(`'${M.modelNotFound}'`);

  // ------------------------------------------------------------ lists
  defineRoute(
    r,
    {
      ...lists,
      method: 'get',
      path: '/marketing/lists',
      summary: "The shop's client lists (static: their member count)",
      request: { query: listsListQuery },
      responses: { 200: json(pageOf(listSummarySchema), 'Lists'), 403: 'Without createList or with the campaigns module off' },
    },
    ({ member, query }) => service.lists(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...lists,
      method: 'post',
      path: '/marketing/lists',
      summary: 'Create a list: static (optionally with its first members) or dynamic (saved filters)',
      request: { body: marketingListInputSchema },
      responses: { 201: json(withMessage(listDetailSchema), 'Created'), 400: error('A field named with its French message') },
    },
    async ({ member, auth, body }, _req, res) => {
      res.status(201);
      return service.createList(member.shopId, auth.user.id, body);
    },
  );
  defineRoute(
    r,
    {
      ...lists,
      method: 'post',
      path: '/marketing/lists/count',
      summary: 'The live count of unsaved filters (the dynamic list editor)',
      request: { body: z.object({ filters: marketingListFiltersSchema.default({}) }) },
      responses: { 200: json(listCountSchema, 'Count'), 400: error('A filter named') },
    },
    ({ member, body }) => service.previewCount(member.shopId, body.filters),
  );
  defineRoute(
    r,
    {
      ...lists,
      method: 'get',
      path: '/marketing/clients',
      summary: 'The client picker of a static list: active client files by name, company or mail',
      request: { query: pickerQuery },
      responses: {
        200: json(
          pageOf(
            z.object({
              id: z.number().int(),
              name: z.string(),
              email: z.string().nullable(),
              kind: z.string(),
              marketingConsent: z.boolean(),
            }),
          ),
          'Clients',
        ),
      },
    },
    ({ member, query }) => service.pickClients(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...lists,
      method: 'get',
      path: '/marketing/lists/:id',
      summary: 'A list with its live count: recipients (distinct addresses) and who cannot be mailed, by reason',
      request: { params: listId },
      responses: { 200: json(listDetailSchema, 'List'), 404: notFoundList },
    },
    ({ member, params }) => service.listDetail(member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...lists,
      method: 'put',
      path: '/marketing/lists/:id',
      summary: 'Rename a list; a dynamic list also gets its new filters',
      request: { params: listId, body: marketingListUpdateSchema },
      responses: { 200: json(withMessage(listDetailSchema), 'Updated'), 400: error('A field named'), 404: notFoundList },
    },
    ({ member, params, body }) => service.updateList(member.shopId, params.id, body),
  );
  defineRoute(
    r,
    {
      ...lists,
      method: 'delete',
      path: '/marketing/lists/:id',
      summary: 'Delete a list (its clients stay)',
      request: { params: listId },
      responses: { 200: json(done, 'Deleted'), 404: notFoundList },
    },
    ({ member, params }) => service.deleteList(member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...lists,
      method: 'get',
      path: '/marketing/lists/:id/count',
      summary: 'The live count of a list (one SQL statement)',
      request: { params: listId },
      responses: { 200: json(listCountSchema, 'Count'), 404: notFoundList },
    },
    ({ member, params }) => service.count(member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...lists,
      method: 'get',
      path: '/marketing/lists/:id/members',
      summary: 'The members of a list with the reason each cannot be mailed (null: gets the mail)',
      request: { params: listId, query: membersListQuery },
      responses: { 200: json(pageOf(memberSchema), 'Members'), 404: notFoundList },
    },
    ({ member, params, query }) => service.members(member.shopId, params.id, query),
  );
  defineRoute(
    r,
    {
      ...lists,
      method: 'post',
      path: '/marketing/lists/:id/members',
      summary: 'Add clients of the shop to a static list (bulk; already there: kept once)',
      request: { params: listId, body: marketingMembersBodySchema },
      responses: {
        200: json(z.object({ added: z.number().int(), message: z.string() }), 'Added'),
        400: error("'Client introuvable : <id>' or a dynamic list (field clientIds)"),
        404: notFoundList,
      },
    },
    ({ member, params, body }) => service.addMembers(member.shopId, params.id, body.clientIds),
  );
  defineRoute(
    r,
    {
      ...lists,
      method: 'post',
      path: '/marketing/lists/:id/members/remove',
      summary: 'Remove clients from a static list',
      request: { params: listId, body: marketingMembersBodySchema },
      responses: { 200: json(z.object({ removed: z.number().int(), message: z.string() }), 'Removed'), 404: notFoundList },
    },
    ({ member, params, body }) => service.removeMembers(member.shopId, params.id, body.clientIds),
  );
  defineRoute(
    r,
    {
      ...lists,
      method: 'get',
      path: '/marketing/lists/:id/export',
      summary: 'The members as CSV (; separator, UTF-8 BOM), with whether each gets the mail',
      request: { params: listId },
      responses: { 200: { description: 'The CSV file', contentType: 'text/csv' }, 404: notFoundList },
    },
    async ({ member, params }, _req, res) => {
      const file = await service.exportCsv(member.shopId, params.id);
      res.set('Content-Type', 'text/csv; charset=utf-8');
      res.set('Content-Disposition', `attachment; filename="${file.filename}"`);
      res.send(file.csv);
    },
  );

  // ------------------------------------------------------------ models
  defineRoute(
    r,
    {
      ...models,
      method: 'get',
      path: '/marketing/models',
      summary: "The shop's email templates",
      request: { query: modelsListQuery },
      responses: { 200: json(pageOf(modelSummarySchema), 'Templates') },
    },
    ({ member, query }) => service.models(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...models,
      method: 'post',
      path: '/marketing/models',
      summary: 'Create a template: standard (blocks rendered with MJML) or advanced (raw HTML), sanitised; unknown merge fields refused',
      request: { body: emailModelInputSchema },
      responses: { 201: json(withMessage(modelDetailSchema), 'Created'), 400: error('A field named (an unknown merge field too)') },
    },
    async ({ member, body }, _req, res) => {
      res.status(201);
      return service.createModel(member.shopId, body);
    },
  );
  defineRoute(
    r,
    {
      ...models,
      method: 'post',
      path: '/marketing/models/preview',
      summary: "The editor's unsaved content rendered and sanitised, with sample merge values",
      request: { body: emailPreviewInputSchema },
      responses: { 200: json(html, 'HTML'), 400: error('A field named') },
    },
    ({ member, body }) => service.previewDraft(member.shopId, body),
  );
  defineRoute(
    r,
    {
      ...models,
      method: 'get',
      path: '/marketing/products',
      summary: "The product card's picker: the shop's products by name",
      request: { query: productsQuery },
      responses: {
        200: json(z.object({ items: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.string() })) }), 'Products'),
      },
    },
    ({ member, query }) => service.pickProducts(member.shopId, query.q),
  );
  defineRoute(
    r,
    {
      ...models,
      method: 'get',
      path: '/marketing/models/:id',
      summary: 'A template with its blocks and its sanitised HTML',
      request: { params: modelId },
      responses: { 200: json(modelDetailSchema, 'Template'), 404: notFoundModel },
    },
    ({ member, params }) => service.model(member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...models,
      method: 'put',
      path: '/marketing/models/:id',
      summary: 'Save a template (rendered and sanitised again)',
      request: { params: modelId, body: emailModelInputSchema },
      responses: { 200: json(withMessage(modelDetailSchema), 'Saved'), 400: error('A field named'), 404: notFoundModel },
    },
    ({ member, params, body }) => service.updateModel(member.shopId, params.id, body),
  );
  defineRoute(
    r,
    {
      ...models,
      method: 'delete',
      path: '/marketing/models/:id',
      summary: 'Delete a template',
      request: { params: modelId },
      responses: { 200: json(done, 'Deleted'), 404: notFoundModel },
    },
    ({ member, params }) => service.deleteModel(member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...models,
      method: 'get',
      path: '/marketing/models/:id/preview',
      summary: 'A saved template sanitised again, with sample merge values',
      request: { params: modelId },
      responses: { 200: json(html, 'HTML'), 404: notFoundModel },
    },
    ({ member, params }) => service.preview(member.shopId, params.id),
  );
  return r;
}
