import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'shared-kernel/router';
import { Alert, Button, Input, PasswordInput } from '../common/ui';
import { ApiError } from 'shared-kernel/runtime';
import { needed } from 'shared-kernel/validation/light';
import { serverText, useTexts } from '../texts';
import { useTexts as useLoginTexts } from './texts';
import { login } from './api';
import { afterLoginPath, completeLogin, loginBody } from './login-flow';

type Field = 'identifier' | 'password';

/**
 * The two fields' state, as react-hook-form's 'onTouched' mode did it (the other auth screens still use it; the
 * sign-in page, a public entry point opened on phones, does without its 12 KB): a field's §5 message shows once it
 * has been left or a submit was tried, and follows what is typed from then on.
 */
function useLoginFields() {
  const [values, setValues] = useState<Record<Field, string>>({ identifier: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ identifier: false, password: false });
  const errorOf = (f: Field) => {
    if (!touched[f]) return undefined;
    const r = needed(values[f]);
    return r === true ? undefined : r;
  };
  const bind = (f: Field) => ({
    name: f,
    value: values[f],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value })),
    onBlur: () => setTouched((t) => (t[f] ? t : { ...t, [f]: true })),
  });
  const touchAll = () => setTouched({ identifier: true, password: true });
  const valid = needed(values.identifier) === true && needed(values.password) === true;
  return { values, bind, errorOf, touchAll, valid };
}

/** /auth/login — username or email and password; keeps a safe redirectLink and the shop `id` query. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const t = useTexts();
  const l = useLoginTexts();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { values, bind, errorOf, touchAll, valid } = useLoginFields();
  const { identifier, password } = values;
  const shopId = params.get('id');
  const registerLink = `/auth/register${shopId ? `?id=${encodeURIComponent(shopId)}` : ''}`;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    touchAll();
    if (!valid || submitting) return;
    setError(null);
    setSubmitting(true);
    try {
      const resp = await login(loginBody(values.identifier, values.password));
      await completeLogin(resp);
      navigate(afterLoginPath(resp, params.get('redirectLink')), { replace: true });
      // Login is allowed before the address is validated; say so once, over the page the user lands on.
      // the reminder (and its texts) is loaded only for an account whose email is not validated yet
      if (resp.user?.emailValidated === false) {
        const user = resp.user;
        void import('../common/UnvalidatedEmail').then((m) => m.remindUnvalidatedEmail(user, t.lang));
      }
    } catch (err) {
      setError(err instanceof ApiError ? serverText(err.message, t.lang) : t.common.error);
    } finally {
      setSubmitting(false);
    }
  };
  const identifierError = errorOf('identifier');
  const passwordError = errorOf('password');

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="login-title" style={{ display: 'grid', gap: 16, maxWidth: 380, width: '100%' }}>
      <h1 id="login-title" style={{ fontSize: 26, margin: 0 }}>
        {l.title}
      </h1>
      {error && <Alert type="error" title={error} role="alert" />}
      <label style={{ display: 'grid', gap: 4 }}>
        <span>{l.identifier}</span>
        <Input {...bind('identifier')} autoComplete="username" invalid={!!identifierError} />
        {identifierError && (
          <span role="alert" style={{ color: '#d4380d', fontSize: 13 }}>
            {identifierError}
          </span>
        )}
      </label>
      <label style={{ display: 'grid', gap: 4 }}>
        <span>{t.common.password}</span>
        <PasswordInput {...bind('password')} autoComplete="current-password" invalid={!!passwordError} />
        {passwordError && (
          <span role="alert" style={{ color: '#d4380d', fontSize: 13 }}>
            {passwordError}
          </span>
        )}
      </label>
      <Button variant="primary" htmlType="submit" size="large" loading={submitting} disabled={!identifier.trim() || !password}>
        {l.submit}
      </Button>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '8px 16px', fontSize: 14 }}>
        <Link to="/auth/resetpwd">{l.forgot}</Link>
        <Link to={registerLink}>{l.register}</Link>
      </div>
    </form>
  );
}
