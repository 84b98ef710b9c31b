import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, error, idParams, json, type ApiRouter } from '../../platform/routes';
import { createLinkKey } from './campaigns.mail';
import {
  CAMPAIGN_MESSAGES as M,
  audienceQuerySchema,
  audienceSchema,
  campaignDetailSchema,
  campaignInputSchema,
  campaignSettingsSchema,
  campaignsPageSchema,
  clickQuerySchema,
  listCampaignsQuery,
  listRecipientsQuery,
  optionsSchema,
  preferencesInputSchema,
  preferencesSchema,
  previewSchema,
  recipientsPageSchema,
  scheduleInputSchema,
  settingsInputSchema,
  testInputSchema,
  testSentSchema,
  tokenParams,
} from './campaigns.schemas';
import { createCampaignsService, type CampaignsService } from './campaigns.service';

/** 1×1 transparent GIF */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export interface TrackingLimits {
  /** pixel and clicks per IP and minute (mail providers fetch images from shared addresses: generous) */
  track: number;
  /** preference reads and changes per IP and minute */
  prefs: number;
}
export const TRACKING_LIMITS: TrackingLimits = { track: 600, prefs: 30 };

function limiter(identifier: string, limit: number): RequestHandler {
  if (limit <= 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs: 60_000,
    limit,
    identifier,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    handler: (_req, res) => {
      res.status(429).json({ success: false, message: M.tooMany });
    },
  });
}

const campaignParams = idParams(M.notFound);

/**
 * Campaigns, module 'campaigns' (platform/routes.ts MODULE_ROUTES), the caller's shop (another shop's id →
 * 404), permission createCampaign; the settings: read by the owner and the iam holding createCampaign, written by
 * the owner. The tracking routes under /t are anonymous and rate limited: a recipient's token opens only what
 * concerns that recipient.
 */
export function createCampaignsRouter(
  deps: AppDeps,
  serverSecret: Uint8Array,
  limits: TrackingLimits = TRACKING_LIMITS,
): ApiRouter & { service: CampaignsService } {
  const { db, auth, config, logger } = deps;
  const service = createCampaignsService({ db, config, links: createLinkKey(serverSecret), logger });
  const r = Object.assign(apiRouter(auth), { service });
  const tags = ['campaigns'];
  const scoped = { auth: 'user' as const, tags, shop: { anyOf: ['createCampaign' as const] } };
  const bad = error('A French message naming the field');
  const missing = error(`'${M.notFound}'`);
  const conflict = error('The campaign’s status forbids it (French message)');

  // ------------------------------------------------------------ static paths first (/campaigns/:id would take them)
  defineRoute(
    r,
    {
      ...scoped,
      method: 'get',
      path: '/campaigns/settings',
      summary: 'The shop’s campaign settings: sender name and address, reply-to, postal address of the footer, mails per minute',
      responses: { 200: json(campaignSettingsSchema, 'Settings (defaults filled in)') },
    },
    ({ member }) => service.getSettings(member.shopId),
  );
  defineRoute(
    r,
    {
      auth: 'user',
      tags,
      shop: { kinds: ['owner'] },
      method: 'put',
      path: '/campaigns/settings',
      summary: 'Saves the shop’s campaign settings (owner), kept in shops.settings.campaigns',
      request: { body: settingsInputSchema },
      responses: { 200: json(campaignSettingsSchema.extend({ message: z.string() }), 'Saved'), 400: bad },
    },
    ({ member, body }) => service.saveSettings(member.shopId, body),
  );
  defineRoute(
    r,
    {
      ...scoped,
      method: 'get',
      path: '/campaigns/options',
      summary: 'What a campaign is composed from: the shop’s email models and lists',
      responses: { 200: json(optionsSchema, 'Models and lists') },
    },
    ({ member }) => service.options(member.shopId),
  );
  defineRoute(
    r,
    {
      ...scoped,
      method: 'get',
      path: '/campaigns/audience',
      summary: 'How many people these lists reach now (deduplicated by email, consent and unsubscriptions applied)',
      request: { query: audienceQuerySchema },
      responses: { 200: json(audienceSchema, 'Count'), 400: bad },
    },
    ({ member, query }) => service.audience(member.shopId, query.listIds),
  );

  // ------------------------------------------------------------ campaigns
  defineRoute(
    r,
    {
      ...scoped,
      method: 'get',
      path: '/campaigns',
      summary: 'The shop’s campaigns with their figures',
      request: { query: listCampaignsQuery },
      responses: { 200: json(campaignsPageSchema, 'A page of campaigns'), 400: bad },
    },
    ({ member, query }) => service.list(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...scoped,
      method: 'post',
      path: '/campaigns',
      summary: 'A draft campaign: name, model, lists, subject, preview text',
      request: { body: campaignInputSchema },
      responses: { 201: json(campaignDetailSchema, 'Created'), 400: bad },
    },
    async ({ auth, member, body }, _req, res) => {
      res.status(201);
      return service.create(member.shopId, auth.user.id, body);
    },
  );
  defineRoute(
    r,
    {
      ...scoped,
      method: 'get',
      path: '/campaigns/:id',
      summary: 'A campaign: its figures and rates, its lists, what may be done with it',
      request: { params: campaignParams },
      responses: { 200: json(campaignDetailSchema, 'Campaign'), 404: missing },
    },
    ({ member, params }) => service.detail(member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...scoped,
      method: 'put',
      path: '/campaigns/:id',
      summary: 'Changes a campaign not sent yet (draft, scheduled or cancelled)',
      request: { params: campaignParams, body: campaignInputSchema },
      responses: { 200: json(campaignDetailSchema, 'Saved'), 400: bad, 404: missing, 409: conflict },
    },
    ({ member, params, body }) => service.update(member.shopId, params.id, body),
  );
  defineRoute(
    r,
    {
      ...scoped,
      method: 'delete',
      path: '/campaigns/:id',
      summary: 'Deletes a campaign not sent (a sent one stays, with its figures)',
      request: { params: campaignParams },
      responses: { 204: 'Deleted', 404: missing, 409: conflict },
    },
    async ({ member, params }) => {
      await service.remove(member.shopId, params.id);
    },
  );
  defineRoute(
    r,
    {
      ...scoped,
      method: 'get',
      path: '/campaigns/:id/preview',
      summary: 'The email as sent (sample merge fields, no tracking): the HTML to show in a sandboxed frame',
      request: { params: campaignParams },
      responses: { 200: json(previewSchema, 'Rendered email'), 404: missing },
    },
    ({ member, params }) => service.preview(member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...scoped,
      method: 'get',
      path: '/campaigns/:id/recipients',
      summary: 'The recipients of a campaign and their status (queued, sent, failed, bounced, opened, clicked, unsubscribed)',
      request: { params: campaignParams, query: listRecipientsQuery },
      responses: { 200: json(recipientsPageSchema, 'A page of recipients'), 400: bad, 404: missing },
    },
    ({ member, params, query }) => service.recipients(member.shopId, params.id, query),
  );
  defineRoute(
    r,
    {
      ...scoped,
      method: 'post',
      path: '/campaigns/:id/test',
      summary: 'Sends a test to 1–10 addresses (merge fields of the first recipient, or sample values; no tracking)',
      request: { params: campaignParams, body: testInputSchema },
      responses: { 200: json(testSentSchema, 'Queued'), 400: bad, 404: missing },
    },
    ({ member, params, body }) => service.sendTest(member.shopId, params.id, body.emails),
  );
  defineRoute(
    r,
    {
      ...scoped,
      method: 'post',
      path: '/campaigns/:id/send',
      summary: 'Sends now: the recipients are queued, then mailed at the shop’s rate by the job queue',
      request: { params: campaignParams },
      responses: { 200: json(campaignDetailSchema, 'Sending'), 400: bad, 404: missing, 409: conflict },
    },
    ({ member, params }) => service.sendNow(member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...scoped,
      method: 'post',
      path: '/campaigns/:id/schedule',
      summary: 'Sends at a date to come (the recipients are taken from the lists at that date)',
      request: { params: campaignParams, body: scheduleInputSchema },
      responses: { 200: json(campaignDetailSchema, 'Scheduled'), 400: bad, 404: missing, 409: conflict },
    },
    ({ member, params, body }) => service.schedule(member.shopId, params.id, body.scheduledAt),
  );
  defineRoute(
    r,
    {
      ...scoped,
      method: 'post',
      path: '/campaigns/:id/cancel',
      summary: 'Cancels a scheduled campaign (it may be scheduled or sent again)',
      request: { params: campaignParams },
      responses: { 200: json(campaignDetailSchema, 'Cancelled'), 404: missing, 409: conflict },
    },
    ({ member, params }) => service.cancel(member.shopId, params.id),
  );

  // ------------------------------------------------------------ public tracking (anonymous, by token)
  const trackTags = ['campaigns-tracking'];
  const track = limiter('campaign-track', limits.track);
  const prefs = limiter('campaign-prefs', limits.prefs);
  const linkMissing = error(`'${M.linkNotFound}'`);

  defineRoute(
    r,
    {
      method: 'get',
      path: '/t/o/:token.gif',
      tags: trackTags,
      auth: 'public',
      summary: 'Open pixel of a campaign mail (a 1×1 GIF whatever the token: it tells nothing)',
      before: [track],
      request: { params: tokenParams },
      responses: { 200: { description: '1×1 GIF', contentType: 'image/gif' }, 429: error(`'${M.tooMany}'`) },
    },
    async ({ params }, _req, res) => {
      await service.open(params.token).catch((err: unknown) => logger.warn({ err }, 'campaign open not recorded'));
      res.set('Content-Type', 'image/gif').set('Cache-Control', 'no-store, private').send(PIXEL);
    },
  );
  defineRoute(
    r,
    {
      method: 'get',
      path: '/t/c/:token',
      tags: trackTags,
      auth: 'public',
      summary: 'Click redirect of a campaign mail: only to an http(s) link of that campaign, signed for that recipient',
      before: [track],
      request: { params: tokenParams, query: clickQuerySchema },
      responses: { 302: 'Redirect to the link', 404: linkMissing, 429: error(`'${M.tooMany}'`) },
    },
    async ({ params, query }, _req, res) => {
      const url = await service.click(params.token, query.u, query.s);
      res.set('Referrer-Policy', 'no-referrer').redirect(302, url);
    },
  );
  defineRoute(
    r,
    {
      method: 'post',
      path: '/t/u/:token',
      tags: trackTags,
      auth: 'public',
      summary: 'One-click unsubscribe (RFC 8058, List-Unsubscribe-Post): the address gets no more campaigns of the shop',
      before: [prefs],
      request: { params: tokenParams },
      responses: { 200: json(preferencesSchema, 'Unsubscribed'), 404: linkMissing, 429: error(`'${M.tooMany}'`) },
    },
    ({ params }) => service.setPreferences(params.token, { unsubscribed: true }),
  );
  defineRoute(
    r,
    {
      method: 'get',
      path: '/t/p/:token',
      tags: trackTags,
      auth: 'public',
      summary: 'What the page /disable-tracking-notif shows: the shop, the address (partly hidden), unsubscribed, tracking off',
      before: [prefs],
      request: { params: tokenParams },
      responses: { 200: json(preferencesSchema, 'Preferences'), 404: linkMissing, 429: error(`'${M.tooMany}'`) },
    },
    ({ params }) => service.preferences(params.token),
  );
  defineRoute(
    r,
    {
      method: 'put',
      path: '/t/p/:token',
      tags: trackTags,
      auth: 'public',
      summary: 'Unsubscribes (or subscribes again) and / or turns tracking off (or on) for the address of this token',
      before: [prefs],
      request: { params: tokenParams, body: preferencesInputSchema },
      responses: { 200: json(preferencesSchema, 'Preferences'), 400: bad, 404: linkMissing, 429: error(`'${M.tooMany}'`) },
    },
    ({ params, body }) => service.setPreferences(params.token, body),
  );

  return r;
}
