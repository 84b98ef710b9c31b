import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Radio } from 'antd';
import { BUSINESS_TYPES, BUSINESS_TYPE_LABELS, type AccountType, type LoginResponse } from 'shared-kernel/contracts';
import { currentLanguage } from 'shared-kernel/i18n';
import { api, ApiError } from 'shared-kernel/runtime';
import {
  adult, email, needed, password, siret, telephone, telephoneOptional, terms, username,
} from 'shared-kernel/validation';
import { completeLogin } from '../login/login-flow';
import { CheckboxField, formStyle, ChoiceField, TextField, titleStyle, withShopId } from '../common/fields';

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

export const PASSWORDS_DIFFER = 'Les mots de passe ne correspondent pas';

const TITLES: Record<AccountType, string> = {
  buyer: 'Inscription acheteur',
  seller: 'Inscription producteur',
  agent: 'Inscription agent commercial',
};

/** Required text inputs per kind of account: the submit button stays disabled while one is empty. */
export function requiredFields(type: AccountType, isPro: boolean): Array<keyof RegisterForm> {
  const base: Array<keyof RegisterForm> = ['firstname', 'lastname', 'email', 'password', 'confirm'];
  if (type === 'seller') return ['shopName', 'businessType', ...base, 'phone'];
  if (type === 'agent') return [...base, 'phone'];
  return isPro ? [...base, 'company', 'siret'] : base;
}

/** The body of POST /v1/auth/register. */
export function registerBody(type: AccountType, v: RegisterForm, language: 'fr' | 'en') {
  const body: Record<string, unknown> = {
    type, firstname: v.firstname.trim(), lastname: v.lastname.trim(), email: v.email.trim(), password: v.password,
    adult: v.adult, terms: v.terms, language,
  };
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
  const shopId = params.get('id');
  const [done, setDone] = useState<string | null>(null);
  const { control, handleSubmit, watch, formState, setError, setValue } = useForm<RegisterForm>({
    defaultValues: {
      isPro: false, firstname: '', lastname: '', email: '', phone: '', company: '', siret: '', shopName: '', businessType: '',
      password: '', confirm: '', adult: false, terms: false,
    },
    mode: 'onTouched',
  });
  const values = watch();
  const missing = requiredFields(type, values.isPro).some((k) => !String(values[k] ?? '').trim());

  const onSubmit = handleSubmit(async (v) => {
    try {
      const lang = currentLanguage() === 'en' ? 'en' : 'fr';
      const resp = await api.post<{ success: true; message: string } & Partial<LoginResponse>>('/auth/register', registerBody(type, v, lang));
      if (type === 'seller' && resp.jwt) {
        await completeLogin({ user: resp.user ?? null, jwt: resp.jwt, masterAccount: resp.masterAccount ?? null });
        navigate('/dashboard', { replace: true });
        return;
      }
      setDone(resp.message);
    } catch (err) {
      // The message is already shown as a snackbar; also put it under the field it names.
      if (err instanceof ApiError && err.field && err.field in values) {
        setError(err.field as keyof RegisterForm, { type: 'server', message: err.message });
      }
    }
  });

  if (done) {
    return (
      <section style={formStyle} aria-labelledby="register-title">
        <h1 id="register-title" style={titleStyle}>{TITLES[type]}</h1>
        <Alert type="success" showIcon title={done} description={`Ouvrez le lien reçu à l'adresse ${values.email.trim()} pour valider votre compte.`} />
        <Link to={withShopId('/auth/login', shopId)}>Se connecter</Link>
      </section>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="register-title" style={formStyle}>
      <h1 id="register-title" style={titleStyle}>{TITLES[type]}</h1>
      {type === 'buyer' && (
        <Radio.Group
          value={values.isPro ? 'pro' : 'private'}
          onChange={(e) => setValue('isPro', e.target.value === 'pro')}
          optionType="button"
          buttonStyle="solid"
          aria-label="Type de compte"
          options={[{ value: 'private', label: 'Particulier' }, { value: 'pro', label: 'Professionnel' }]}
        />
      )}
      {type === 'seller' && (
        <>
          <TextField control={control} name="shopName" label="Nom de votre domaine ou entreprise" validate={needed} />
          <ChoiceField
            control={control} name="businessType" label="Activité" validate={needed}
            options={BUSINESS_TYPES.map((b) => ({ value: b, label: BUSINESS_TYPE_LABELS[b] }))}
          />
        </>
      )}
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))' }}>
        <TextField control={control} name="firstname" label="Prénom" validate={username} autoComplete="given-name" />
        <TextField control={control} name="lastname" label="Nom" validate={username} autoComplete="family-name" />
      </div>
      <TextField control={control} name="email" label="E-mail" type="email" validate={email} autoComplete="email" />
      <TextField
        control={control} name="phone" label={type === 'buyer' ? 'Téléphone mobile (facultatif)' : 'Téléphone mobile'}
        type="tel" validate={type === 'buyer' ? telephoneOptional : telephone} autoComplete="tel"
      />
      {((type === 'buyer' && values.isPro) || type === 'agent') && (
        <TextField control={control} name="company" label={type === 'agent' ? 'Société (facultatif)' : 'Société'} validate={type === 'agent' ? undefined : needed} autoComplete="organization" />
      )}
      {((type === 'buyer' && values.isPro) || type === 'seller') && (
        <TextField
          control={control} name="siret" label={type === 'seller' ? 'SIRET (facultatif)' : 'SIRET'}
          validate={(v) => (type === 'seller' && !String(v ?? '').trim() ? true : siret(String(v ?? '').replace(/\s/g, '')))}
          placeholder="14 chiffres"
        />
      )}
      <TextField control={control} name="password" label="Mot de passe" password validate={password} autoComplete="new-password" />
      <TextField
        control={control} name="confirm" label="Confirmation du mot de passe" password autoComplete="new-password"
        validate={(v) => (v === values.password ? true : PASSWORDS_DIFFER)}
      />
      <CheckboxField control={control} name="adult" label="Je certifie avoir plus de 18 ans" validate={adult} />
      <CheckboxField control={control} name="terms" label="J'accepte les conditions générales d'utilisation" validate={terms} />
      <Button type="primary" htmlType="submit" size="large" loading={formState.isSubmitting} disabled={missing}>
        Créer mon compte
      </Button>
      <p style={{ margin: 0, fontSize: 14 }}>
        Déjà un compte ? <Link to={withShopId('/auth/login', shopId)}>Se connecter</Link>
      </p>
    </form>
  );

}

export const BuyerRegisterPage = () => <RegisterPage type="buyer" />;
export const SellerRegisterPage = () => <RegisterPage type="seller" />;
export const AgentRegisterPage = () => <RegisterPage type="agent" />;
export default BuyerRegisterPage;
