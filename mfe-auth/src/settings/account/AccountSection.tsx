// /dashboard/settings?link=account, every signed-in user: their name, their email address (a validation mail is sent
// to the new one) and their password (the other sessions are closed, this one keeps a fresh token).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Card } from 'antd';
import type { User } from 'shared-kernel/contracts';
import { ApiError, useSession } from 'shared-kernel/runtime';
import { email, needed, password, username } from 'shared-kernel/validation';
import { TextField } from '../../common/fields';
import { serverText, useTexts } from '../../texts';
import { useTexts as useSettingsTexts } from '../texts';
import { changeEmail, changePassword, updateName } from './api';

function InlineError({ message }: { message: string | null }) {
  return message ? <Alert type="error" showIcon title={message} role="alert" /> : null;
}

function NameForm({ user }: { user: User }) {
  const t = useTexts();
  const s$ = useSettingsTexts();
  const setUser = useSession((s) => s.setUser);
  const { control, handleSubmit, watch, formState } = useForm({
    defaultValues: { firstname: user.firstname ?? '', lastname: user.lastname ?? '' },
    mode: 'onTouched',
  });
  const [f, l] = watch(['firstname', 'lastname']);
  const onSubmit = handleSubmit(async (v) => {
    try {
      const updated = await updateName({ firstname: v.firstname.trim(), lastname: v.lastname.trim() });
      const { message: _m, ...u } = updated;
      setUser(u as User);
    } catch {
      /* shown as snackbar */
    }
  });
  return (
    <Card title={s$.nameCard} size="small">
      <form onSubmit={onSubmit} noValidate style={{ display: 'grid', gap: 12 }}>
        <TextField control={control} name="firstname" label={t.common.firstname} validate={username} autoComplete="given-name" />
        <TextField control={control} name="lastname" label={t.common.lastname} validate={username} autoComplete="family-name" />
        <Button type="primary" htmlType="submit" loading={formState.isSubmitting} disabled={!f.trim() || !l.trim()}>
          {t.common.save}
        </Button>
      </form>
    </Card>
  );
}

function EmailForm({ user }: { user: User }) {
  const t = useTexts();
  const s$ = useSettingsTexts();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, watch, formState, reset } = useForm({ defaultValues: { email: '', password: '' }, mode: 'onTouched' });
  const [e, p] = watch(['email', 'password']);
  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    try {
      const r = await changeEmail({ email: v.email.trim(), password: v.password });
      setSent(r.message);
      reset();
    } catch (err) {
      setError(err instanceof ApiError ? serverText(err.message, t.lang) : t.common.error);
    }
  });
  return (
    <Card title={s$.emailCard} size="small">
      <p style={{ marginTop: 0 }}>
        {s$.currentEmail} <strong>{user.email}</strong>
      </p>
      {sent && <Alert type="success" showIcon title={serverText(sent, t.lang)} role="status" style={{ marginBottom: 12 }} />}
      <form onSubmit={onSubmit} noValidate style={{ display: 'grid', gap: 12 }}>
        <InlineError message={error} />
        <TextField control={control} name="email" label={s$.newEmail} type="email" validate={email} autoComplete="email" />
        <TextField
          control={control}
          name="password"
          label={t.common.currentPassword}
          password
          validate={needed}
          autoComplete="current-password"
        />
        <Button type="primary" htmlType="submit" loading={formState.isSubmitting} disabled={!e.trim() || !p}>
          {s$.changeEmail}
        </Button>
      </form>
    </Card>
  );
}

function PasswordForm() {
  const t = useTexts();
  const s$ = useSettingsTexts();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, watch, formState, reset } = useForm({
    defaultValues: { currentPassword: '', password: '', confirm: '' },
    mode: 'onTouched',
  });
  const [c, p, k] = watch(['currentPassword', 'password', 'confirm']);
  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    try {
      const r = await changePassword({ currentPassword: v.currentPassword, password: v.password });
      // Other sessions are revoked: keep this one with the fresh token.
      useSession.setState({ jwt: r.jwt });
      setDone(r.message);
      reset();
    } catch (err) {
      setError(err instanceof ApiError ? serverText(err.message, t.lang) : t.common.error);
    }
  });
  return (
    <Card title={s$.passwordCard} size="small">
      {done && <Alert type="success" showIcon title={serverText(done, t.lang)} role="status" style={{ marginBottom: 12 }} />}
      <form onSubmit={onSubmit} noValidate style={{ display: 'grid', gap: 12 }}>
        <InlineError message={error} />
        <TextField
          control={control}
          name="currentPassword"
          label={t.common.currentPassword}
          password
          validate={needed}
          autoComplete="current-password"
        />
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
          validate={(v) => (v === p ? true : t.common.passwordsDiffer)}
        />
        <Button type="primary" htmlType="submit" loading={formState.isSubmitting} disabled={!c || !p || !k}>
          {s$.changePassword}
        </Button>
      </form>
    </Card>
  );
}

/** Settings section `account`. */
export function AccountSection() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', alignItems: 'start' }}>
      <NameForm user={user} />
      <EmailForm user={user} />
      <PasswordForm />
    </div>
  );
}
