/** The account emails, French or English per the user's language, HTML plus a plain-text part. */
import type { MailMessage } from '../../platform/mail/mailer';

export type Lang = 'fr' | 'en';
export type AccountMailKind = 'validate' | 'reset' | 'email';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TEXTS: Record<
  AccountMailKind,
  Record<Lang, { subject: string; intro: string; action: string; validity: (h: string) => string; ignore: string }>
> = {
  validate: {
    fr: {
      subject: 'Validez votre adresse mail',
      intro: 'Bienvenue sur Wineriz ! Pour activer votre compte, confirmez votre adresse mail en ouvrant ce lien :',
      action: 'Valider mon adresse mail',
      validity: (h) => `Ce lien est valable ${h} et ne peut servir qu'une fois.`,
      ignore: "Si vous n'avez pas créé de compte, ignorez ce message.",
    },
    en: {
      subject: 'Confirm your email address',
      intro: 'Welcome to Wineriz! To activate your account, confirm your email address by opening this link:',
      action: 'Confirm my email address',
      validity: (h) => `This link is valid for ${h} and can be used once.`,
      ignore: 'If you did not create an account, ignore this message.',
    },
  },
  email: {
    fr: {
      subject: 'Confirmez votre nouvelle adresse mail',
      intro: 'Vous avez demandé à utiliser cette adresse pour votre compte Wineriz. Confirmez-la en ouvrant ce lien :',
      action: 'Confirmer ma nouvelle adresse',
      validity: (h) => `Ce lien est valable ${h} et ne peut servir qu'une fois.`,
      ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre adresse actuelle reste inchangée.",
    },
    en: {
      subject: 'Confirm your new email address',
      intro: 'You asked to use this address for your Wineriz account. Confirm it by opening this link:',
      action: 'Confirm my new address',
      validity: (h) => `This link is valid for ${h} and can be used once.`,
      ignore: 'If you did not ask for this, ignore this message: your current address stays unchanged.',
    },
  },
  reset: {
    fr: {
      subject: 'Réinitialisation de votre mot de passe',
      intro:
        'Une demande de réinitialisation du mot de passe de votre compte Wineriz a été faite. Pour choisir un nouveau mot de passe, ouvrez ce lien :',
      action: 'Choisir un nouveau mot de passe',
      validity: (h) => `Ce lien est valable ${h} et ne peut servir qu'une fois.`,
      ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    },
    en: {
      subject: 'Reset your password',
      intro: 'Someone asked to reset the password of your Wineriz account. To choose a new password, open this link:',
      action: 'Choose a new password',
      validity: (h) => `This link is valid for ${h} and can be used once.`,
      ignore: 'If you did not ask for this, ignore this message: your password stays unchanged.',
    },
  },
};

export function durationText(seconds: number, lang: Lang): string {
  const hours = seconds / 3600;
  if (hours >= 24 && Number.isInteger(hours / 24)) {
    const d = hours / 24;
    return lang === 'fr' ? `${d} jour${d > 1 ? 's' : ''}` : `${d} day${d > 1 ? 's' : ''}`;
  }
  if (hours >= 1 && Number.isInteger(hours))
    return lang === 'fr' ? `${hours} heure${hours > 1 ? 's' : ''}` : `${hours} hour${hours > 1 ? 's' : ''}`;
  const m = Math.max(1, Math.round(seconds / 60));
  return lang === 'fr' ? `${m} minute${m > 1 ? 's' : ''}` : `${m} minute${m > 1 ? 's' : ''}`;
}

export function accountMail(
  kind: AccountMailKind,
  opts: { to: string; name: string; link: string; lang: Lang; ttlSeconds: number },
): MailMessage {
  const t = TEXTS[kind][opts.lang];
  const hello = opts.lang === 'fr' ? `Bonjour ${opts.name},` : `Hello ${opts.name},`;
  const validity = t.validity(durationText(opts.ttlSeconds, opts.lang));
  const text = [hello, '', t.intro, opts.link, '', validity, t.ignore, '', '— Wineriz'].join('\n');
  const html =
    `<!doctype html><html lang="${opts.lang}"><body style="font-family:Arial,sans-serif;color:#222;line-height:1.5">` +
    `<p>${escapeHtml(hello)}</p><p>${escapeHtml(t.intro)}</p>` +
    `<p><a href="${escapeHtml(opts.link)}" style="display:inline-block;background:#7b1e3a;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(t.action)}</a></p>` +
    `<p style="font-size:13px;color:#555">${escapeHtml(opts.link)}</p>` +
    `<p style="font-size:13px;color:#555">${escapeHtml(validity)}<br>${escapeHtml(t.ignore)}</p><p>— Wineriz</p></body></html>`;
  return { to: opts.to, subject: t.subject, text, html };
}
