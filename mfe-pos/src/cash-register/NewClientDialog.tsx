import { useId, useState } from 'react';
import { Alert, Button, Checkbox, Input, Modal } from 'antd';
import { crmClientBodySchema, type CrmClientBody } from 'shared-kernel/contracts';
import { ApiError } from 'shared-kernel/runtime';
import { MESSAGES } from 'shared-kernel/validation';
import { useCreateClient } from './pos.queries';
import type { CartClient } from './ticket-model';
import { useTexts } from './texts';

type Field = 'firstname' | 'lastname' | 'email' | 'phone' | 'company';
const FIELDS: readonly Field[] = ['firstname', 'lastname', 'email', 'phone', 'company'];
type Errors = Partial<Record<Field, string>>;
const isField = (f: unknown): f is Field => typeof f === 'string' && (FIELDS as readonly string[]).includes(f);

/** The body sent for what was typed: a private client unless « Professionnel » is ticked (then its company). */
export function newClientBody(v: Record<Field, string>, professional: boolean): CrmClientBody {
  return {
    kind: professional ? 'professional' : 'private',
    firstname: v.firstname.trim() || null,
    lastname: v.lastname.trim() || null,
    email: v.email.trim() || null,
    phone: v.phone.trim() || null,
    company: professional ? v.company.trim() || null : null,
  };
}

/** The errors of the contract's own rules (the api checks the same), by field. */
export function newClientErrors(body: CrmClientBody): Errors {
  const errors: Errors = {};
  const parsed = crmClientBodySchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const f = issue.path[0];
      if (isField(f)) errors[f] ??= issue.message;
    }
  // the contract checks these once the fields are right; say them together
  if (body.kind === 'private' && !body.lastname) errors.lastname ??= MESSAGES.needed;
  if (body.kind !== 'private' && !body.company) errors.company ??= MESSAGES.needed;
  return errors;
}

/**
 * « Nouveau client » at the counter: prénom, nom, e-mail and téléphone optional, « Professionnel » with its société →
 * POST /crm/clients; the new client becomes the ticket's client. The api's field errors show under their field.
 */
export function NewClientDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (client: CartClient) => void }) {
  const t = useTexts();
  const id = useId();
  const create = useCreateClient();
  const [values, setValues] = useState<Record<Field, string>>({ firstname: '', lastname: '', email: '', phone: '', company: '' });
  const [professional, setProfessional] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = (f: Field, v: string) => {
    setValues((prev) => ({ ...prev, [f]: v }));
    if (errors[f]) setErrors((prev) => ({ ...prev, [f]: undefined }));
  };

  const submit = async () => {
    const body = newClientBody(values, professional);
    const found = newClientErrors(body);
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) return;
    try {
      const saved = await create.mutateAsync(body);
      onCreated({ id: saved.id, name: saved.name, email: saved.email });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && isField(error.field)) setErrors({ [error.field]: error.message });
      else setFailure(error instanceof ApiError && error.message ? error.message : t.client.failed);
    }
  };

  const field = (
    f: Field,
    label: string,
    props: { type?: string; inputMode?: 'email' | 'tel'; autoComplete?: string; autoFocus?: boolean } = {},
  ) => (
    <div className="wz-form__row">
      <label htmlFor={`${id}-${f}`}>{label}</label>
      <Input
        id={`${id}-${f}`}
        size="large"
        value={values[f]}
        maxLength={f === 'company' ? 200 : 100}
        onChange={(e) => set(f, e.target.value)}
        aria-invalid={!!errors[f] || undefined}
        aria-describedby={errors[f] ? `${id}-${f}-error` : undefined}
        {...props}
      />
      {errors[f] && (
        <div id={`${id}-${f}-error`} className="wz-field-error">
          {errors[f]}
        </div>
      )}
    </div>
  );

  return (
    <Modal open title={t.client.newTitle} onCancel={onClose} destroyOnHidden footer={null}>
      <form
        noValidate
        className="wz-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {field('firstname', t.client.firstname, { autoComplete: 'off', autoFocus: true })}
        {field('lastname', t.client.lastname, { autoComplete: 'off' })}
        {field('email', t.client.email, { type: 'email', inputMode: 'email', autoComplete: 'off' })}
        {field('phone', t.client.phone, { type: 'tel', inputMode: 'tel', autoComplete: 'off' })}
        <Checkbox
          className="wz-switch-row"
          checked={professional}
          onChange={(e) => {
            setProfessional(e.target.checked);
            setErrors((prev) => ({ ...prev, company: undefined, lastname: undefined }));
          }}
        >
          {t.client.professional}
        </Checkbox>
        {professional && field('company', t.client.company, { autoComplete: 'off' })}
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
        <div className="wz-dialog-actions">
          <Button size="large" onClick={onClose}>
            {t.client.cancel}
          </Button>
          <Button size="large" type="primary" htmlType="submit" loading={create.isPending}>
            {t.client.create}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
