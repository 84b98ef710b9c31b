import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button } from 'antd';
import { api, ApiError } from 'shared-kernel/runtime';
import { password } from 'shared-kernel/validation';
import { formStyle, TextField, titleStyle, withShopId } from '../common/fields';
import { EmailLinkForm } from '../validate/ResendForm';
import { PASSWORDS_DIFFER } from '../register/RegisterPage';

/** The new-password form of an emailed reset link. */
function NewPasswordForm({ token }: { token: string }) {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const { control, handleSubmit, watch, formState } = useForm<{ password: string; confirm: string }>({
    defaultValues: { password: '', confirm: '' }, mode: 'onTouched',
  });
  const [pwd, confirm] = watch(['password', 'confirm']);
  const onSubmit = handleSubmit(async (v) => {
    try {
      const r = await api.post<{ message: string }>('/auth/reset-password/confirm', { token, password: v.password }, { silent: true });
      setResult({ ok: true, message: r.message });
    } catch (err) {
      setResult({ ok: false, message: err instanceof ApiError ? err.message : 'Une erreur est survenue' });
    }
  });
  if (result?.ok) {
    return (
      <>
        <Alert type="success" showIcon title={result.message} role="status" />
        <Link to="/auth/login">Se connecter</Link>
      </>
    );
  }
  const expired = result && !result.ok && /lien/.test(result.message);
  return (
    <>
      {result && <Alert type="error" showIcon title={result.message} role="alert" />}
      {expired ? (
        <>
          <p style={{ margin: 0 }}>Recevez un nouveau lien :</p>
          <EmailLinkForm endpoint="/auth/reset-password" button="Envoyer le lien" />
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate style={{ display: 'grid', gap: 16 }}>
          <TextField control={control} name="password" label="Nouveau mot de passe" password validate={password} autoComplete="new-password" />
          <TextField
            control={control} name="confirm" label="Confirmation du mot de passe" password autoComplete="new-password"
            validate={(v) => (v === pwd ? true : PASSWORDS_DIFFER)}
          />
          <Button type="primary" htmlType="submit" size="large" loading={formState.isSubmitting} disabled={!pwd || !confirm}>
            Enregistrer le mot de passe
          </Button>
        </form>
      )}
    </>
  );
}

/** /auth/resetpwd — asks for the email; with ?token= sets the new password. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <section style={formStyle} aria-labelledby="reset-title">
      <h1 id="reset-title" style={titleStyle}>Mot de passe oublié</h1>
      {token ? <NewPasswordForm token={token} /> : (
        <>
          <p style={{ margin: 0, color: '#555' }}>Saisissez l'adresse mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.</p>
          <EmailLinkForm endpoint="/auth/reset-password" button="Envoyer le lien" />
        </>
      )}
      <Link to={withShopId('/auth/login', params.get('id'))}>Retour à la connexion</Link>
    </section>
  );
}
