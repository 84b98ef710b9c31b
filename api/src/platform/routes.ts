// Routes declared once: `defineRoute` registers an Express route with its auth, shop scope and validation
// middlewares AND keeps its OpenAPI declaration, from which /v1/openapi.json is generated (platform/openapi.ts).
// A route that is mounted without being declared fails api/src/openapi.test.ts.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { SHOP_CLOSED_MESSAGE, SHOP_HEADER, type Permission, type ShopModule } from 'shared-kernel/contracts';
import type { MemberKind, ShopMemberRow } from './db/tables';
import type { AuthContext, AuthMiddlewares, UserAuthContext } from './auth/middleware';
import { userAuth } from './auth/middleware';
import { callerShop, hasPermission, wantedShop } from './auth/scope';
import { forbidden, HttpError, MESSAGES } from './errors';
import { zodToHttpError } from './validation';
import { assertBoundedNumbers } from './input-bounds';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';
/**
 * public: no token read · optional: a valid Bearer refines the answer, none or a stale one = anonymous (read by the
 * handler) · token: any valid token, user or master (requireAuth) · user: a user token (requireUser).
 */
export type RouteAuth = 'public' | 'optional' | 'token' | 'user';

export interface ResponseSpec {
  description: string;
  /** JSON body; absent = no body (204) or a non-JSON one (`contentType`) */
  schema?: z.ZodType;
  contentType?: string;
}

/** §6 scope of a back-office route: the caller's shop (first owner/iam membership) and the permission of the action. */
export interface ShopScope {
  /** membership kinds allowed (default owner and iam; `['owner']` = owner only; with 'agent': agents read their producer's) */
  kinds?: MemberKind[];
  /** iam needs one of these flags (owners have every permission) */
  anyOf?: Permission[];
  /**
   * §1 module the route belongs to: refused (403 MODULE_OFF_MESSAGE) while `shop.integration[module].active` is not
   * true. Default: the module of the path in MODULE_ROUTES; `null` = no module even when the path names one.
   */
  module?: ShopModule | null;
}

// ---------------------------------------------------------------- §1 module switches, held by the api

export const MODULE_OFF_MESSAGE = 'Ce module n’est pas activé pour votre boutique';

/**
 * The §1 module of the shop-scoped routes, by path prefix (the back-office screens the shell guards with the same
 * module: mfe-*\/src/routes.ts). `except` keeps open what other screens read whatever the module: the warehouses and
 * formats an order form picks from, the accounting settings section. A route may name its own (`shop.module`).
 */
export const MODULE_ROUTES: ReadonlyArray<{
  prefix: string;
  module: ShopModule;
  except?: ReadonlyArray<`${Uppercase<HttpMethod>} ${string}`>;
}> = [
  { prefix: '/pos', module: 'salesPoint' },
  { prefix: '/accounting', module: 'accounting', except: ['GET /accounting/settings', 'PUT /accounting/settings'] },
  { prefix: '/futures', module: 'futures' },
  { prefix: '/purchases', module: 'purchase' },
  { prefix: '/suppliers', module: 'purchase' },
  { prefix: '/stock', module: 'stocks', except: ['GET /stock/warehouses', 'GET /stock/format-options'] },
  { prefix: '/excise', module: 'stocks' },
  { prefix: '/reservations', module: 'reservations' },
  { prefix: '/analytics', module: 'analytics' },
  { prefix: '/iframes', module: 'iframes' },
  { prefix: '/team/agents', module: 'agents' },
  { prefix: '/team/collaborators', module: 'iam' },
  { prefix: '/campaigns', module: 'campaigns' },
  { prefix: '/marketing', module: 'campaigns' },
  // the client file stays readable by the pickers of the order, accounting, cash-register and task screens, and a
  // client can be created at the counter; its settings are a section of the settings page, shown whatever the module
  {
    prefix: '/crm',
    module: 'crm',
    except: ['GET /crm/clients', 'GET /crm/clients/:id', 'POST /crm/clients', 'GET /crm/settings', 'PUT /crm/settings'],
  },
  { prefix: '/opportunities', module: 'crm' },
];

/** The module a shop-scoped route belongs to, or null. */
export function moduleOfRoute(method: HttpMethod, path: string, scope: ShopScope): ShopModule | null {
  if (scope.module !== undefined) return scope.module;
  const entry = MODULE_ROUTES.find((e) => path === e.prefix || path.startsWith(`${e.prefix}/`));
  if (!entry || entry.except?.includes(`${method.toUpperCase()} ${path}` as `${Uppercase<HttpMethod>} ${string}`)) return null;
  return entry.module;
}

/**
 * §1 module `shop`: while it is off the shop's public side is closed. Its public data (shop page, listing, product
 * pages, checkout) answers 404 with SHOP_CLOSED_MESSAGE; its back office is untouched. The public routes name their shop
 * in many ways (urlShop, code, a product, a cart's seller), so each one asks here once it has read the shop's row.
 */
export function shopIsOpen(shop: { integration?: ShopState['integration'] }): boolean {
  return shop.integration?.shop?.active === true;
}

/** 404 « boutique fermée » (`field` names what named the shop: 'seller' in a cart) unless the shop's `shop` module is on. */
export function assertShopOpen(shop: { integration?: ShopState['integration'] }, field?: string): void {
  if (!shopIsOpen(shop)) throw new HttpError(404, SHOP_CLOSED_MESSAGE, field);
}

/**
 * Writes a suspended shop may still make: a producer can always leave with their data, so the export of
 * the whole shop stays open. Every other write of a suspended shop's back office answers 403 (reads stay open).
 */
export const SUSPENDED_SHOP_WRITES: ReadonlyArray<`${Uppercase<HttpMethod>} ${string}`> = ['POST /shop-data/exports'];

/** What the back office of a shop depends on: its module switches (`shops.integration`) and its suspension. */
export interface ShopState {
  integration: Partial<Record<string, { active?: unknown }>> | null | undefined;
  suspended: boolean;
}
/** Reads a shop's state (undefined: no such shop). */
export type ShopModulesReader = (shopId: number) => Promise<ShopState | undefined>;
const modulesReaders = new WeakMap<object, ShopModulesReader>();

/**
 * Gives the routers built on `auth` (every router of one app) the reader of the module switches. The shops module
 * provides it (modules/shops/shops.router.ts): it owns the shops table.
 */
export function provideShopModules(auth: AuthMiddlewares, reader: ShopModulesReader): void {
  modulesReaders.set(auth, reader);
}

type AnyObject = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface RouteSpec<
  A extends RouteAuth = RouteAuth,
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Express path under /v1: '/orders/:id' */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: A;
  shop?: ShopScope;
  request?: {
    /** failures answer 404 with the schema's message (an id that cannot exist is not found, never "invalid") */
    params?: P;
    query?: Q;
    body?: B;
    /** documented only */
    headers?: AnyObject;
    /** documented only: the handler reads these query parameters itself (a public endpoint's historical format) */
    queryDoc?: z.ZodObject;
  };
  responses: Record<number, ResponseSpec | string>;
  /** middlewares run after auth and the shop scope, before validation (rate limits, role checks) */
  before?: RequestHandler[];
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<A extends RouteAuth, P, Q, B> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** the caller (auth: 'user'); the token context (auth: 'token'); undefined otherwise */
  auth: A extends 'user' ? UserAuthContext : A extends 'token' ? AuthContext : undefined;
  /** the caller's shop membership when the route declares `shop` */
  member: ShopMemberRow;
}

export type RouteHandler<A extends RouteAuth, P, Q, B> = (input: RouteInput<A, P, Q, B>, req: Request, res: Response) => unknown;

/** What /v1/openapi.json is generated from. */
export interface RouteDoc {
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: RouteAuth;
  shop?: ShopScope;
  request: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType; headers?: AnyObject; queryDoc?: z.ZodObject };
  responses: Record<number, ResponseSpec>;
}

/** An Express router that keeps the declarations of its routes. */
export type ApiRouter = Router & { docs: RouteDoc[]; auth?: AuthMiddlewares };

export function apiRouter(auth?: AuthMiddlewares): ApiRouter {
  return Object.assign(Router(), { docs: [] as RouteDoc[], auth });
}

/** Mounts `child` into `parent` and keeps its declarations. */
export function mount(parent: ApiRouter, ...children: ApiRouter[]): void {
  for (const child of children) {
    parent.use(child);
    parent.docs.push(...child.docs);
  }
}

function run<S extends z.ZodType>(schema: S, value: unknown, notFoundOnError = false): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) {
    assertBoundedNumbers(result.data, { notFound: notFoundOnError });
    return result.data;
  }
  const e = zodToHttpError(result.error);
  if (notFoundOnError) throw new HttpError(404, e.message, e.field);
  throw e;
}

/** Declares one route: registers it on `router` (auth → shop scope → before → params/query/body validation → handler). */
export function defineRoute<A extends RouteAuth, P extends z.ZodType = never, Q extends z.ZodType = never, B extends z.ZodType = never>(
  router: ApiRouter,
  spec: RouteSpec<A, P, Q, B>,
  handler: RouteHandler<A, P, Q, B>,
): void {
  const responses: Record<number, ResponseSpec> = {};
  for (const [status, r] of Object.entries(spec.responses)) responses[Number(status)] = typeof r === 'string' ? { description: r } : r;
  const success =
    Object.keys(responses)
      .map(Number)
      .filter((s) => s >= 200 && s < 300)
      .sort()[0] ?? 200;
  router.docs.push({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    description: spec.description,
    tags: spec.tags,
    auth: spec.auth,
    shop: spec.shop,
    request: { ...spec.request },
    responses,
  });

  const chain: RequestHandler[] = [];
  if (spec.auth === 'user' || spec.auth === 'token') {
    if (!router.auth) throw new Error(`${spec.method.toUpperCase()} ${spec.path}: apiRouter(auth) is needed for auth '${spec.auth}'`);
    chain.push(spec.auth === 'user' ? router.auth.requireUser : router.auth.requireAuth);
  }
  const scope = spec.shop;
  if (scope) {
    if (spec.auth !== 'user') throw new Error(`${spec.method.toUpperCase()} ${spec.path}: a shop scope needs auth 'user'`);
    const module = moduleOfRoute(spec.method, spec.path, scope);
    const write =
      spec.method !== 'get' && !SUSPENDED_SHOP_WRITES.includes(`${spec.method.toUpperCase() as Uppercase<HttpMethod>} ${spec.path}`);
    const auth = router.auth;
    chain.push(async (req, _res, next) => {
      const member = callerShop(userAuth(req), scope.kinds, wantedShop(req.get(SHOP_HEADER)));
      if (scope.anyOf?.length && !scope.anyOf.some((p) => hasPermission(member, p))) throw forbidden();
      if (module || write) {
        const read = auth && modulesReaders.get(auth);
        // fails closed: an app whose shops module is not mounted cannot tell whether the module is on
        if (!read) throw new Error(`${spec.method.toUpperCase()} ${spec.path}: no reader of the shop modules (provideShopModules)`);
        const state = await read(member.shopId);
        if (write && state?.suspended) throw forbidden(MESSAGES.shopSuspended);
        if (module && state?.integration?.[module]?.active !== true) throw forbidden(MODULE_OFF_MESSAGE);
      }
      (req as Request & { member?: ShopMemberRow }).member = member;
      next();
    });
  }
  chain.push(...(spec.before ?? []));
  const { params, query, body } = spec.request ?? {};
  chain.push(async (req, res) => {
    const input = {
      params: params ? run(params, req.params, true) : undefined,
      query: query ? run(query, req.query ?? {}) : undefined,
      body: body ? run(body, req.body ?? {}) : undefined,
      auth: req.auth,
      member: (req as Request & { member?: ShopMemberRow }).member,
    } as RouteInput<A, P, Q, B>;
    const out = await handler(input, req, res);
    if (res.headersSent) return;
    if (out === undefined) {
      if (success === 204) res.status(204).end();
      return;
    }
    res.status(success).json(out);
  });
  router[spec.method](spec.path, ...chain);
}

// ---------------------------------------------------------------- shared declarations

/** The error body of every failing call (spec §8). */
export const errorSchema = z.object({ success: z.literal(false), message: z.string(), field: z.string().optional() }).meta({ id: 'Error' });

/** A numeric id in the path: anything else can never exist → 404 with `message`. */
export function idParams<K extends string = 'id'>(message: string, name: K = 'id' as K) {
  return z.object({
    [name]: z
      .string()
      .regex(/^\d{1,9}$/, message)
      .transform(Number)
      .pipe(z.number().int().min(1, message).max(2147483647, message))
      .describe('numeric id'),
  } as Record<K, z.ZodPipe<z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>, z.ZodNumber>>);
}

/** JSON response helper for declarations. */
export const json = (schema: z.ZodType, description: string): ResponseSpec => ({ description, schema });
export const error = (description: string): ResponseSpec => ({ description, schema: errorSchema });
