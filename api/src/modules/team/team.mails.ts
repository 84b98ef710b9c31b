/** The team mails (French: the back office is French-first), queued in the caller's transaction. */
import type { MailMessage } from '../../platform/mail/mailer';
import type { TeamKind } from './team.tables';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const ROLE: Record<TeamKind, string> = { iam: 'collaborateur', agent: 'agent commercial' };

function message(to: string, subject: string, paragraphs: string[], link: { href: string; label: string }): MailMessage {
  const text = [...paragraphs, `${link.label} : ${link.href}`].join('\n\n');
  const html =
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#7b1e3a;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(link.label)}</a></p>`;
  return { to, subject, text, html };
}

/** An existing account was attached to the shop: a notice with a link to sign in. */
export function attachedMail(o: { to: string; name: string; shop: string; kind: TeamKind; publicUrl: string }): MailMessage {
  return message(
    o.to,
    `Vous avez rejoint l'équipe de ${o.shop}`,
    [
      `Bonjour ${o.name},`,
      `Vous avez été ajouté(e) comme ${ROLE[o.kind]} de « ${o.shop} ». Connectez-vous avec votre compte habituel pour y accéder.`,
    ],
    { href: `${o.publicUrl}/auth/login`, label: 'Me connecter' },
  );
}

/** A new account was created for the invitee: the password link comes in a second mail (the password-reset one). */
export function invitationMail(o: { to: string; name: string; shop: string; kind: TeamKind; publicUrl: string }): MailMessage {
  return message(
    o.to,
    `Invitation à rejoindre l'équipe de ${o.shop}`,
    [
      `Bonjour ${o.name},`,
      `Vous êtes invité(e) comme ${ROLE[o.kind]} de « ${o.shop} ». Un compte a été créé pour vous avec cette adresse mail.`,
      'Vous allez recevoir un second mail avec un lien pour choisir votre mot de passe. Si ce lien a expiré, demandez-en un nouveau depuis « Mot de passe oublié ».',
    ],
    { href: `${o.publicUrl}/auth/resetpwd`, label: 'Choisir mon mot de passe' },
  );
}
