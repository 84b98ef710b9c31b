import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'shared-kernel/router';
import { Alert, Button, Input, PasswordInput } from '../common/ui';
import type { LoginResponse } from 'shared-kernel/contracts';
import { api, ApiError } from 'shared-kernel/runtime';
import { needed } from 'shared-kernel/validation/light';
import { remindUnvalidatedEmail } from '../common/UnvalidatedEmail';
import { serverText, useTexts } from '../texts';
import { afterLoginPath, completeLogin, loginBody } from './login-flow';

interface LoginForm {
  identifier: string;
  password: string;
}

/** /auth/login — username or email and password; keeps a safe redirectLink and the shop `id` query. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const t = useTexts();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, watch, formState } = useForm<LoginForm>({
    defaultValues: { identifier: '', password: '' },
    mode: 'onTouched',
  });
  const identifier = watch('identifier');
  const password = watch('password');
  const shopId = params.get('id');
  const registerLink = `/auth/register${shopId ? `?id=${encodeURIComponent(shopId)}` : ''}`;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      // silent: the error is shown inline next to the form rather than as a snackbar
      const resp = await api.post<LoginResponse>('/auth/login', loginBody(values.identifier, values.password), { silent: true });
      await completeLogin(resp);
      navigate(afterLoginPath(resp, params.get('redirectLink')), { replace: true });
      // Login is allowed before the address is validated; say so once, over the page the user lands on.
      if (resp.user) remindUnvalidatedEmail(resp.user, t.lang);
    } catch (err) {
      setError(err instanceof ApiError ? serverText(err.message, t.lang) : t.common.error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="login-title" style={{ display: 'grid', gap: 16, maxWidth: 380, width: '100%' }}>
      <h1 id="login-title" style={{ fontSize: 26, margin: 0 }}>{t.login.title}</h1>
      {error && <Alert type="error" title={error} role="alert" />}
      <Controller
        name="identifier"
        control={control}
        rules={{ validate: needed }}
        render={({ field, fieldState }) => (
          <label style={{ display: 'grid', gap: 4 }}>
            <span>{t.login.identifier}</span>
            <Input {...field} autoComplete="username" invalid={!!fieldState.error} />
            {fieldState.error && <span role="alert" style={{ color: '#d4380d', fontSize: 13 }}>{fieldState.error.message}</span>}
          </label>
        )}
      />
      <Controller
        name="password"
        control={control}
        rules={{ validate: needed }}
        render={({ field, fieldState }) => (
          <label style={{ display: 'grid', gap: 4 }}>
            <span>{t.common.password}</span>
            <PasswordInput {...field} autoComplete="current-password" invalid={!!fieldState.error} />
            {fieldState.error && <span role="alert" style={{ color: '#d4380d', fontSize: 13 }}>{fieldState.error.message}</span>}
          </label>
        )}
      />
      <Button variant="primary" htmlType="submit" size="large" loading={formState.isSubmitting} disabled={!identifier.trim() || !password}>
        {t.login.submit}
      </Button>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '8px 16px', fontSize: 14 }}>
        <Link to="/auth/resetpwd">{t.login.forgot}</Link>
        <Link to={registerLink}>{t.login.register}</Link>
      </div>
    </form>
  );
}
