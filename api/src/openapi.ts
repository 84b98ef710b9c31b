import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { loginRequestSchema, switchAccountSchema } from './modules/auth/auth.schemas';
import { masterAccountSchema, userSchema, shopSchema, notificationSchema, maintenanceSchema } from 'shared-kernel/contracts';
import { updateMeResponseSchema, updateMeSchema } from './modules/users/users.schemas';
import { listShopsQuerySchema, publicShopSchema, shopUpdateResponseSchema, updateShopSchema } from './modules/shops/shops.schemas';
import { markAsSeenResponseSchema, markAsSeenSchema } from './modules/notifications/notifications.schemas';
import { createMaintenanceSchema } from './modules/maintenances/maintenances.schemas';
import { documentsToDownloadResponseSchema } from './modules/documents/documents.schemas';
import { listAgentsResponseSchema } from './modules/agents/agents.schemas';

const errorSchema = z.object({ success: z.literal(false), message: z.string(), field: z.string().optional() });

function json(schema: z.ZodType, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

// Named components (zod `.meta({ id })`, read by zod-to-openapi). Created once: ids are global.
const Error = errorSchema.meta({ id: 'Error' });
const User = userSchema.meta({ id: 'User' });
const Shop = shopSchema.meta({ id: 'Shop' });
const PublicShop = publicShopSchema.meta({ id: 'PublicShop' });
const MasterAccount = masterAccountSchema.meta({ id: 'MasterAccount' });
const Notification = notificationSchema.meta({ id: 'Notification' });
const Maintenance = maintenanceSchema.meta({ id: 'Maintenance' });
const LoginResponse = z.object({ user: User.nullable(), jwt: z.string(), masterAccount: MasterAccount.nullable() }).meta({ id: 'LoginResponse' });

/** Builds the OpenAPI 3.1 document of /v1 from the zod schemas the api validates with. */
export function buildOpenApiDocument(version: string) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  const secured = [{ bearerAuth: [] }];
  const errors = {
    400: json(Error, 'Invalid input (field names the offending field)'),
    401: json(Error, 'Missing, expired or invalid token'),
    403: json(Error, 'Forbidden for this role or permission'),
  };
  const path = (cfg: RouteConfig) => registry.registerPath(cfg);

  path({ method: 'post', path: '/v1/auth/login', tags: ['auth'], summary: 'Log in with email or username',
    request: { body: { content: { 'application/json': { schema: loginRequestSchema } } } },
    responses: { 200: json(LoginResponse, 'Logged in'), 400: errors[400], 401: json(Error, "'Le mail et/ou le mot de passe sont incorrects.'"), 429: json(Error, 'Too many failed attempts') } });
  path({ method: 'post', path: '/v1/auth/switch-account', tags: ['auth'], security: secured, summary: 'Master account: open a sub-account',
    request: { body: { content: { 'application/json': { schema: switchAccountSchema } } } },
    responses: { 200: json(LoginResponse, 'Switched'), ...errors, 404: json(Error, 'Not a sub-account') } });
  path({ method: 'get', path: '/v1/auth/master-account', tags: ['auth'], security: secured, summary: 'Master account of the session, or null',
    responses: { 200: json(MasterAccount.nullable(), 'Master account'), 401: errors[401] } });
  path({ method: 'post', path: '/v1/auth/logout', tags: ['auth'], summary: 'Log out (stateless)', responses: { 204: { description: 'Done' } } });
  path({ method: 'post', path: '/v1/auth/logout-all', tags: ['auth'], security: secured, summary: 'Revoke every token of the account', responses: { 204: { description: 'Done' }, 401: errors[401] } });

  path({ method: 'get', path: '/v1/users/me', tags: ['users'], security: secured, responses: { 200: json(User, 'Current user'), 401: errors[401], 403: errors[403] } });
  path({ method: 'put', path: '/v1/users/me', tags: ['users'], security: secured,
    request: { body: { content: { 'application/json': { schema: updateMeSchema } } } },
    responses: { 200: json(updateMeResponseSchema, 'Updated user (message unless message:false or cart-only)'), ...errors } });

  path({ method: 'get', path: '/v1/shops/me', tags: ['shops'], security: secured, responses: { 200: json(Shop, 'Shop of the owner or iam'), ...errors } });
  path({ method: 'put', path: '/v1/shops/me', tags: ['shops'], security: secured,
    request: { body: { content: { 'application/json': { schema: updateShopSchema } } } },
    responses: { 200: json(shopUpdateResponseSchema, 'Updated shop (owner only)'), ...errors } });
  path({ method: 'get', path: '/v1/shops', tags: ['shops'], request: { query: listShopsQuerySchema }, responses: { 200: json(z.array(PublicShop), 'Public shops') } });
  path({ method: 'get', path: '/v1/shops/{id}', tags: ['shops'], summary: 'Public shop by numeric id, public code or urlShop',
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: json(PublicShop, 'Public shop'), 404: json(Error, "'Boutique introuvable'") } });
  path({ method: 'put', path: '/v1/shops/{id}', tags: ['shops'], security: secured, summary: "Owner update of their own shop (another shop → 404)",
    request: { params: z.object({ id: z.string() }), body: { content: { 'application/json': { schema: updateShopSchema } } } },
    responses: { 200: json(shopUpdateResponseSchema, 'Updated shop'), ...errors, 404: json(Error, 'Not the caller’s shop') } });

  path({ method: 'get', path: '/v1/notifications-centers', tags: ['notifications'], security: secured, responses: { 200: json(z.array(Notification), 'Newest first'), 401: errors[401] } });
  path({ method: 'put', path: '/v1/notifications-centers/mark-as-seen', tags: ['notifications'], security: secured,
    request: { body: { content: { 'application/json': { schema: markAsSeenSchema } } } },
    responses: { 200: json(markAsSeenResponseSchema, 'Count of the caller’s notifications marked seen'), ...errors } });

  path({ method: 'get', path: '/v1/maintenances', tags: ['maintenances'], responses: { 200: json(Maintenance.nullable(), 'Active maintenance or null') } });
  path({ method: 'post', path: '/v1/maintenances', tags: ['maintenances'], security: secured,
    request: { body: { content: { 'application/json': { schema: createMaintenanceSchema } } } },
    responses: { 201: json(Maintenance, 'Created (superAdmin)'), ...errors } });
  path({ method: 'get', path: '/v1/documents/to-download', tags: ['documents'], security: secured, responses: { 200: json(documentsToDownloadResponseSchema, 'URLs, now marked downloaded'), 401: errors[401] } });
  path({ method: 'get', path: '/v1/agents', tags: ['agents'], security: secured,
    request: { query: z.object({ userType: z.string().optional().describe('iam, agent, owner: repeated, comma list or JSON list'), shopId: z.string().optional() }) },
    responses: { 200: json(listAgentsResponseSchema, 'Members of the caller’s shop'), ...errors } });
  path({ method: 'get', path: '/v1/health', tags: ['platform'], responses: { 200: json(z.object({ ok: z.boolean() }), 'Database reachable') } });

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Wineriz platform api', version, description: 'JSON api of the platform; errors are { success: false, message, field? } in French.' },
    servers: [{ url: '/' }],
  });
}
