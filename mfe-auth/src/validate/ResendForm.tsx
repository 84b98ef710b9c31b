import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button } from 'antd';
import { api, ApiError } from 'shared-kernel/runtime';
import { email } from 'shared-kernel/validation';
import { TextField } from '../common/fields';

/** Asks for a new link by email (validation or password reset). Same answer whether or not the account exists. */
export function EmailLinkForm({ endpoint, button, label = 'E-mail' }: { endpoint: string; button: string; label?: string }) {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, watch, formState } = useForm<{ email: string }>({ defaultValues: { email: '' }, mode: 'onTouched' });
  const value = watch('email');
  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    try {
      const resp = await api.post<{ message: string }>(endpoint, { email: v.email.trim() }, { silent: true });
      setSent(resp.message);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Une erreur est survenue');
    }
  });
  if (sent) return <Alert type="success" showIcon title={sent} role="status" />;
  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'grid', gap: 12 }}>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
      <TextField control={control} name="email" label={label} type="email" validate={email} autoComplete="email" />
      <Button type="primary" htmlType="submit" size="large" loading={formState.isSubmitting} disabled={!value.trim()}>{button}</Button>
    </form>
  );
}
