import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Card } from 'antd';
import type { User } from 'shared-kernel/contracts';
import { api, ApiError, useSession } from 'shared-kernel/runtime';
import { email, needed, password, username } from 'shared-kernel/validation';
import { NotYetAvailable } from 'shared-kernel/remote';
import { TextField } from '../common/fields';
import { PASSWORDS_DIFFER } from '../register/RegisterPage';

/** Settings sections (spec §2 settings?link=…) with their French titles. */
export const SETTINGS_SECTIONS: Array<{ link: string; title: string }> = [
  { link: 'account', title: 'Mon compte' },
  { link: 'infos', title: 'Informations' },
  { link: 'typos', title: 'Typologies' },
  { link: 'crm', title: 'CRM' },
  { link: 'products', title: 'Produits' },
  { link: 'billing', title: 'Facturation' },
  { link: 'delivery', title: 'Livraison' },
  { link: 'roles', title: 'Rôles' },
  { link: 'accounting', title: 'Comptabilité' },
  { link: 'campaigns', title: 'Campagnes' },
  { link: 'matchGrids', title: 'Grilles de correspondance' },
  { link: 'iframes', title: 'Iframes' },
  { link: 'integrations', title: 'Intégrations' },
  { link: 'promotions', title: 'Promotions' },
  { link: 'documents', title: 'Documents' },
];

function InlineError({ message }: { message: string | null }) {
  return message ? <Alert type="error" showIcon title={message} role="alert" /> : null;
}

function NameForm({ user }: { user: User }) {
  const setUser = useSession((s) => s.setUser);
  const { control, handleSubmit, watch, formState } = useForm({ defaultValues: { firstname: user.firstname ?? '', lastname: user.lastname ?? '' }, mode: 'onTouched' });
  const [f, l] = watch(['firstname', 'lastname']);
  const onSubmit = handleSubmit(async (v) => {
    try {
      const updated = await api.put<User & { message?: string }>('/users/me', { firstname: v.firstname.trim(), lastname: v.lastname.trim() });
      const { message: _m, ...u } = updated;
      setUser(u as User);
    } catch { /* shown as snackbar */ }
  });
  return (
    <Card title="Nom" size="small">
      <form onSubmit={onSubmit} noValidate style={{ display: 'grid', gap: 12 }}>
        <TextField control={control} name="firstname" label="Prénom" validate={username} autoComplete="given-name" />
        <TextField control={control} name="lastname" label="Nom" validate={username} autoComplete="family-name" />
        <Button type="primary" htmlType="submit" loading={formState.isSubmitting} disabled={!f.trim() || !l.trim()}>Enregistrer</Button>
      </form>
    </Card>
  );
}

function EmailForm({ user }: { user: User }) {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, watch, formState, reset } = useForm({ defaultValues: { email: '', password: '' }, mode: 'onTouched' });
  const [e, p] = watch(['email', 'password']);
  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    try {
      const r = await api.put<{ message: string }>('/users/me/email', { email: v.email.trim(), password: v.password }, { silent: true });
      setSent(r.message);
      reset();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Une erreur est survenue');
    }
  });
  return (
    <Card title="Adresse mail" size="small">
      <p style={{ marginTop: 0 }}>Adresse actuelle : <strong>{user.email}</strong></p>
      {sent && <Alert type="success" showIcon title={sent} role="status" style={{ marginBottom: 12 }} />}
      <form onSubmit={onSubmit} noValidate style={{ display: 'grid', gap: 12 }}>
        <InlineError message={error} />
        <TextField control={control} name="email" label="Nouvelle adresse mail" type="email" validate={email} autoComplete="email" />
        <TextField control={control} name="password" label="Mot de passe actuel" password validate={needed} autoComplete="current-password" />
        <Button type="primary" htmlType="submit" loading={formState.isSubmitting} disabled={!e.trim() || !p}>Changer d'adresse</Button>
      </form>
    </Card>
  );
}

function PasswordForm() {
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, watch, formState, reset } = useForm({ defaultValues: { currentPassword: '', password: '', confirm: '' }, mode: 'onTouched' });
  const [c, p, k] = watch(['currentPassword', 'password', 'confirm']);
  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    try {
      const r = await api.put<{ message: string; jwt: string }>('/users/me/password', { currentPassword: v.currentPassword, password: v.password }, { silent: true });
      // Other sessions are revoked: keep this one with the fresh token.
      useSession.setState({ jwt: r.jwt });
      setDone(r.message);
      reset();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Une erreur est survenue');
    }
  });
  return (
    <Card title="Mot de passe" size="small">
      {done && <Alert type="success" showIcon title={done} role="status" style={{ marginBottom: 12 }} />}
      <form onSubmit={onSubmit} noValidate style={{ display: 'grid', gap: 12 }}>
        <InlineError message={error} />
        <TextField control={control} name="currentPassword" label="Mot de passe actuel" password validate={needed} autoComplete="current-password" />
        <TextField control={control} name="password" label="Nouveau mot de passe" password validate={password} autoComplete="new-password" />
        <TextField control={control} name="confirm" label="Confirmation du mot de passe" password autoComplete="new-password" validate={(v) => (v === p ? true : PASSWORDS_DIFFER)} />
        <Button type="primary" htmlType="submit" loading={formState.isSubmitting} disabled={!c || !p || !k}>Changer le mot de passe</Button>
      </form>
    </Card>
  );
}

/** /dashboard/settings?link=<section>: the 'account' section is built; the others say they are not available yet. */
export default function SettingsPage() {
  const [params] = useSearchParams();
  const link = params.get('link');
  const user = useSession((s) => s.user);
  // Shop sections belong to the shop's team; buyers and agents only have their account.
  const sections = user && (user.role === 'owner' || user.role === 'iam') ? SETTINGS_SECTIONS : SETTINGS_SECTIONS.filter((s) => s.link === 'account');
  const section = sections.find((s) => s.link === link);
  return (
    <div style={{ display: 'grid', gap: 16, padding: 16, maxWidth: 1100 }}>
      <h1 style={{ fontSize: 24, margin: 0 }}>Paramètres{section ? ` — ${section.title}` : ''}</h1>
      <nav aria-label="Sections des paramètres" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {sections.map((s) => (
          <Link
            key={s.link}
            to={`/dashboard/settings?link=${s.link}`}
            aria-current={s.link === link ? 'page' : undefined}
            style={{ padding: '4px 10px', borderRadius: 16, border: '1px solid #d9d9d9', fontWeight: s.link === link ? 600 : 400, background: s.link === link ? '#f5e9ed' : undefined }}
          >
            {s.title}
          </Link>
        ))}
      </nav>
      {!section && <p style={{ margin: 0, color: '#555' }}>Choisissez une section.</p>}
      {section && section.link !== 'account' && <NotYetAvailable title={section.title} />}
      {section?.link === 'account' && user && (
        <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', alignItems: 'start' }}>
          <NameForm user={user} />
          <EmailForm user={user} />
          <PasswordForm />
        </div>
      )}
    </div>
  );
}
