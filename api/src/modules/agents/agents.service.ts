import type { Db } from '../../platform/db/client';
import type { MemberKind, ShopMemberRow } from '../../platform/db/tables';
import { hasPermission } from '../../platform/auth/scope';
import { forbidden } from '../../platform/errors';
import { listShopMembers } from './agents.repository';
import type { ShopMemberDto } from './agents.schemas';

export function createAgentsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * Members of the caller's shop with the requested kinds. For iam: collaborators
     * need accessCollaborator, agents need accessAgent; with neither flag → 403.
     */
    async listMembers(member: ShopMemberRow, kinds: MemberKind[]): Promise<ShopMemberDto[]> {
      const canCollab = hasPermission(member, 'accessCollaborator');
      const canAgent = hasPermission(member, 'accessAgent');
      if (!canCollab && !canAgent) throw forbidden();
      const allowed = kinds.filter((k) => (k === 'iam' ? canCollab : k === 'agent' ? canAgent : true));
      const rows = await listShopMembers(db, member.shopId, [...new Set(allowed)]);
      // 'client' members (buyers attached with a typology) are never staff: never listed here.
      return rows.flatMap((r) =>
        r.kind === 'client' ? [] : [{ ...r, kind: r.kind, firstname: r.firstname ?? null, lastname: r.lastname ?? null }],
      );
    },
  };
}
