import { useState } from 'react';
import { Alert, Button } from './ui';
import type { User } from 'shared-kernel/contracts';
import type { Language } from 'shared-kernel/i18n';
import { ApiError, confirmPopup, notify } from 'shared-kernel/runtime';
import { serverText, textsFor, useTexts } from '../texts';
import { resendValidationEmail } from '../validate/api';

const DISMISS_KEY = 'wz-email-reminder-dismissed';

/** The reminder was closed for this user during this browser session. */
function dismissedFor(userId: number): boolean {
  try {
    return sessionStorage.getItem(DISMISS_KEY) === String(userId);
  } catch {
    return false;
  }
}
function dismiss(userId: number): void {
  try {
    sessionStorage.setItem(DISMISS_KEY, String(userId));
  } catch {
    /* private mode: closed for this page only */
  }
}

/** POST /v1/auth/validate/resend for the logged-in user's address: the api's answer, in the visitor's language. */
async function resend(email: string, lang: Language): Promise<{ ok: boolean; message: string }> {
  try {
    const r = await resendValidationEmail(email);
    return { ok: true, message: serverText(r.message, lang) };
  } catch (err) {
    return { ok: false, message: err instanceof ApiError ? serverText(err.message, lang) : textsFor(lang).common.error };
  }
}

/**
 * Login stays allowed before the address is validated (the spec does not block it): this dismissable
 * banner says so, with 'Renvoyer le lien'. Shown on the account settings for a user whose
 * `emailValidated` is false.
 */
export function UnvalidatedEmailBanner({ user }: { user: User }) {
  const t = useTexts();
  const [closed, setClosed] = useState(() => dismissedFor(user.id));
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  if (user.emailValidated !== false || closed) return null;
  const onResend = async () => {
    setSending(true);
    setResult(await resend(user.email, t.lang));
    setSending(false);
  };
  return (
    <Alert
      type="warning"
      role="status"
      closeLabel={t.common.close}
      onClose={() => {
        dismiss(user.id);
        setClosed(true);
      }}
      title={t.unvalidated.title}
      description={
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 12px' }}>
          {result ? (
            <span role={result.ok ? undefined : 'alert'}>{result.message}</span>
          ) : (
            <>
              <span>{t.unvalidated.text(user.email)}</span>
              <Button size="small" onClick={() => void onResend()} loading={sending}>
                {t.unvalidated.resend}
              </Button>
            </>
          )}
        </div>
      }
    />
  );
}

/**
 * Right after a login of an account whose address is not validated: the shell's global popup (it stays
 * over the page the user lands on, which belongs to another module), dismissable with 'Fermer',
 * with 'Renvoyer le lien'.
 */
export function remindUnvalidatedEmail(user: User, lang: Language): void {
  if (user.emailValidated !== false) return;
  const t = textsFor(lang);
  void confirmPopup({
    title: t.unvalidated.title,
    content: t.unvalidated.text(user.email),
    okText: t.unvalidated.resend,
    cancelText: t.common.close,
    small: true,
    onOk: async () => {
      const r = await resend(user.email, lang);
      if (r.ok) notify.success(r.message);
      else notify.error(r.message);
    },
  });
}
