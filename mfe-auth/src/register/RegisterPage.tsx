import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'shared-kernel/router';
import { Alert, Button, RadioGroup } from '../common/ui';
import { BUSINESS_TYPES, type AccountType } from 'shared-kernel/contracts';
import type { Language } from 'shared-kernel/i18n';
import { ApiError, notify } from 'shared-kernel/runtime';
import { adult, email, needed, password, siret, telephone, telephoneOptional, terms, username } from 'shared-kernel/validation';
import { completeLogin } from '../login/login-flow';
import { CheckboxField, formStyle, ChoiceField, TextField, titleStyle, withShopId } from '../common/fields';
import { useCaptcha } from '../captcha/useCaptcha';
import { serverText, useTexts } from '../texts';
import { signUp } from './api';
import { useTexts as useRegisterTexts } from './texts';

export interface RegisterForm {
  isPro: boolean;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  company: string;
  siret: string;
  shopName: string;
  businessType: string;
  password: string;
  confirm: string;
  adult: boolean;
  terms: boolean;
}

/** Required text inputs per kind of account: the submit button stays disabled while one is empty. */
export function requiredFields(type: AccountType, isPro: boolean): Array<keyof RegisterForm> {
  const base: Array<keyof RegisterForm> = ['firstname', 'lastname', 'email', 'password', 'confirm'];
  if (type === 'seller') return ['shopName', 'businessType', ...base, 'phone'];
  if (type === 'agent') return [...base, 'phone'];
  return isPro ? [...base, 'company', 'siret'] : base;
}

/** The body of POST /v1/auth/register (captchaToken only when the captcha gave one). */
export function registerBody(type: AccountType, v: RegisterForm, language: Language, captchaToken?: string) {
  const body: Record<string, unknown> = {
    type,
    firstname: v.firstname.trim(),
    lastname: v.lastname.trim(),
    email: v.email.trim(),
    password: v.password,
    adult: v.adult,
    terms: v.terms,
    language,
  };
  if (captchaToken) body.captchaToken = captchaToken;
  if (v.phone.trim()) body.phone = v.phone.trim();
  if (type === 'buyer') {
    body.isPro = v.isPro;
    if (v.isPro) Object.assign(body, { company: v.company.trim(), siret: v.siret.replace(/\s/g, '') });
  }
  if (type === 'seller') {
    Object.assign(body, { shopName: v.shopName.trim(), businessType: v.businessType });
    if (v.siret.trim()) body.siret = v.siret.replace(/\s/g, '');
  }
  if (type === 'agent' && v.company.trim()) body.company = v.company.trim();
  return body;
}

/** /auth/register/buyer, /auth/register-wineriz/seller, /auth/register-wineriz/agent. */
export function RegisterPage({ type }: { type: AccountType }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const t = useTexts();
  const r = useRegisterTexts();
  const shopId = params.get('id');
  const [done, setDone] = useState<string | null>(null);
  const captcha = useCaptcha(true, 'register');
  const { control, handleSubmit, watch, formState, setError, setValue } = useForm<RegisterForm>({
    defaultValues: {
      isPro: false,
      firstname: '',
      lastname: '',
      email: '',
      phone: '',
      company: '',
      siret: '',
      shopName: '',
      businessType: '',
      password: '',
      confirm: '',
      adult: false,
      terms: false,
    },
    mode: 'onTouched',
  });
  const values = watch();
  const missing = requiredFields(type, values.isPro).some((k) => !String(values[k] ?? '').trim());

  const onSubmit = handleSubmit(async (v) => {
    let captchaToken: string | undefined;
    try {
      captchaToken = await captcha.getToken();
    } catch {
      return; // the captcha shows its error where it is
    }
    try {
      const resp = await signUp(registerBody(type, v, t.lang, captchaToken));
      notify.success(serverText(resp.message, t.lang));
      if (type === 'seller' && resp.jwt) {
        await completeLogin({ user: resp.user ?? null, jwt: resp.jwt, masterAccount: resp.masterAccount ?? null });
        navigate('/dashboard', { replace: true });
        return;
      }
      setDone(resp.message);
    } catch (err) {
      captcha.reset(); // a token is single-use: ask for a new one
      notify.error(err instanceof ApiError ? serverText(err.message, t.lang) : t.common.error);
      // Also under the field it names.
      if (err instanceof ApiError && err.field && err.field in values) {
        setError(err.field as keyof RegisterForm, { type: 'server', message: serverText(err.message, t.lang) });
      }
    }
  });

  if (done) {
    return (
      <section style={formStyle} aria-labelledby="register-title">
        <h1 id="register-title" style={titleStyle}>
          {r.titles[type]}
        </h1>
        <Alert type="success" title={serverText(done, t.lang)} description={r.doneDescription(values.email.trim())} />
        <Link to={withShopId('/auth/login', shopId)}>{t.common.signIn}</Link>
      </section>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="register-title" style={formStyle}>
      <h1 id="register-title" style={titleStyle}>
        {r.titles[type]}
      </h1>
      {type === 'buyer' && (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="wza-visually-hidden">{r.accountKind}</legend>
          <RadioGroup
            name="accountKind"
            value={values.isPro ? 'pro' : 'private'}
            onChange={(v) => setValue('isPro', v === 'pro')}
            options={[
              { value: 'private', label: r.private },
              { value: 'pro', label: r.pro },
            ]}
          />
        </fieldset>
      )}
      {type === 'seller' && (
        <>
          <TextField control={control} name="shopName" label={r.shopName} validate={needed} />
          <ChoiceField
            control={control}
            name="businessType"
            label={r.activity}
            validate={needed}
            options={BUSINESS_TYPES.map((b) => ({ value: b, label: r.businessTypes[b] }))}
          />
        </>
      )}
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))' }}>
        <TextField control={control} name="firstname" label={t.common.firstname} validate={username} autoComplete="given-name" />
        <TextField control={control} name="lastname" label={t.common.lastname} validate={username} autoComplete="family-name" />
      </div>
      <TextField control={control} name="email" label={t.common.email} type="email" validate={email} autoComplete="email" />
      <TextField
        control={control}
        name="phone"
        label={type === 'buyer' ? r.phoneOptional : r.phone}
        type="tel"
        validate={type === 'buyer' ? telephoneOptional : telephone}
        autoComplete="tel"
      />
      {((type === 'buyer' && values.isPro) || type === 'agent') && (
        <TextField
          control={control}
          name="company"
          label={type === 'agent' ? r.companyOptional : r.company}
          validate={type === 'agent' ? undefined : needed}
          autoComplete="organization"
        />
      )}
      {((type === 'buyer' && values.isPro) || type === 'seller') && (
        <TextField
          control={control}
          name="siret"
          label={type === 'seller' ? r.siretOptional : r.siret}
          validate={(v) => (type === 'seller' && !String(v ?? '').trim() ? true : siret(String(v ?? '').replace(/\s/g, '')))}
          placeholder={r.siretPlaceholder}
        />
      )}
      <TextField control={control} name="password" label={t.common.password} password validate={password} autoComplete="new-password" />
      <TextField
        control={control}
        name="confirm"
        label={t.common.confirm}
        password
        autoComplete="new-password"
        validate={(v) => (v === values.password ? true : t.common.passwordsDiffer)}
      />
      <CheckboxField control={control} name="adult" label={r.adult} validate={adult} />
      <CheckboxField control={control} name="terms" label={r.terms} validate={terms} />
      {captcha.element}
      <Button variant="primary" htmlType="submit" size="large" loading={formState.isSubmitting} disabled={missing || captcha.blocking}>
        {r.submit}
      </Button>
      <p style={{ margin: 0, fontSize: 14 }}>
        {t.common.haveAccount} <Link to={withShopId('/auth/login', shopId)}>{t.common.signIn}</Link>
      </p>
    </form>
  );
}

export const BuyerRegisterPage = () => <RegisterPage type="buyer" />;
export const SellerRegisterPage = () => <RegisterPage type="seller" />;
export const AgentRegisterPage = () => <RegisterPage type="agent" />;
export default BuyerRegisterPage;
