import type { Db } from '../db/client';
import type { MasterAccountRow, ShopMemberRow, UserRow } from '../db/tables';
import { unauthorized } from '../errors';
import type { JwtService, TokenClaims } from './jwt';
import { findMasterAccount, findUserWithMemberships, isLinkedToMaster } from './session.repository';

export interface AuthContext {
  claims: TokenClaims;
  /** null when the token is a master-account token (no sub-account chosen). */
  user: UserRow | null;
  /** the master account (master token, or user token carrying mid) */
  master: MasterAccountRow | null;
  /** the user's shop memberships, oldest first */
  memberships: ShopMemberRow[];
}

export interface UserAuthContext extends AuthContext {
  user: UserRow;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      auth?: AuthContext;
    }
  }
}

function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

export async function authenticate(db: Db, jwt: JwtService, header: string | undefined): Promise<AuthContext> {
  const token = bearer(header);
  if (!token) throw unauthorized();
  const claims = await jwt.verify(token);
  if (!claims) throw unauthorized();
  if (claims.kind === 'master') {
    const master = await findMasterAccount(db, claims.sub);
    if (!master || master.disabled || master.tokenVersion !== claims.tv) throw unauthorized();
    return { claims, user: null, master, memberships: [] };
  }
  const found = await findUserWithMemberships(db, claims.sub);
  const user = found?.user;
  if (!found || !user || user.disabled || user.tokenVersion !== claims.tv) throw unauthorized();
  let master: MasterAccountRow | null = null;
  if (claims.mid !== undefined) {
    const m = await findMasterAccount(db, claims.mid);
    if (!m || m.disabled || !(await isLinkedToMaster(db, m.id, user.id))) throw unauthorized();
    master = m;
  }
  return { claims, user, master, memberships: found.memberships };
}
