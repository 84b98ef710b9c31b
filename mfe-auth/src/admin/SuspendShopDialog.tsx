// The reason dialog of a suspension (POST /v1/admin/shops/:id/suspend { reason }): the reason is required; the api's
// refusal shows under the field (a 400 naming `reason`) or above the buttons (409, 404…).
import { useState } from 'react';
import { Alert, Button, Modal, Typography } from 'antd';
import { z } from 'zod';
import { applyServerErrors, errorMessage, FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { useSuspendShop, type AdminShop } from './console.queries';
import { texts as consoleTexts, useTexts } from './console.texts';

// the schema's message: the admin console is French (§9)
export const suspendSchema = z.object({
  reason: z.string().trim().min(1, consoleTexts.reasonNeeded).max(500),
});

export function SuspendShopDialog({ shop, onClose }: { shop: AdminShop | null; onClose(): void }) {
  const t = useTexts();
  const suspend = useSuspendShop();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(suspendSchema, { defaultValues: { reason: '' }, mode: 'onSubmit' });

  const close = () => {
    form.reset({ reason: '' });
    setError(null);
    suspend.reset();
    onClose();
  };

  return (
    <Modal
      open={shop !== null}
      title={shop ? t.suspendTitle(shop.name) : ''}
      onCancel={close}
      destroyOnHidden
      // the whole dialog is the form: « Suspendre » in its footer submits it
      modalRender={(dialog) => (
        <ZodForm
          form={form}
          onSubmit={async (v) => {
            if (!shop) return;
            setError(null);
            try {
              const done = await suspend.mutateAsync({ id: shop.id, reason: v.reason });
              notify.success(done.message);
              close();
            } catch (err) {
              if (!applyServerErrors(form, err)) setError(errorMessage(err, t.loadError));
            }
          }}
        >
          {dialog}
        </ZodForm>
      )}
      footer={[
        <Button key="cancel" onClick={close}>
          {t.cancel}
        </Button>,
        <SubmitButton key="ok" danger>
          {t.suspend}
        </SubmitButton>,
      ]}
    >
      <Typography.Paragraph>{t.suspendText}</Typography.Paragraph>
      <FormField name="reason" label={t.reason} kind="textarea" rows={3} maxLength={500} required />
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
