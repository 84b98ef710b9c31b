import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'shared-kernel/router';
import { Alert, Button, Card } from 'antd';
import type { User } from 'shared-kernel/contracts';
import { api, ApiError, useSession } from 'shared-kernel/runtime';
import { email, needed, password, username } from 'shared-kernel/validation';
import { TextField } from '../common/fields';
import { UnvalidatedEmailBanner } from '../common/UnvalidatedEmail';
import { serverText, useTexts } from '../texts';
import { useTexts as useSettingsTexts } from './texts';
import { meets, SECTION_ACCESS } from './section-access';

// Shop sections built on the back-office kit, loaded when opened.
export const BUILT_SECTIONS: Record<string, ReturnType<typeof lazy>> = {
  typos: lazy(() => import('./typos/TyposSection').then((m) => ({ default: m.TyposSection }))),
  products: lazy(() => import('./products/ProductDefaultsSection').then((m) => ({ default: m.ProductDefaultsSection }))),
  crm: lazy(() => import('./crm/CrmSection').then((m) => ({ default: m.CrmSection }))),
  roles: lazy(() => import('./roles/RolesSection').then((m) => ({ default: m.RolesSection }))),
  billing: lazy(() => import('./billing/BillingSection').then((m) => ({ default: m.BillingSection }))),
  delivery: lazy(() => import('./delivery/DeliverySection').then((m) => ({ default: m.DeliverySection }))),
  documents: lazy(() => import('./documents/DocumentsSection').then((m) => ({ default: m.DocumentsSection }))),
  accounting: lazy(() => import('./accounting/AccountingSection').then((m) => ({ default: m.AccountingSection }))),
  integrations: lazy(() => import('./integrations/IntegrationsSection').then((m) => ({ default: m.IntegrationsSection }))),
  infos: lazy(() => import('./infos/InfosSection').then((m) => ({ default: m.InfosSection }))),
  matchGrids: lazy(() => import('./matchGrids/MatchGridsSection').then((m) => ({ default: m.MatchGridsSection }))),
  iframes: lazy(() => import('./iframes/IframesSection').then((m) => ({ default: m.IframesSection }))),
  // the promotion codes, then the loyalty programme card
  promotions: lazy(() =>
    Promise.all([import('./promotions/PromotionsSection'), import('./loyalty')]).then(([codes, loyalty]) => ({
      default: function PromotionsAndLoyalty() {
        return (
          <div style={{ display: 'grid', gap: 24 }}>
            <codes.PromotionsSection />
            <loyalty.LoyaltyCard />
          </div>
        );
      },
    })),
  ),
  campaigns: lazy(() => import('./campaigns/CampaignsSection').then((m) => ({ default: m.CampaignsSection }))),
};

/** Settings sections (spec §2 settings?link=…); their titles are in ./texts (sections). */
export const SETTINGS_SECTIONS: string[] = [
  'account',
  'infos',
  'typos',
  'crm',
  'products',
  'billing',
  'delivery',
  'roles',
  'accounting',
  'campaigns',
  'matchGrids',
  'iframes',
  'integrations',
  'promotions',
  'documents',
];

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
      const updated = await api.put<User & { message?: string }>('/users/me', {
        firstname: v.firstname.trim(),
        lastname: v.lastname.trim(),
      });
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
      const r = await api.put<{ message: string }>('/users/me/email', { email: v.email.trim(), password: v.password }, { silent: true });
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
      const r = await api.put<{ message: string; jwt: string }>(
        '/users/me/password',
        { currentPassword: v.currentPassword, password: v.password },
        { silent: true },
      );
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

/** /dashboard/settings?link=<section>: 'account' here, every other section of the spec in BUILT_SECTIONS. */
export default function SettingsPage() {
  const [params] = useSearchParams();
  const link = params.get('link');
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const s$ = useSettingsTexts();
  // Shop sections belong to the shop's team (buyers and agents only have their account), each to those of the team
  // who may read what it shows: the others do not see it listed, nor open it by its link.
  const sections = SETTINGS_SECTIONS.filter((s) => {
    const access = SECTION_ACCESS[s];
    return !!access && meets(access.read, user, shop);
  });
  const section = sections.find((s) => s === link);
  const refused = !section && !!link && SETTINGS_SECTIONS.includes(link);
  const title = (s: string) => s$.sections[s] ?? s;
  const Built = section ? BUILT_SECTIONS[section] : undefined;
  return (
    <div style={{ display: 'grid', gap: 16, padding: 16, maxWidth: 1100 }}>
      <h1 style={{ fontSize: 24, margin: 0 }}>
        {s$.title}
        {section ? ` — ${title(section)}` : ''}
      </h1>
      {user && <UnvalidatedEmailBanner user={user} />}
      <nav aria-label={s$.sectionsLabel} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {sections.map((s) => (
          <Link
            key={s}
            to={`/dashboard/settings?link=${s}`}
            aria-current={s === link ? 'page' : undefined}
            style={{
              padding: '4px 10px',
              borderRadius: 16,
              border: '1px solid #d9d9d9',
              fontWeight: s === link ? 600 : 400,
              background: s === link ? '#f5e9ed' : undefined,
            }}
          >
            {title(s)}
          </Link>
        ))}
      </nav>
      {refused && <Alert type="info" showIcon role="status" title={s$.refused} />}
      {!section && <p style={{ margin: 0, color: '#555' }}>{s$.choose}</p>}
      {Built && (
        <Suspense fallback={<p role="status">{s$.loading}</p>}>
          <Built />
        </Suspense>
      )}
      {section === 'account' && user && (
        <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', alignItems: 'start' }}>
          <NameForm user={user} />
          <EmailForm user={user} />
          <PasswordForm />
        </div>
      )}
    </div>
  );
}
