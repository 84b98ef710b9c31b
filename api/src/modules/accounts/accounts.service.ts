import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  AGENT_SHOP_MESSAGES,
  AUTH_MESSAGES,
  type BUSINESS_TYPES,
  SHOP_MODULES,
  siretOf,
  type LoginResponse,
  type RegisterRequest,
} from 'shared-kernel/contracts';
import type { Db, DbOrTx } from '../../platform/db/client';
import { shopMembers, type UserRow } from '../../platform/db/tables';
import { type AccountTokenKind } from './accounts.tables';
import type { AccountsConfig } from '../../platform/config';
import type { JwtService } from '../../platform/auth/jwt';
import type { Logger } from '../../platform/logger';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import type { UserAuthContext } from '../../platform/auth/middleware';
import { HttpError } from '../../platform/errors';
import { findUserByEmail, listMemberships } from '../users';
import { toUserDto } from '../users';
import { accountMail, type AccountMailKind } from '../mail';
import {
  consumeAccountToken,
  createAccountToken,
  emailOf,
  findUserAccount,
  insertOwnerMembership,
  insertShop,
  insertUser,
  insertUserAccount,
  markEmailValidated,
  setEmail,
  setPasswordAndRevoke,
  uniqueShopCode,
  uniqueUrlShop,
} from './accounts.repository';
import { isUniqueViolation } from '../../platform/db/pg-errors';

export const emailTaken = () => new HttpError(409, AUTH_MESSAGES.emailTaken, 'email');

export interface AccountsDeps {
  db: Db;
  jwt: JwtService;
  cfg: AccountsConfig;
  logger: Logger;
}

const PAGE: Record<AccountMailKind, string> = { validate: '/auth/validate', email: '/auth/validate', reset: '/auth/resetpwd' };

type MailUser = Pick<UserRow, 'id' | 'email' | 'username' | 'language'>;

/**
 * Creates a single-use link token and queues its mail ('mail' job) in the same transaction `tx`: the token
 * exists if and only if its mail will be sent. The job worker sends it (retried on SMTP failures).
 */
export async function queueAccountMailInTx(
  tx: DbOrTx,
  cfg: AccountsConfig,
  kind: AccountMailKind,
  user: MailUser,
  to = user.email,
): Promise<void> {
  const tokenKind: AccountTokenKind = kind;
  const ttlSeconds = kind === 'reset' ? cfg.resetTokenTtlSeconds : cfg.validateTokenTtlSeconds;
  const token = await createAccountToken(tx, user.id, tokenKind, ttlSeconds, kind === 'email' ? to : undefined);
  const link = `${cfg.publicUrl}${PAGE[kind]}?token=${encodeURIComponent(token)}`;
  await enqueueMail(tx, accountMail(kind, { to, name: user.username, link, lang: user.language === 'en' ? 'en' : 'fr', ttlSeconds }));
}

/** A new link and its mail, in one transaction; the job worker is nudged once it has committed. */
export async function sendAccountMail(
  d: Pick<AccountsDeps, 'db' | 'cfg'>,
  kind: AccountMailKind,
  user: MailUser,
  to = user.email,
): Promise<void> {
  await d.db.transaction(async (tx) => {
    await queueAccountMailInTx(tx, d.cfg, kind, user, to);
  });
  nudgeJobs();
}

const defaultSettings = () => ({
  logStartMonth: 0,
  logStartDay: 1,
  hasTVA: true,
  vatRate: { standard: 20, medium: 10, reduced: 5.5 },
  titleProducts: 'Nos produits',
  allRulesInEq75: false,
});
const defaultTypologies = () => [
  { id: 'particulier', name: 'Particulier', public: true, ttc: true, globalDiscount: 0, allRulesInEq75: false },
  { id: 'professionnel', name: 'Professionnel', public: false, ttc: false, globalDiscount: 0, allRulesInEq75: false },
];
/** A new shop starts with its online shop, CRM and stock modules on. */
const defaultIntegration = () => Object.fromEntries(SHOP_MODULES.map((m) => [m, { active: ['shop', 'crm', 'stocks'].includes(m) }]));

export interface RegisterResult {
  success: true;
  message: string;
  /** sellers are logged in straight away (owner of their new shop) */
  login?: LoginResponse;
}

export async function register(d: AccountsDeps, body: RegisterRequest & { type: 'buyer' | 'seller' | 'agent' }): Promise<RegisterResult> {
  const email = body.email.trim();
  if (await findUserByEmail(d.db, email)) throw emailTaken();
  const siret = siretOf(body);
  const passwordHash = await hashPassword(body.password);
  const firstname = body.firstname.trim();
  const lastname = body.lastname.trim();
  const company = body.company?.trim() || (body.type === 'seller' ? body.shopName?.trim() : undefined);
  const role = body.type === 'seller' ? 'owner' : body.type === 'agent' ? 'agent' : 'buyer';
  const now = new Date();
  let user: UserRow;
  try {
    user = await d.db.transaction(async (tx) => {
      const u = await insertUser(tx, {
        username: `${firstname} ${lastname}`.slice(0, 120),
        email,
        passwordHash,
        role,
        firstname,
        lastname,
        phone: body.phone?.trim() || null,
        language: body.language ?? 'fr',
        isPro: body.type !== 'buyer' || !!body.isPro,
        business: company ? { name: company } : null,
      });
      await insertUserAccount(tx, {
        userId: u.id,
        accountType: body.type,
        siret,
        siren: siret?.slice(0, 9) ?? null,
        nic: siret?.slice(9) ?? null,
        termsAcceptedAt: now,
        adultCertifiedAt: now,
      });
      if (body.type === 'seller') {
        const name = body.shopName!.trim().slice(0, 120);
        const shop = await insertShop(tx, {
          code: await uniqueShopCode(tx, name),
          name,
          urlShop: await uniqueUrlShop(tx, name),
          businessType: body.businessType!,
          settings: defaultSettings(),
          typologies: defaultTypologies(),
          integration: defaultIntegration(),
          editedShop: { color: null, banner: null, logo: null },
          contactEmail: email,
        });
        await insertOwnerMembership(tx, u.id, shop.id);
      }
      // the validation link and its mail commit with the account
      await queueAccountMailInTx(tx, d.cfg, 'validate', u);
      return u;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  nudgeJobs();
  const result: RegisterResult = { success: true, message: AUTH_MESSAGES.registered };
  if (body.type === 'seller') {
    const jwt = await d.jwt.sign({ sub: user.id, kind: 'user', tv: user.tokenVersion });
    result.login = { user: toUserDto(user, await listMemberships(d.db, user.id), false), jwt, masterAccount: null };
  }
  return result;
}

/**
 * POST /agent/shops: an agent opens a producer's shop. The owner's account is made with an unusable
 * password and receives, in the same transaction, the invitation and a link to choose their password (the reset
 * link: following it validates the address); the agent is attached to the shop as its sales agent.
 */
export async function createShopForProducer(
  d: AccountsDeps,
  agent: UserRow,
  body: {
    businessType: (typeof BUSINESS_TYPES)[number];
    shopName: string;
    ownerEmail: string;
    ownerFirstname: string;
    ownerLastname: string;
  },
) {
  const email = body.ownerEmail.trim();
  if (await findUserByEmail(d.db, email)) throw new HttpError(409, AUTH_MESSAGES.emailTaken, 'ownerEmail');
  const name = body.shopName.trim().slice(0, 120);
  const now = new Date();
  const shop = await d.db.transaction(async (tx) => {
    const owner = await insertUser(tx, {
      username: `${body.ownerFirstname.trim()} ${body.ownerLastname.trim()}`.slice(0, 120),
      email,
      // nobody can sign in with it: the owner chooses their password from the invitation
      passwordHash: await hashPassword(randomBytes(32).toString('hex')),
      role: 'owner',
      firstname: body.ownerFirstname.trim(),
      lastname: body.ownerLastname.trim(),
      language: 'fr',
      isPro: true,
      business: { name },
    });
    await insertUserAccount(tx, { userId: owner.id, accountType: 'seller', termsAcceptedAt: now, adultCertifiedAt: now });
    const created = await insertShop(tx, {
      code: await uniqueShopCode(tx, name),
      name,
      urlShop: await uniqueUrlShop(tx, name),
      businessType: body.businessType,
      settings: defaultSettings(),
      typologies: defaultTypologies(),
      integration: defaultIntegration(),
      editedShop: { color: null, banner: null, logo: null },
      contactEmail: email,
    });
    await insertOwnerMembership(tx, owner.id, created.id);
    await tx.insert(shopMembers).values({ userId: agent.id, shopId: created.id, kind: 'agent', authorizations: null });
    await queueAccountMailInTx(tx, d.cfg, 'reset', owner);
    await enqueueMail(
      tx as Db,
      producerInvitationMail({ to: email, name: owner.username, shop: name, agent: agent.username, publicUrl: d.cfg.publicUrl }),
    );
    return created;
  });
  nudgeJobs();
  return { shop: { id: shop.id, name: shop.name, urlShop: shop.urlShop }, message: AGENT_SHOP_MESSAGES.created(shop.name, email) };
}

/** The invitation of a producer whose shop an agent opened (the password link follows in its own mail). */
function producerInvitationMail(o: { to: string; name: string; shop: string; agent: string; publicUrl: string }) {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  const lines = [
    `Bonjour ${o.name},`,
    `${o.agent}, votre agent commercial, a ouvert la boutique « ${o.shop} » pour vous sur Wineriz.`,
    'Vous allez recevoir un second mail avec un lien pour choisir votre mot de passe. Si ce lien a expiré, demandez-en un nouveau depuis « Mot de passe oublié ».',
  ];
  return {
    to: o.to,
    subject: `Votre boutique « ${o.shop} » vous attend sur Wineriz`,
    text: [...lines, '', `${o.publicUrl}/auth/login`].join('\n'),
    html: lines.map((l) => `<p>${esc(l)}</p>`).join('') + `<p><a href="${esc(o.publicUrl)}/auth/login">Se connecter</a></p>`,
  };
}

const TOKEN_ERRORS = { invalid: AUTH_MESSAGES.tokenInvalid, expired: AUTH_MESSAGES.tokenExpired, used: AUTH_MESSAGES.tokenUsed } as const;
/** 400 for an unknown token, 410 for an expired or used one; `reason` lets the page offer a new link. */
export class TokenError extends HttpError {
  constructor(public readonly reason: keyof typeof TOKEN_ERRORS) {
    super(reason === 'invalid' ? 400 : 410, TOKEN_ERRORS[reason], 'token');
  }
}

/** POST /auth/validate: confirms a new account's address, or applies an email change. */
export async function validateEmail(d: AccountsDeps, raw: string): Promise<{ success: true; message: string; email: string }> {
  const res = await consumeAccountToken(d.db, raw, ['validate', 'email']);
  if (!res.ok) throw new TokenError(res.reason);
  const t = res.token;
  if (t.kind === 'email' && t.email) {
    const other = await findUserByEmail(d.db, t.email);
    if (other && other.id !== t.userId) throw emailTaken();
    try {
      await setEmail(d.db, t.userId, t.email);
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }
  await markEmailValidated(d.db, t.userId);
  return { success: true, message: AUTH_MESSAGES.validated, email: (await emailOf(d.db, t.userId)) ?? '' };
}

/** POST /auth/validate/resend: a new link when the account exists and is not validated yet (same answer otherwise). */
export async function resendValidation(d: AccountsDeps, email: string): Promise<void> {
  const user = await findUserByEmail(d.db, email.trim());
  if (!user || user.disabled) return;
  const account = await findUserAccount(d.db, user.id);
  if (!account || account.emailValidatedAt) return;
  await sendAccountMail(d, 'validate', user);
}

/** POST /auth/reset-password: mails a single-use link when the account exists (same answer otherwise). */
export async function requestPasswordReset(d: AccountsDeps, email: string): Promise<void> {
  const user = await findUserByEmail(d.db, email.trim());
  if (!user || user.disabled) return;
  await sendAccountMail(d, 'reset', user);
}

/** POST /auth/reset-password/confirm: new password, every existing session revoked. */
export async function confirmPasswordReset(d: AccountsDeps, raw: string, password: string): Promise<void> {
  const res = await consumeAccountToken(d.db, raw, ['reset']);
  if (!res.ok) throw new TokenError(res.reason);
  await setPasswordAndRevoke(d.db, res.token.userId, await hashPassword(password));
  // Following the emailed link proves the address.
  await markEmailValidated(d.db, res.token.userId);
  // A team invitation (modules/team) is accepted when the invitee sets a password: read by table name (the team
  // module imports this one to send its mails).
  await d.db.execute(sql`update team_invitations set accepted_at = now()
    where lower(email) = (select lower(email) from users where id = ${res.token.userId}) and accepted_at is null and revoked_at is null`);
}

/** PUT /users/me/password: the current password is required; other sessions are revoked, a fresh token is returned. */
export async function changePassword(d: AccountsDeps, a: UserAuthContext, currentPassword: string, password: string) {
  if (!(await verifyPassword(a.user.passwordHash, currentPassword))) {
    throw new HttpError(400, AUTH_MESSAGES.wrongCurrentPassword, 'currentPassword');
  }
  const u = await setPasswordAndRevoke(d.db, a.user.id, await hashPassword(password));
  const token = await d.jwt.sign({
    sub: u.id,
    kind: 'user',
    tv: u.tokenVersion,
    ...(a.claims.mid !== undefined ? { mid: a.claims.mid } : {}),
  });
  return { success: true as const, message: AUTH_MESSAGES.passwordChanged, jwt: token };
}

/** PUT /users/me/email: the password is required; the new address is used once its link is opened. */
export async function changeEmail(d: AccountsDeps, a: UserAuthContext, email: string, password: string) {
  if (!(await verifyPassword(a.user.passwordHash, password))) {
    throw new HttpError(400, AUTH_MESSAGES.wrongCurrentPassword, 'password');
  }
  const newEmail = email.trim();
  const other = await findUserByEmail(d.db, newEmail);
  if (other && other.id !== a.user.id) throw emailTaken();
  if (other && other.id === a.user.id && other.email === newEmail) {
    throw new HttpError(400, 'Cette adresse est déjà celle de votre compte', 'email');
  }
  await sendAccountMail(d, 'email', a.user, newEmail);
  return { success: true as const, message: AUTH_MESSAGES.emailChangeSent };
}

/** The accounts service: sign-up, email validation, password reset, password and email changes. */
export function createAccountsService(d: AccountsDeps) {
  return {
    register: (body: Parameters<typeof register>[1]) => register(d, body),
    validateEmail: (token: string) => validateEmail(d, token),
    resendValidation: (email: string) => resendValidation(d, email),
    requestPasswordReset: (email: string) => requestPasswordReset(d, email),
    confirmPasswordReset: (token: string, password: string) => confirmPasswordReset(d, token, password),
    changePassword: (a: UserAuthContext, currentPassword: string, password: string) => changePassword(d, a, currentPassword, password),
    changeEmail: (a: UserAuthContext, email: string, password: string) => changeEmail(d, a, email, password),
    createShopForProducer: (agent: UserRow, body: Parameters<typeof createShopForProducer>[2]) => createShopForProducer(d, agent, body),
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
