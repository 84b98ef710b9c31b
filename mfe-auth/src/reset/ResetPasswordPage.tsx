import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'shared-kernel/router';
import { Alert, Button } from '../common/ui';
import { AUTH_MESSAGES } from 'shared-kernel/contracts';
import { ApiError } from 'shared-kernel/runtime';
import { password } from 'shared-kernel/validation';
import { formStyle, TextField, titleStyle, withShopId } from '../common/fields';
import { EmailLinkForm } from '../validate/ResendForm';
import { serverText, useTexts } from '../texts';
import { confirmPasswordReset } from './api';
import { useTexts as useResetTexts } from './texts';

const LINK_ERRORS: string[] = [AUTH_MESSAGES.tokenInvalid, AUTH_MESSAGES.tokenExpired, AUTH_MESSAGES.tokenUsed];

/** The new-password form of an emailed reset link. */
function NewPasswordForm({ token }: { token: string }) {
  const t = useTexts();
  const rt = useResetTexts();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const { control, handleSubmit, watch, formState } = useForm<{ password: string; confirm: string }>({
    defaultValues: { password: '', confirm: '' },
    mode: 'onTouched',
  });
  const [pwd, confirm] = watch(['password', 'confirm']);
  const onSubmit = handleSubmit(async (v) => {
    try {
      const r = await confirmPasswordReset(token, v.password);
      setResult({ ok: true, message: r.message });
    } catch (err) {
      setResult({ ok: false, message: err instanceof ApiError ? err.message : t.common.error });
    }
  });
  if (result?.ok) {
    return (
      <>
        <Alert type="success" title={serverText(result.message, t.lang)} role="status" />
        <Link to="/auth/login">{t.common.signIn}</Link>
      </>
    );
  }
  const linkError = result && !result.ok && (LINK_ERRORS.includes(result.message) || /lien/.test(result.message));
  return (
    <>
      {result && <Alert type="error" title={serverText(result.message, t.lang)} role="alert" />}
      {linkError ? (
        <>
          <p style={{ margin: 0 }}>{rt.askNew}</p>
          <EmailLinkForm endpoint="/auth/reset-password" button={t.common.sendLink} captcha />
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate style={{ display: 'grid', gap: 16 }}>
          <TextField
            control={control}
            name="password"
            label={t.common.newPassword}
            password
            validate={password}
            autoComplete="new-password"
          />
          <TextField
            control={control}
            name="confirm"
            label={t.common.confirm}
            password
            autoComplete="new-password"
            validate={(v) => (v === pwd ? true : t.common.passwordsDiffer)}
          />
          <Button variant="primary" htmlType="submit" size="large" loading={formState.isSubmitting} disabled={!pwd || !confirm}>
            {rt.savePassword}
          </Button>
        </form>
      )}
    </>
  );
}

/** /auth/resetpwd — asks for the email (with the configured captcha); with ?token= sets the new password. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const t = useTexts();
  const rt = useResetTexts();
  const token = params.get('token');
  return (
    <section style={formStyle} aria-labelledby="reset-title">
      <h1 id="reset-title" style={titleStyle}>
        {rt.title}
      </h1>
      {token ? (
        <NewPasswordForm token={token} />
      ) : (
        <>
          <p style={{ margin: 0, color: '#555' }}>{rt.intro}</p>
          <EmailLinkForm endpoint="/auth/reset-password" button={t.common.sendLink} captcha />
        </>
      )}
      <Link to={withShopId('/auth/login', params.get('id'))}>{t.common.backToLogin}</Link>
    </section>
  );
}
