import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Empty, Input, List, Spin, Typography } from 'antd';
import { withQueryScope } from 'shared-kernel/kit';
import { ApiError, confirmPopup } from 'shared-kernel/runtime';
import { needed } from 'shared-kernel/validation';
import { TextField } from '../common/fields';
import { useTexts } from '../texts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKeyDto } from './api-keys.queries';
import { useTexts as useApiKeyTexts } from './texts';

/** /get-api-key — owner and iam: personal keys for the /v1 API (shown once, revocable). */
export default withQueryScope(function ApiKeyPage() {
  const t = useTexts();
  const k$ = useApiKeyTexts();
  const fmt = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(t.lang === 'en' ? 'en-GB' : 'fr-FR', { dateStyle: 'short', timeStyle: 'short' }) : t.common.never;
  const header = `Authorization: Bearer <${k$.keyWord}>`;
  const list = useApiKeys();
  const createKey = useCreateApiKey();
  const revokeKey = useRevokeApiKey();
  // a failed read shows the api's message over an empty list
  const keys = list.isError ? [] : (list.data?.items ?? null);
  const error = list.isError ? (list.error instanceof ApiError ? list.error.message : t.common.error) : null;
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const { control, handleSubmit, watch, formState, reset } = useForm({ defaultValues: { name: '' }, mode: 'onTouched' });
  const name = watch('name');

  const onCreate = handleSubmit(async (v) => {
    try {
      const r = await createKey.mutateAsync({ name: v.name.trim() });
      setCreated({ name: r.name, key: r.key });
      reset();
    } catch {
      /* snackbar */
    }
  });

  const revoke = async (k: ApiKeyDto) => {
    const ok = await confirmPopup({
      title: k$.revokeTitle,
      content: k$.revokeText(k.name),
      okText: k$.revoke,
      cancelText: t.common.cancel,
    });
    if (!ok) return;
    try {
      await revokeKey.mutateAsync(k.id);
    } catch {
      /* snackbar */
    }
  };

  return (
    <div style={{ display: 'grid', gap: 20, padding: 16, maxWidth: 760, margin: '0 auto', width: '100%' }}>
      <h1 style={{ fontSize: 24, margin: 0 }}>{k$.title}</h1>
      <p style={{ margin: 0, color: '#555' }}>
        {/* the header, as code, where the text names it */}
        {k$
          .intro(header)
          .split(header)
          .map((part, i) => (
            <span key={i}>
              {i > 0 && <code>{header}</code>}
              {part}
            </span>
          ))}
      </p>
      {created && (
        <Alert
          type="success"
          showIcon
          role="status"
          title={k$.created(created.name)}
          description={
            <Typography.Paragraph copyable={{ text: created.key }} style={{ margin: 0 }}>
              <Input readOnly value={created.key} aria-label={k$.newKey} style={{ fontFamily: 'monospace' }} />
            </Typography.Paragraph>
          }
          closable
          onClose={() => setCreated(null)}
        />
      )}
      <form onSubmit={onCreate} noValidate style={{ display: 'flex', gap: 12, alignItems: 'end', flexWrap: 'wrap' }}>
        <div style={{ flex: '1 1 240px' }}>
          <TextField control={control} name="name" label={k$.name} validate={needed} placeholder={k$.namePlaceholder} />
        </div>
        <Button type="primary" htmlType="submit" size="large" loading={formState.isSubmitting} disabled={!name.trim()}>
          {k$.create}
        </Button>
      </form>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
      {keys === null ? (
        <Spin />
      ) : keys.length === 0 ? (
        <Empty description={k$.empty} />
      ) : (
        <List
          bordered
          dataSource={keys}
          renderItem={(k) => (
            <List.Item
              actions={[
                <Button key="r" danger onClick={() => void revoke(k)}>
                  {k$.revoke}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={k.name}
                description={
                  <span>
                    <code>{k.prefix}…</code> · {k$.createdOn(fmt(k.createdAt))} · {k$.lastUsed(fmt(k.lastUsedAt))}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
});
