import type { z } from 'zod';
import {
  TICKETS_MESSAGES as M,
  type createTicketBodySchema,
  type TicketContactShop,
  type TicketDetail,
  type TicketListItem,
  type TicketSide,
  type TicketUnreadCount,
  type Paginated,
} from 'shared-kernel/contracts';
import type { UserAuthContext } from '../../platform/auth/middleware';
import { hasPermission } from '../../platform/auth/scope';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { UserRow } from '../../platform/db/tables';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import { paginated } from '../../platform/list-query';
import { findShopByRef } from '../orders';
import { excerptOf, newMessageMail } from './tickets.mails';
import * as repo from './tickets.repository';
import type { ListTicketsQuery } from './tickets.schemas';

/** Who is reading: a buyer (their own threads) or a shop (its owner, or an iam with seeAllMessages). */
export type TicketViewer =
  { side: 'buyer'; userId: number; scope: repo.ThreadScope } | { side: 'shop'; userId: number; shopId: number; scope: repo.ThreadScope };

/** §6: owner/iam read their shop's threads (iam needs seeAllMessages → else 403); a buyer reads their own. */
export function viewerOf(auth: UserAuthContext): TicketViewer {
  const member = auth.memberships.find((m) => m.kind === 'owner' || m.kind === 'iam');
  if (member) {
    if (!hasPermission(member, 'seeAllMessages')) throw forbidden();
    return { side: 'shop', userId: auth.user.id, shopId: member.shopId, scope: { shopId: member.shopId } };
  }
  if (auth.user.role === 'buyer') return { side: 'buyer', userId: auth.user.id, scope: { buyerUserId: auth.user.id } };
  throw forbidden();
}

export const threadLink = (id: number) => `/tickets?thread=${id}`;

const NOTIFY = {
  fr: (from: string, subject: string) => `Nouveau message de ${from} : « ${subject} »`,
  en: (from: string, subject: string) => `New message from ${from}: “${subject}”`,
} as const;

export interface TicketsDeps {
  db: Db;
  publicUrl: string;
}

export function createTicketsService({ db, publicUrl }: TicketsDeps) {
  const base = publicUrl.replace(/\/+$/, '');

  function itemOf(v: repo.ThreadView, side: TicketSide): TicketListItem {
    const t = v.thread;
    return {
      id: t.id,
      shop: { id: t.shopId, name: v.shopName, urlShop: v.urlShop },
      buyer: { id: t.buyerUserId, name: v.buyerName },
      order: t.orderId != null && v.orderNumber != null ? { id: t.orderId, number: v.orderNumber } : null,
      subject: t.subject,
      status: t.status,
      unread: side === 'buyer' ? t.buyerUnread : t.shopUnread,
      lastMessageAt: t.lastMessageAt.toISOString(),
      excerpt: v.lastBody ? excerptOf(v.lastBody, 140) : '',
      lastMessageSide: v.lastSide,
      createdAt: t.createdAt.toISOString(),
    };
  }

  async function detailOf(tx: DbOrTx, viewer: TicketViewer, id: number): Promise<TicketDetail> {
    const v = await repo.findThread(tx, viewer.scope, id);
    if (!v) throw notFound(M.notFound);
    const messages = await repo.listMessages(tx, id);
    return {
      ...itemOf(v, viewer.side),
      viewerSide: viewer.side,
      messages: messages.map((m) => ({
        id: m.id,
        side: m.side,
        // the buyer talks to the shop, not to a member of its staff
        author: m.side === 'shop' && viewer.side === 'buyer' ? v.shopName : m.author,
        body: m.body,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  }

  /** The notification and the queued mail of a new message, to each recipient (in the message's transaction). */
  async function notify(tx: DbOrTx, recipients: UserRow[], from: string, view: repo.ThreadView, messageId: number, body: string) {
    const link = threadLink(view.thread.id);
    await repo.insertNotifications(
      tx,
      recipients.map((u) => ({
        userId: u.id,
        type: 'newMessage',
        content: NOTIFY[u.language === 'en' ? 'en' : 'fr'](from, view.thread.subject),
        redirectLink: link,
      })),
    );
    for (const u of recipients) {
      const mail = newMessageMail({
        to: u.email,
        lang: u.language === 'en' ? 'en' : 'fr',
        from,
        subject: view.thread.subject,
        orderNumber: view.orderNumber,
        body,
        link: `${base}${link}`,
      });
      await enqueueMail(tx as Db, mail, { dedupeKey: `ticket-message:${messageId}:${u.id}` });
    }
  }

  /** Stores a message of `viewer` in `threadId` and tells the other party; answers the thread's new view. */
  async function write(tx: DbOrTx, viewer: TicketViewer, threadId: number, body: string): Promise<void> {
    const view = await repo.findThread(tx, viewer.scope, threadId);
    if (!view) throw notFound(M.notFound);
    const msg = await repo.insertMessage(tx, view.thread, { side: viewer.side, authorUserId: viewer.userId, body, at: new Date() });
    if (viewer.side === 'buyer') {
      const staff = await repo.findShopRecipients(tx, view.thread.shopId);
      await notify(tx, staff, view.buyerName, view, msg.id, body);
    } else {
      const buyer = await repo.findUser(tx, view.thread.buyerUserId);
      if (buyer && !buyer.disabled) await notify(tx, [buyer], view.shopName, view, msg.id, body);
    }
  }

  return {
    async list(auth: UserAuthContext, q: ListTicketsQuery): Promise<Paginated<TicketListItem>> {
      const viewer = viewerOf(auth);
      const { rows, total } = await repo.listThreads(db, viewer.scope, q);
      return paginated(
        rows.map((r) => itemOf(r, viewer.side)),
        total,
        q,
      );
    },

    async unreadCount(auth: UserAuthContext): Promise<TicketUnreadCount> {
      const viewer = viewerOf(auth);
      return repo.unreadCount(db, viewer.scope, viewer.side);
    },

    /** The thread, oldest message first; the caller's side has now read it. */
    async get(auth: UserAuthContext, id: number): Promise<TicketDetail> {
      const viewer = viewerOf(auth);
      const v = await repo.findThread(db, viewer.scope, id);
      if (!v) throw notFound(M.notFound);
      await repo.markRead(db, id, viewer.side);
      return detailOf(db, viewer, id);
    },

    async contactShops(auth: UserAuthContext, shopRef: string | undefined): Promise<TicketContactShop[]> {
      if (auth.user.role !== 'buyer') throw forbidden(M.buyersOnly);
      const extra = shopRef ? await findShopByRef(db, shopRef) : undefined;
      return repo.contactShops(db, auth.user.id, extra?.id ?? null);
    },

    /** A buyer opens a thread with a shop (optionally about one of their orders there). */
    async create(auth: UserAuthContext, body: z.output<typeof createTicketBodySchema>): Promise<TicketDetail & { message: string }> {
      const shop = body.shopId ? await findShopByRef(db, body.shopId) : undefined;
      if (!shop) throw badRequest(M.shopNotFound, 'shopId');
      if (await repo.isShopStaff(db, auth.user.id, shop.id)) throw forbidden(M.ownShop);
      if (auth.user.role !== 'buyer') throw forbidden(M.buyersOnly);
      if (body.orderId !== null && !(await repo.findBuyerOrder(db, auth.user.id, shop.id, body.orderId))) {
        throw badRequest(M.orderNotFound, 'orderId');
      }
      const viewer: TicketViewer = { side: 'buyer', userId: auth.user.id, scope: { buyerUserId: auth.user.id } };
      const detail = await db.transaction(async (tx) => {
        const thread = await repo.insertThread(tx, {
          shopId: shop.id,
          buyerUserId: auth.user.id,
          orderId: body.orderId,
          subject: body.subject,
          at: new Date(),
        });
        await write(tx, viewer, thread.id, body.body);
        return detailOf(tx, viewer, thread.id);
      });
      nudgeJobs();
      return { ...detail, message: M.created };
    },

    /** A message of either side; a buyer's message reopens a closed thread. */
    async reply(auth: UserAuthContext, id: number, body: string): Promise<TicketDetail & { message: string }> {
      const viewer = viewerOf(auth);
      const detail = await db.transaction(async (tx) => {
        await write(tx, viewer, id, body);
        return detailOf(tx, viewer, id);
      });
      nudgeJobs();
      return { ...detail, message: M.sent };
    },

    /** close: either side (the buyer their own thread); reopen: the shop (a buyer reopens by writing). */
    async setStatus(auth: UserAuthContext, id: number, status: 'open' | 'closed'): Promise<TicketDetail & { message: string }> {
      const viewer = viewerOf(auth);
      const v = await repo.findThread(db, viewer.scope, id);
      if (!v) throw notFound(M.notFound);
      if (status === 'open' && viewer.side === 'buyer') throw forbidden(M.reopenShopOnly);
      if (v.thread.status !== status) await repo.setStatus(db, id, status);
      return { ...(await detailOf(db, viewer, id)), message: status === 'closed' ? M.closed : M.reopened };
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
