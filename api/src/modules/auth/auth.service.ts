import type { LoginResponse, MasterAccount } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import type { MasterAccountRow } from '../../platform/db/tables';
import type { JwtService } from '../../platform/auth/jwt';
import { burnPasswordCheck, verifyPassword } from '../../platform/auth/password';
import { HttpError, MESSAGES, notFound } from '../../platform/errors';
import { bumpUserTokenVersion, findUserById, findUserByLogin, firstShopName, isEmailValidated, listMemberships } from '../users';
import { toUserDto } from '../users';
import { bumpMasterTokenVersion, findMasterByLogin, isSubAccount, listSubAccounts } from './auth.repository';
import type { LoginThrottle } from '../../platform/rate-limit';

const badCredentials = () => new HttpError(401, MESSAGES.badCredentials);

export async function toMasterAccountDto(db: Db, master: MasterAccountRow): Promise<MasterAccount> {
  const subs = await listSubAccounts(db, master.id);
  const subAccounts = [];
  for (const s of subs) {
    if (s.disabled) continue;
    subAccounts.push({ id: s.id, username: s.username, email: s.email, shopName: await firstShopName(db, s.id) });
  }
  return { id: master.id, email: master.email, username: master.username, isSuperAdmin: master.isSuperAdmin, subAccounts };
}

/** Login by email or username: user accounts first, then master accounts. Same 401 whatever failed. */
/**
 * Login by email or username: user accounts first, then master accounts. Same 401 whatever failed. Failures are
 * counted per account (`throttle`), whichever identifier was used.
 */
export async function login(
  db: Db,
  jwt: JwtService,
  identifier: string,
  password: string,
  guard?: { throttle: LoginThrottle; unlocked?: () => Promise<boolean> },
): Promise<LoginResponse> {
  const id = identifier.trim();
  if (!id || id.length > 254) {
    await burnPasswordCheck(password);
    throw badCredentials();
  }
  const user = await findUserByLogin(db, id);
  const master = user ? undefined : await findMasterByLogin(db, id);
  const key = user ? `user:${user.id}` : master ? `master:${master.id}` : `unknown:${id.toLowerCase()}`;
  await guard?.throttle.check(key, guard.unlocked);
  {
    if (user) {
      const ok = await verifyPassword(user.passwordHash, password);
      if (ok && !user.disabled) {
        const memberships = await listMemberships(db, user.id);
        const token = await jwt.sign({ sub: user.id, kind: 'user', tv: user.tokenVersion });
        guard?.throttle.succeeded(key);
        return { user: toUserDto(user, memberships, await isEmailValidated(db, user.id)), jwt: token, masterAccount: null };
      }
    }
    const m = master ?? (await findMasterByLogin(db, id));
    if (m) {
      const ok = await verifyPassword(m.passwordHash, password);
      if (ok && !m.disabled) {
        const token = await jwt.sign({ sub: m.id, kind: 'master', tv: m.tokenVersion });
        guard?.throttle.succeeded(key);
        return { user: null, jwt: token, masterAccount: await toMasterAccountDto(db, m) };
      }
    }
    if (!user && !m) await burnPasswordCheck(password);
  }
  guard?.throttle.failed(key);
  throw badCredentials();
}

/** A master (or a sub-account session opened by a master) switches into one of its sub-accounts. */
export async function switchAccount(db: Db, jwt: JwtService, master: MasterAccountRow, userId: number): Promise<LoginResponse> {
  if (!(await isSubAccount(db, master.id, userId))) throw notFound(MESSAGES.userNotFound);
  const user = await findUserById(db, userId);
  if (!user || user.disabled) throw notFound(MESSAGES.userNotFound);
  const memberships = await listMemberships(db, user.id);
  const token = await jwt.sign({ sub: user.id, kind: 'user', tv: user.tokenVersion, mid: master.id });
  return {
    user: toUserDto(user, memberships, await isEmailValidated(db, user.id)),
    jwt: token,
    masterAccount: await toMasterAccountDto(db, master),
  };
}

/** The auth service: login, master accounts and their sub-accounts, token revocation. */
export function createAuthService(deps: { db: Db; jwt: JwtService; throttle?: LoginThrottle }) {
  const { db, jwt } = deps;
  return {
    login: (identifier: string, password: string, unlocked?: () => Promise<boolean>) =>
      login(db, jwt, identifier, password, deps.throttle ? { throttle: deps.throttle, unlocked } : undefined),
    switchAccount: (master: MasterAccountRow, userId: number) => switchAccount(db, jwt, master, userId),
    masterAccount: (master: MasterAccountRow) => toMasterAccountDto(db, master),
    /** every token of the account stops working (token_version bumped) */
    async logoutAll(who: { user: { id: number } | null; master: { id: number } | null }): Promise<boolean> {
      if (who.user) await bumpUserTokenVersion(db, who.user.id);
      else if (who.master) await bumpMasterTokenVersion(db, who.master.id);
      else return false;
      return true;
    },
  };
}
