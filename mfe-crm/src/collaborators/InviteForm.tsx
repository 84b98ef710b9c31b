import type { ReactNode } from 'react';
import type { Permission, TeamWriteAnswer } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { notify } from 'shared-kernel/runtime';
import { inviteSchema } from './invite.schema';
import { PermissionMatrix } from './PermissionMatrix';
import { useTexts } from './texts';

/**
 * Invite by email: collaborators with their rights (a preset, adjustable), agents without. On success the api's
 * message shows and the page goes to the new member.
 */
export function InviteForm({
  kind,
  send,
  detailPath,
  intro,
  initial = [],
}: {
  kind: 'iam' | 'agent';
  send: (input: { email: string; firstname?: string; lastname?: string; permissions: Permission[] }) => Promise<TeamWriteAnswer>;
  detailPath: string;
  intro: ReactNode;
  initial?: Permission[];
}) {
  const t = useTexts();
  const navigate = useNavigate();
  const form = useZodForm(inviteSchema, { defaultValues: { email: '', firstname: '', lastname: '', permissions: initial } });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  return (
    <ZodForm
      form={form}
      onSubmit={async (input) => {
        const answer = await send({
          email: input.email,
          firstname: input.firstname || undefined,
          lastname: input.lastname || undefined,
          permissions: input.permissions,
        });
        notify.success(answer.message);
        guard.allowNavigation();
        navigate(answer.member ? `${detailPath}/${answer.member.id}` : detailPath);
      }}
    >
      <p style={{ marginTop: 0 }}>{intro}</p>
      <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
        <FormField name="email" label={t.email} kind="email" required />
        <FormField name="firstname" label={t.firstname} />
        <FormField name="lastname" label={t.lastname} />
      </div>
      {kind === 'iam' ? (
        <section aria-label={t.rights} style={{ margin: '16px 0' }}>
          <h2 style={{ fontSize: 16 }}>{t.rights}</h2>
          <FormField
            name="permissions"
            label={t.rights}
            render={(field) => <PermissionMatrix value={field.value as Permission[]} onChange={(v) => field.onChange(v)} />}
          />
        </section>
      ) : null}
      <SubmitButton>{t.send}</SubmitButton>
    </ZodForm>
  );
}
