// The sales figures of the dashboard home (contract shared-kernel/contracts/sales-dashboard.ts):
//   salesSummary: orders waiting for validation, and this month's sales against last month's (calendar months in Paris)
//   upcomingReservations: the next booked slots, the shop's (seller view) or the caller's own (buyer view)
import type { SalesSummary, UpcomingReservations } from 'shared-kernel/contracts';
import { parisMonthBounds } from 'shared-kernel/domain';
import type { UserAuthContext } from '../../platform/auth/middleware';
import { hasPermission } from '../../platform/auth/scope';
import type { Db } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import * as repo from './orders.repository';

export const UPCOMING_RESERVATIONS = 5;

export function createSalesDashboardService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function salesSummary(member: ShopMemberRow): Promise<SalesSummary> {
    const b = parisMonthBounds(now());
    const [toValidate, currentMonth, previousMonth] = await Promise.all([
      repo.countShopOrders(db, member.shopId, 'pending'),
      repo.salesTotals(db, member.shopId, b.currentStart, b.nextStart),
      repo.salesTotals(db, member.shopId, b.previousStart, b.currentStart),
    ]);
    return { toValidate, currentMonth, previousMonth };
  }

  /** Owner, or iam with seeAllResa, of their first shop: the shop's; anyone else: the reservations they booked. */
  async function upcomingReservations(auth: UserAuthContext): Promise<UpcomingReservations> {
    const first = auth.memberships.find((m) => m.kind === 'owner' || m.kind === 'iam');
    const seller = first && hasPermission(first, 'seeAllResa') ? first : undefined;
    const rows = await repo.findUpcomingReservations(
      db,
      seller ? { shopId: seller.shopId } : { buyerId: auth.user.id },
      now(),
      UPCOMING_RESERVATIONS,
    );
    return {
      items: rows.map((r) => ({
        orderId: r.orderId,
        number: r.number,
        eventTitle: r.eventTitle,
        slotLabel: r.slotName,
        startsAt: r.startsAt.toISOString(),
        places: Number(r.places),
        buyerName: seller ? r.buyerName : null,
        shopName: r.shopName,
      })),
    };
  }

  return { salesSummary, upcomingReservations };
}
