import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'shared-kernel/router';
import { Alert, Spin } from '../common/ui';
import { AUTH_MESSAGES } from 'shared-kernel/contracts';
import { ApiError, getSession } from 'shared-kernel/runtime';
import { formStyle, titleStyle } from '../common/fields';
import { serverText, useTexts } from '../texts';
import { confirmEmail, fetchMe } from './api';
import { useTexts as useValidateTexts } from './texts';
import { EmailLinkForm } from './ResendForm';

type State = { kind: 'loading' } | { kind: 'ok'; message: string } | { kind: 'error'; message: string } | { kind: 'missing' };

/** Someone logged in on this browser: refresh their user (emailValidated, a new address) so the banners go. */
async function refreshSessionUser(): Promise<void> {
  if (!getSession().user) return;
  try {
    getSession().setUser(await fetchMe());
  } catch {
    /* another account or an expired session: nothing to refresh */
  }
}

/** /auth/validate?token= — confirms the address; an expired, used or unknown link offers a new one. */
export default function ValidatePage() {
  const [params] = useSearchParams();
  const t = useTexts();
  const v = useValidateTexts();
  const token = params.get('token');
  const [state, setState] = useState<State>(token ? { kind: 'loading' } : { kind: 'missing' });
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!token || started.current === token) return; // the token is single-use: post it once (StrictMode runs effects twice)
    started.current = token;
    confirmEmail(token)
      .then((r) => {
        setState({ kind: 'ok', message: r.message });
        void refreshSessionUser();
      })
      .catch((err) => setState({ kind: 'error', message: err instanceof ApiError ? err.message : t.common.error }));
  }, [token, t.common.error]);

  return (
    <section style={formStyle} aria-labelledby="validate-title" aria-busy={state.kind === 'loading'}>
      <h1 id="validate-title" style={titleStyle}>
        {v.title}
      </h1>
      {state.kind === 'loading' && (
        <div role="status">
          <Spin /> <span style={{ marginLeft: 8 }}>{v.loading}</span>
        </div>
      )}
      {state.kind === 'ok' && (
        <>
          <Alert type="success" title={serverText(state.message, t.lang)} role="status" />
          <Link to="/auth/login">{t.common.signIn}</Link>
        </>
      )}
      {(state.kind === 'error' || state.kind === 'missing') && (
        <>
          <Alert
            type="error"
            role="alert"
            title={serverText(state.kind === 'missing' ? AUTH_MESSAGES.tokenInvalid : state.message, t.lang)}
          />
          <p style={{ margin: 0 }}>{v.askNew}</p>
          <EmailLinkForm endpoint="/auth/validate/resend" button={t.common.resendLink} />
        </>
      )}
    </section>
  );
}
