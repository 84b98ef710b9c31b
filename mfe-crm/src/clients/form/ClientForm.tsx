import { AutoComplete, Button, Card, Flex, Select } from 'antd';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { CrmClientDetail } from 'shared-kernel/contracts';
import { CIVILITIES } from 'shared-kernel/domain';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm, type FieldOption } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { notify, useSession } from 'shared-kernel/runtime';
import { agentName, useCreateCrmClient, useCrmSettings, useShopAgents, useTypologies, useUpdateCrmClient } from '../crm.queries';

const SINGLE_FIELDS = ['pipe', 'family', 'family2', 'custom', 'custom2'] as const;
import { useTexts } from '../file/texts';
import { clientFormDefaults, clientFormSchema, emptyAddress, toClientBody, type ClientFormValues } from './client.schema';

const grid = { display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' } as const;
const fieldset = { border: 0, padding: 0, margin: 0, display: 'grid', gap: 12 } as const;
const legend = { fontWeight: 600, marginBottom: 8 } as const;
const CIVILITY_OPTIONS: FieldOption[] = [{ value: '', label: '—' }, ...CIVILITIES.map((c) => ({ value: c.value, label: c.label }))];

/** Used by /dashboard/clients/add and by the edit drawer of the detail. */
export function ClientForm({ client, initial, onDone }: { client?: CrmClientDetail; initial?: ClientFormValues; onDone?: () => void }) {
  const t = useTexts();
  const navigate = useNavigate();
  const create = useCreateCrmClient();
  const update = useUpdateCrmClient();
  const role = useSession((s) => s.user?.role);
  const staff = role === 'owner' || role === 'iam';
  const typologies = useTypologies();
  const crm = useCrmSettings();
  const agents = useShopAgents(staff);
  const form = useZodForm(clientFormSchema, { defaultValues: initial ?? clientFormDefaults(client) });
  const addresses = useFieldArray({ control: form.control, name: 'addresses' });
  const contacts = useFieldArray({ control: form.control, name: 'contacts' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const typologyOptions: FieldOption[] = [
    { value: '', label: '—' },
    ...(typologies.data ?? []).map((ty) => ({ value: ty.id, label: ty.name })),
  ];
  const agentOptions = (agents.data ?? []).map((a) => ({ value: a.id, label: agentName(a) }));
  const pro = kind !== 'private';

  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16, maxWidth: 960 }}
      onSubmit={async (values) => {
        const input = toClientBody(values, client);
        const saved = client ? await update.mutateAsync({ id: client.id, input }) : await create.mutateAsync(input);
        notify.success(t.saved);
        guard.allowNavigation();
        if (onDone) onDone();
        else navigate(`/dashboard/clients/${saved.id}`);
      }}
    >
      <fieldset style={fieldset}>
        <legend style={legend}>{t.identity}</legend>
        <div style={grid}>
          <FormField
            name="kind"
            label={t.kind}
            kind="select"
            required
            options={[
              { value: 'private', label: t.kinds.private },
              { value: 'professional', label: t.kinds.professional },
              { value: 'prospect', label: t.kinds.prospect },
            ]}
          />
          <FormField name="civility" label={t.civility} kind="select" options={CIVILITY_OPTIONS} />
          <FormField name="firstname" label={t.firstname} autoComplete="given-name" />
          <FormField name="lastname" label={t.lastname} required={!pro} autoComplete="family-name" />
          <FormField name="company" label={t.company} required={pro} autoComplete="organization" />
          <FormField name="siret" label={t.siret} help="14 chiffres" />
          <FormField name="vatNumber" label={t.vatNumber} />
          <FormField name="email" label={t.email} kind="email" autoComplete="email" />
          <FormField name="mobile" label={t.mobile} kind="tel" autoComplete="tel" />
          <FormField name="phone" label={t.phone} kind="tel" />
          <FormField name="typology" label={t.typology} kind="select" options={typologyOptions} help="Décide des prix du client" />
          {staff && (
            <FormField
              name="agentUserId"
              label={t.agent}
              render={(field, a11y) => (
                <Select
                  {...a11y}
                  allowClear
                  placeholder={t.noAgent}
                  options={agentOptions}
                  value={field.value ?? undefined}
                  onChange={(v: number | undefined) => field.onChange(v ?? null)}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </div>
      </fieldset>

      <fieldset style={fieldset}>
        <legend style={legend}>{t.addresses}</legend>
        {addresses.fields.map((a, i) => (
          <Card
            key={a.id}
            size="small"
            title={t.address(i + 1)}
            extra={
              <Button type="link" danger onClick={() => addresses.remove(i)} aria-label={t.removeAddress(i + 1)}>
                {t.remove}
              </Button>
            }
          >
            <div style={grid}>
              <FormField
                name={`addresses.${i}.kind`}
                label={t.addressKind}
                kind="select"
                options={[
                  { value: 'delivery', label: t.addressKinds.delivery },
                  { value: 'billing', label: t.addressKinds.billing },
                ]}
              />
              <FormField name={`addresses.${i}.name`} label={t.addressName} />
              <FormField name={`addresses.${i}.streetNumber`} label={t.streetNumber} />
              <FormField name={`addresses.${i}.street`} label={t.street} autoComplete="address-line1" />
              <FormField name={`addresses.${i}.street2`} label={t.street2} autoComplete="address-line2" />
              <FormField name={`addresses.${i}.zipcode`} label={t.zipcode} autoComplete="postal-code" />
              <FormField name={`addresses.${i}.city`} label={t.city} autoComplete="address-level2" />
              <FormField name={`addresses.${i}.country`} label={t.country} />
              <FormField name={`addresses.${i}.exciseNumber`} label={t.exciseNumber} />
              <FormField name={`addresses.${i}.phone`} label={`${t.phone} (${t.address(i + 1)})`} kind="tel" />
              <FormField name={`addresses.${i}.isDefault`} label={t.isDefault} kind="checkbox" />
              <FormField name={`addresses.${i}.mountain`} label={t.mountain} kind="checkbox" />
            </div>
          </Card>
        ))}
        <div>
          <Button
            onClick={() => addresses.append(emptyAddress(addresses.fields.length ? 'billing' : 'delivery', !addresses.fields.length))}
          >
            {t.addAddress}
          </Button>
        </div>
      </fieldset>

      {pro && (
        <fieldset style={fieldset}>
          <legend style={legend}>{t.contacts}</legend>
          {contacts.fields.map((c, i) => (
            <Card
              key={c.id}
              size="small"
              title={t.contact(i + 1)}
              extra={
                <Button type="link" danger onClick={() => contacts.remove(i)} aria-label={t.removeContact(i + 1)}>
                  {t.remove}
                </Button>
              }
            >
              <div style={grid}>
                <FormField name={`contacts.${i}.civility`} label={t.civility} kind="select" options={CIVILITY_OPTIONS} />
                <FormField name={`contacts.${i}.firstname`} label={`${t.firstname} (${t.contact(i + 1)})`} />
                <FormField name={`contacts.${i}.lastname`} label={`${t.lastname} (${t.contact(i + 1)})`} required />
                <FormField name={`contacts.${i}.role`} label={t.role} />
                <FormField name={`contacts.${i}.email`} label={`${t.email} (${t.contact(i + 1)})`} kind="email" />
                <FormField name={`contacts.${i}.phone`} label={`${t.phone} (${t.contact(i + 1)})`} kind="tel" />
              </div>
            </Card>
          ))}
          <div>
            <Button onClick={() => contacts.append({ civility: '', firstname: '', lastname: '', role: '', email: '', phone: '' })}>
              {t.addContact}
            </Button>
          </div>
        </fieldset>
      )}

      <fieldset style={fieldset}>
        <legend style={legend}>{t.customFields}</legend>
        <div style={grid}>
          {SINGLE_FIELDS.map((kind) => {
            // the label and the values set in the crm settings (free text stays possible)
            const setting = crm.data?.customFields[kind];
            return (
              <FormField
                key={kind}
                name={`custom.${kind}`}
                label={setting?.label ?? t[kind]}
                render={(field, a11y) => (
                  <AutoComplete
                    {...a11y}
                    value={(field.value as string | null | undefined) ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    options={(setting?.values ?? []).map((v) => ({ value: v }))}
                    filterOption={(input, option) =>
                      String(option?.value ?? '')
                        .toLowerCase()
                        .includes(input.toLowerCase())
                    }
                    allowClear
                  />
                )}
              />
            );
          })}
          <FormField
            name="tags"
            label={t.tags}
            render={(field, a11y) => (
              <Select
                {...a11y}
                mode="tags"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                tokenSeparators={[',']}
                open={false}
              />
            )}
          />
        </div>
      </fieldset>
      <FormField name="notes" label={t.notes} kind="textarea" rows={3} maxLength={5000} />
      <FormField name="marketingConsent" label={t.marketingConsent} kind="checkbox" />
      <Flex>
        <SubmitButton />
      </Flex>
    </ZodForm>
  );
}
