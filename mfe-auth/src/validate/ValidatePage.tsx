import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Spin } from 'antd';
import { api, ApiError } from 'shared-kernel/runtime';
import { formStyle, titleStyle } from '../common/fields';
import { EmailLinkForm } from './ResendForm';

type State = { kind: 'loading' } | { kind: 'ok'; message: string } | { kind: 'error'; message: string } | { kind: 'missing' };

/** /auth/validate?token= — confirms the address; an expired, used or unknown link offers a new one. */
export default function ValidatePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>(token ? { kind: 'loading' } : { kind: 'missing' });
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!token || started.current === token) return; // the token is single-use: post it once (StrictMode runs effects twice)
    started.current = token;
    api.post<{ message: string }>('/auth/validate', { token }, { silent: true })
      .then((r) => setState({ kind: 'ok', message: r.message }))
      .catch((err) => setState({ kind: 'error', message: err instanceof ApiError ? err.message : 'Une erreur est survenue' }));
  }, [token]);

  return (
    <section style={formStyle} aria-labelledby="validate-title" aria-busy={state.kind === 'loading'}>
      <h1 id="validate-title" style={titleStyle}>Validation du compte</h1>
      {state.kind === 'loading' && <div role="status"><Spin /> <span style={{ marginLeft: 8 }}>Validation en cours…</span></div>}
      {state.kind === 'ok' && (
        <>
          <Alert type="success" showIcon title={state.message} role="status" />
          <Link to="/auth/login">Se connecter</Link>
        </>
      )}
      {(state.kind === 'error' || state.kind === 'missing') && (
        <>
          <Alert type="error" showIcon role="alert" title={state.kind === 'missing' ? "Ce lien n'est pas valide." : state.message} />
          <p style={{ margin: 0 }}>Recevez un nouveau lien de validation :</p>
          <EmailLinkForm endpoint="/auth/validate/resend" button="Renvoyer le lien" />
        </>
      )}
    </section>
  );
}
