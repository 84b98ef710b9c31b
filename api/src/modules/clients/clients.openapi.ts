import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  priceGridDecisionResponseSchema, priceGridDecisionSchema, priceGridRequestListSchema, PRICE_GRID_REQUEST_STATUSES, shopClientListSchema,
} from 'shared-kernel/contracts';

type Response = { description: string; content?: Record<string, { schema: z.ZodType }> };

/** The professional-clients block of /v1/openapi.json (registered by api/src/openapi.ts). */
export function registerClientsPaths(
  path: (cfg: RouteConfig) => unknown,
  json: (schema: z.ZodType, description: string) => Response,
  errors: { 400: Response; 401: Response; 403: Response },
  error: z.ZodType,
): void {
  const secured = [{ bearerAuth: [] }];
  const paging = { page: z.string().optional().describe('≥ 1, default 1'), pageSize: z.string().optional().describe('1–100') };
  path({ method: 'get', path: '/v1/shops/me/price-grid-requests', tags: ['clients'], security: secured,
    summary: "Price-grid requests of the caller's shop, newest first (owner, or iam with seeAllClient or createClient)",
    request: { query: z.object({ status: z.enum(PRICE_GRID_REQUEST_STATUSES).optional().describe('none = every request'), ...paging }) },
    responses: { 200: json(priceGridRequestListSchema, 'Requests with the requester name, company, email, phone and date'), ...errors } });
  path({ method: 'put', path: '/v1/shops/me/price-grid-requests/{id}', tags: ['clients'], security: secured,
    summary: "Accept (with one of the shop's typologies: the buyer becomes a 'client' member) or refuse a pending request (owner, or iam with createClient); the buyer is notified",
    request: { params: z.object({ id: z.string() }), body: { content: { 'application/json': { schema: priceGridDecisionSchema } } } },
    responses: {
      200: json(priceGridDecisionResponseSchema, 'Decided'), ...errors,
      404: json(error, "'Demande de grille tarifaire introuvable' (also another shop's request)"),
      409: json(error, "'Cette demande a déjà été traitée'"),
    } });
  path({ method: 'get', path: '/v1/shops/me/clients', tags: ['clients'], security: secured,
    summary: "Professional clients attached to the caller's shop with their typology (owner, or iam with seeAllClient or createClient)",
    request: { query: z.object(paging) },
    responses: { 200: json(shopClientListSchema, 'Clients, newest first'), ...errors } });
}
