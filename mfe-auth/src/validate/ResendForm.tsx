import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button } from '../common/ui';
import { ApiError } from 'shared-kernel/runtime';
import { email } from 'shared-kernel/validation';
import { TextField } from '../common/fields';
import { useCaptcha } from '../captcha/useCaptcha';
import { serverText, useTexts } from '../texts';
import { requestEmailLink, type EmailLinkEndpoint } from './api';

/**
 * Asks for a new link by email (validation or password reset). Same answer whether or not the account exists.
 * `captcha` (the reset form): the configured captcha must give a token, sent as `captchaToken`.
 */
export function EmailLinkForm({
  endpoint,
  button,
  label,
  captcha: withCaptcha = false,
}: {
  endpoint: EmailLinkEndpoint;
  button: string;
  label?: string;
  captcha?: boolean;
}) {
  const t = useTexts();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const captcha = useCaptcha(withCaptcha, 'reset_password');
  const { control, handleSubmit, watch, formState } = useForm<{ email: string }>({ defaultValues: { email: '' }, mode: 'onTouched' });
  const value = watch('email');
  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    let captchaToken: string | undefined;
    try {
      captchaToken = await captcha.getToken();
    } catch {
      return; // shown by the captcha
    }
    try {
      const body: { email: string; captchaToken?: string } = { email: v.email.trim() };
      if (captchaToken) body.captchaToken = captchaToken;
      const resp = await requestEmailLink(endpoint, body);
      setSent(resp.message);
    } catch (err) {
      captcha.reset();
      setError(err instanceof ApiError ? serverText(err.message, t.lang) : t.common.error);
    }
  });
  if (sent) return <Alert type="success" title={serverText(sent, t.lang)} role="status" />;
  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'grid', gap: 12 }}>
      {error && <Alert type="error" title={error} role="alert" />}
      <TextField control={control} name="email" label={label ?? t.common.email} type="email" validate={email} autoComplete="email" />
      {captcha.element}
      <Button
        variant="primary"
        htmlType="submit"
        size="large"
        loading={formState.isSubmitting}
        disabled={!value.trim() || captcha.blocking}
      >
        {button}
      </Button>
    </form>
  );
}
