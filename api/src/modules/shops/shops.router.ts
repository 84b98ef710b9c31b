import { z } from 'zod';
import { shopSchema } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { userAuth } from '../../platform/auth/middleware';
import { scopeToShop } from '../../platform/auth/scope';
import { MESSAGES } from '../../platform/errors';
import { apiRouter, defineRoute, error, idParams, json, provideShopModules, type ApiRouter } from '../../platform/routes';
import { listShopsQuerySchema, publicShopSchema, shopUpdateResponseSchema, updateShopSchema } from './shops.schemas';
import { createShopsService } from './shops.service';
import { catalogCacheOf } from '../catalog';
import { findShopState } from './shops.repository';
import { matchGridsSchema, shopInfosSchema, shopIntegrationsSchema } from 'shared-kernel/contracts';
import * as settings from './shop-settings.service';
import { getPaymentKeys, paymentKeysBodySchema, savePaymentKeys } from './payment-keys';

const Shop = shopSchema.meta({ id: 'Shop' });
const PublicShop = publicShopSchema.meta({ id: 'PublicShop' });
const shopRef = z.object({ id: z.string().describe('numeric id, public code (any case) or urlShop') });

export function createShopsRouter({ db, auth, secrets }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createShopsService({ db });
  // §1 module switches held by the api (platform/routes.ts): this module owns the shops table
  // read before every back-office write and every route of a module: kept in the answer cache, dropped when the shop changes
  provideShopModules(auth, async (shopId) => {
    const fill = async () => {
      const value = await findShopState(db, shopId);
      return { value, shops: [shopId], bytes: JSON.stringify(value ?? null).length * 2 + 64 };
    };
    const cache = catalogCacheOf(db);
    return cache ? cache.get(`shop-state|${shopId}`, fill) : (await fill()).value;
  });

  // ---------------------------------------------------------------- settings sections
  const bad = error('Invalid field (message and field named)');
  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops/me/settings/infos',
      tags: ['shops'],
      auth: 'user',
      shop: {},
      summary: 'Settings section infos: name, url name, business type, contact, address, description, social links, hours',
      responses: { 200: json(z.record(z.string(), z.unknown()), 'The shop’s information') },
    },
    ({ member }) => settings.getInfos(db, member.shopId),
  );
  defineRoute(
    r,
    {
      method: 'put',
      path: '/shops/me/settings/infos',
      tags: ['shops'],
      auth: 'user',
      shop: { kinds: ['owner'] },
      summary: 'Saves the shop’s information (owner); the url name is unique among shops (409 field urlShop)',
      request: { body: shopInfosSchema },
      responses: {
        200: json(z.record(z.string(), z.unknown()), 'The saved information, the fresh shop (shop) and a message'),
        400: bad,
        409: error('Url name already taken (field urlShop)'),
      },
    },
    ({ member, body }) => settings.saveInfos(db, member.shopId, body),
  );
  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops/me/settings/integrations',
      tags: ['shops'],
      auth: 'user',
      shop: {},
      summary: 'Settings section integrations: every §1 module switch and the §3 integration of the imports',
      responses: { 200: json(z.record(z.string(), z.unknown()), 'Module switches and import integration') },
    },
    ({ member }) => settings.getIntegrations(db, member.shopId),
  );
  defineRoute(
    r,
    {
      method: 'put',
      path: '/shops/me/settings/integrations',
      tags: ['shops'],
      auth: 'user',
      shop: { kinds: ['owner'] },
      summary: 'Saves module switches (those sent) and the import integration (owner); answers the fresh shop too',
      request: { body: shopIntegrationsSchema },
      responses: { 200: json(z.record(z.string(), z.unknown()), 'The saved switches, the fresh shop (shop) and a message'), 400: bad },
    },
    ({ member, body }) => settings.saveIntegrations(db, member.shopId, body),
  );
  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops/me/settings/match-grids',
      tags: ['shops'],
      auth: 'user',
      shop: {},
      summary: 'Settings section matchGrids: a producer’s codes ↔ this shop’s formats, typologies and payment methods',
      responses: { 200: json(z.record(z.string(), z.unknown()), 'The three grids (format labels included)') },
    },
    ({ member }) => settings.getMatchGrids(db, member.shopId),
  );
  defineRoute(
    r,
    {
      method: 'put',
      path: '/shops/me/settings/match-grids',
      tags: ['shops'],
      auth: 'user',
      shop: { kinds: ['owner'] },
      summary: 'Replaces the three correspondence grids (owner); formats and typologies must be the shop’s',
      request: { body: matchGridsSchema },
      responses: { 200: json(z.record(z.string(), z.unknown()), 'The saved grids and a message'), 400: bad },
    },
    ({ member, body }) => settings.saveMatchGrids(db, member.shopId, body),
  );
  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops/me/settings/payment-keys',
      tags: ['shops'],
      auth: 'user',
      shop: { kinds: ['owner'] },
      summary: 'The shop’s payment provider keys (owner): publishable keys, and for each secret whether it is set and its last 4',
      responses: { 200: json(z.record(z.string(), z.unknown()), 'Stripe and PayPal keys, secrets masked') },
    },
    ({ member }) => getPaymentKeys(db, secrets, member.shopId),
  );
  defineRoute(
    r,
    {
      method: 'put',
      path: '/shops/me/settings/payment-keys',
      tags: ['shops'],
      auth: 'user',
      shop: { kinds: ['owner'] },
      summary: 'Saves the keys sent (an empty string keeps the stored one, null removes a provider); secrets stored encrypted',
      request: { body: paymentKeysBodySchema },
      responses: { 200: json(z.record(z.string(), z.unknown()), 'The keys, secrets masked, and a message'), 400: bad },
    },
    ({ member, body }) => savePaymentKeys(db, secrets, member.shopId, body),
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops/me',
      tags: ['shops'],
      auth: 'user',
      shop: {},
      summary: 'The caller’s shop, full view (owner or iam)',
      responses: { 200: json(Shop, 'Shop with integration and owner') },
    },
    ({ member }) => service.getShop(member.shopId),
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops/me/page',
      tags: ['shops'],
      auth: 'user',
      shop: {},
      summary: 'What /dashboard/customize edits: header style, every tab (hidden ones too), colour/banner/logo (owner or iam)',
      responses: {
        200: json(z.object({ editedShop: z.unknown(), headerStyle: z.unknown(), tabs: z.array(z.unknown()) }), 'Shop customization'),
      },
    },
    ({ member }) => service.getCustomization(member.shopId),
  );

  // Public: an image uploaded from the shop editor (no file storage yet: kept as a data URL, served decoded).
  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops/:id/images/:kind',
      tags: ['shops'],
      auth: 'public',
      summary: 'An image of the shop editor (banner or logo)',
      request: {
        params: shopRef.extend({ kind: z.string().describe('banner or logo') }),
        query: z.object({ v: z.string().optional().describe('version: immutable caching when it matches') }),
      },
      responses: { 200: { description: 'The image', contentType: 'image/*' }, 404: 'No such image' },
    },
    async (_input, req, res) => {
      const img = await service.getImage(String(req.params.id), String(req.params.kind));
      res.set('Content-Type', img.type);
      res.set('Cache-Control', req.query.v === img.version ? 'public, max-age=31536000, immutable' : 'public, max-age=60');
      res.set('Content-Security-Policy', "default-src 'none'");
      res.send(img.bytes);
    },
  );

  defineRoute(
    r,
    {
      method: 'put',
      path: '/shops/me',
      tags: ['shops'],
      auth: 'user',
      shop: { kinds: ['owner'] },
      summary: 'Partial update of the caller’s shop (owner only)',
      request: { body: updateShopSchema },
      responses: { 200: json(shopUpdateResponseSchema, 'Updated shop (+ message unless noMessage)') },
    },
    ({ member, body }) => service.update(member.shopId, body),
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops',
      tags: ['shops'],
      auth: 'public',
      summary: 'Public shops',
      request: { query: listShopsQuerySchema },
      responses: { 200: json(z.array(PublicShop), 'Public shops') },
    },
    ({ query }) => service.listPublicShops({ ...query, search: query.search || undefined }),
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops/:id',
      tags: ['shops'],
      auth: 'public',
      summary: 'Public shop by numeric id, public code or urlShop',
      request: { params: shopRef },
      responses: { 200: json(PublicShop, 'Public shop'), 404: "'Boutique introuvable'" },
    },
    ({ params }) => service.getPublicShop(params.id),
  );

  defineRoute(
    r,
    {
      method: 'put',
      path: '/shops/:id',
      tags: ['shops'],
      auth: 'user',
      shop: { kinds: ['owner'] },
      summary: 'Owner update of their own shop named by id',
      before: [
        (req, _res, next) => {
          scopeToShop(userAuth(req), Number(req.params.id), ['owner']);
          next();
        },
      ],
      request: { params: idParams(MESSAGES.shopNotFound), body: updateShopSchema },
      responses: { 200: json(shopUpdateResponseSchema, 'Updated shop'), 404: "'Boutique introuvable' (not the caller’s shop)" },
    },
    ({ params, body }) => service.update(params.id, body),
  );

  return r;
}
