import { z } from 'zod';
import {
  closeSessionSchema,
  openSessionSchema,
  posEventSchema,
  refundInputSchema,
  salesPointInputSchema,
  ticketInputSchema,
  POS_MESSAGES as M,
} from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { enqueueMail } from '../../platform/jobs/mail.job';
import { apiRouter, defineRoute, json, type ApiRouter } from '../../platform/routes';
import { closingPdf, receiptPdf } from './pos.documents';
import { archiveQuery, idParams, listTicketsQuery, sendTicketSchema } from './pos.schemas';
import type { SalesPointValues, TicketValues } from './pos.model';
import type { PosService } from './pos.service';

/**
 * The cash register routes: module salesPoint, permission createOrderSalesPoint, the caller's shop. The service is
 * built once by the composition root (app.ts), which also starts its midnight sweep.
 */
export function createPosRouter({ db, auth }: AppDeps, service: PosService): ApiRouter {
  const r = apiRouter(auth);
  const base = { auth: 'user' as const, tags: ['pos'], shop: { anyOf: ['createOrderSalesPoint' as const] } };
  const any = (d: string) => ({ 200: json(z.any(), d) });
  const params = { params: idParams };

  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/pos/salespoints',
      summary: 'The salespoints with today’s takings and open session',
      responses: any('Salespoints'),
    },
    ({ member }) => service.listSalesPoints(member.shopId),
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'post',
      path: '/pos/salespoints',
      summary: 'Create a salespoint',
      request: { body: salesPointInputSchema },
      responses: { 201: json(z.any(), 'Created') },
    },
    ({ member, body }) => service.createSalesPoint(member.shopId, body as SalesPointValues),
  );
  defineRoute(
    r,
    { ...base, method: 'get', path: '/pos/salespoints/:id', summary: 'A salespoint', request: params, responses: any('The salespoint') },
    ({ member, params: p }) => service.getSalesPoint(member.shopId, p.id),
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'put',
      path: '/pos/salespoints/:id',
      summary: 'Change a salespoint',
      request: { ...params, body: salesPointInputSchema },
      responses: any('Saved'),
    },
    ({ member, params: p, body }) => service.updateSalesPoint(member.shopId, p.id, body as SalesPointValues),
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/pos/salespoints/:id/catalog',
      summary: 'What the till sells, at the counter typology’s TTC prices',
      request: params,
      responses: any('The catalogue'),
    },
    ({ member, params: p }) => service.catalog(member.shopId, p.id),
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'post',
      path: '/pos/salespoints/:id/sessions',
      summary: 'Open a session with its cash float',
      request: { ...params, body: openSessionSchema },
      responses: { 201: json(z.any(), 'Opened') },
    },
    ({ member, params: p, body }) => service.openSession(member, p.id, body.float),
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/pos/salespoints/:id/sessions',
      summary: 'The sessions, newest first',
      request: params,
      responses: any('Sessions'),
    },
    ({ member, params: p }) => service.listSessions(member.shopId, p.id),
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'post',
      path: '/pos/sessions/:id/close',
      summary: 'Close a session with the cash count: the day’s Z',
      request: { ...params, body: closeSessionSchema },
      responses: any('The Z'),
    },
    ({ member, params: p, body }) => service.closeSession(member, p.id, body.counted),
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'post',
      path: '/pos/salespoints/:id/tickets',
      summary: 'Record a ticket (final); the same key answers the ticket already recorded',
      request: { ...params, body: ticketInputSchema },
      responses: { 201: json(z.any(), 'Recorded'), 200: json(z.any(), 'Already recorded (same key)') },
    },
    async ({ member, params: p, body }, _req, res) => {
      const { ticket, created } = await service.createTicket(member, p.id, body as TicketValues);
      res.status(created ? 201 : 200).json(ticket);
    },
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/pos/salespoints/:id/tickets',
      summary: 'The tickets, newest first',
      request: { ...params, query: listTicketsQuery },
      responses: any('A page of tickets'),
    },
    ({ member, params: p, query }) => service.listTickets(member.shopId, p.id, query),
  );
  defineRoute(
    r,
    { ...base, method: 'get', path: '/pos/tickets/:id', summary: 'A ticket', request: params, responses: any('The ticket') },
    ({ member, params: p }) => service.getTicket(member.shopId, p.id),
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/pos/tickets/:id/receipt.pdf',
      summary: 'The receipt (80 mm)',
      request: params,
      responses: { 200: { description: 'PDF', contentType: 'application/pdf' } },
    },
    async ({ member, params: p }, _req, res) => {
      const t = await service.getTicket(member.shopId, p.id);
      const sp = await service.salesPointRow(member.shopId, t.salesPointId);
      const pdf = await receiptPdf(t, sp);
      res.type('application/pdf').setHeader('Content-Disposition', `attachment; filename="ticket-${t.ref}.pdf"`);
      res.send(pdf);
    },
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'post',
      path: '/pos/tickets/:id/send',
      summary: 'Mail the receipt',
      request: { ...params, body: sendTicketSchema },
      responses: any('Sent'),
    },
    async ({ member, params: p, body }) => {
      const t = await service.getTicket(member.shopId, p.id);
      const sp = await service.salesPointRow(member.shopId, t.salesPointId);
      const pdf = await receiptPdf(t, sp);
      await enqueueMail(db, {
        to: body.email,
        subject: `Votre ticket ${t.ref} — ${sp.name}`,
        text: `Bonjour,\n\nVoici votre ticket ${t.ref}.\n\nMerci de votre visite,\n${sp.name}`,
        html: `<p>Bonjour,</p><p>Voici votre ticket ${t.ref}.</p><p>Merci de votre visite,<br>${sp.name.replace(/[<>&]/g, '')}</p>`,
        attachments: [
          { filename: `ticket-${t.ref}.pdf`, content: pdf.toString('base64'), encoding: 'base64', contentType: 'application/pdf' },
        ],
      });
      return { message: M.sent(body.email) };
    },
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'post',
      path: '/pos/tickets/:id/refund',
      summary: 'Refund lines of a ticket: a new ticket with negative lines',
      request: { ...params, body: refundInputSchema },
      responses: { 201: json(z.any(), 'The refund ticket') },
    },
    async ({ member, params: p, body }, _req, res) => {
      const { ticket, created } = await service.refundTicket(member, p.id, body);
      res.status(created ? 201 : 200).json(ticket);
    },
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/pos/salespoints/:id/closings',
      summary: 'Day, month and year closings',
      request: params,
      responses: any('Closings'),
    },
    ({ member, params: p }) => service.listClosings(member.shopId, p.id),
  );
  defineRoute(
    r,
    { ...base, method: 'get', path: '/pos/closings/:id', summary: 'A closing', request: params, responses: any('The closing') },
    ({ member, params: p }) => service.getClosing(member.shopId, p.id),
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/pos/closings/:id/report.pdf',
      summary: 'The closing report (80 mm)',
      request: params,
      responses: { 200: { description: 'PDF', contentType: 'application/pdf' } },
    },
    async ({ member, params: p }, _req, res) => {
      const c = await service.getClosing(member.shopId, p.id);
      const sp = await service.salesPointRow(member.shopId, c.salesPointId);
      const pdf = await closingPdf(c, sp);
      res.type('application/pdf').setHeader('Content-Disposition', `attachment; filename="${c.ref}.pdf"`);
      res.send(pdf);
    },
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/pos/salespoints/:id/verify',
      summary: 'Recompute the chained journal',
      request: params,
      responses: any('The verification'),
    },
    ({ member, params: p }) => service.verify(member.shopId, p.id),
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'get',
      path: '/pos/salespoints/:id/archive',
      summary: 'The signed archive of a period',
      request: { ...params, query: archiveQuery },
      responses: { 200: { description: 'JSON file', contentType: 'application/json' } },
    },
    async ({ member, params: p, query }, _req, res) => {
      const a = await service.archive(member, p.id, query.from, query.to);
      res.type('application/json').setHeader('Content-Disposition', `attachment; filename="${a.name}"`);
      res.send(a.text);
    },
  );
  defineRoute(
    r,
    {
      ...base,
      method: 'post',
      path: '/pos/salespoints/:id/events',
      summary: 'Record a technical event',
      request: { ...params, body: posEventSchema },
      responses: { 201: json(z.any(), 'Recorded') },
    },
    ({ member, params: p, body }) => service.recordEvent(member, p.id, body.kind, body.detail),
  );
  return r;
}
