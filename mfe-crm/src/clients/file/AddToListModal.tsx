// The bulk action « Ajouter à une liste » of the client file: the selected clients go into a static
// marketing list, picked among the shop's (searched on the server) or created here by its name. The api's answer
// (« 3 clients ajoutés à la liste ») shows as a snackbar; an error stays in the dialog (under its field when the api
// names one).
import { useDeferredValue, useLayoutEffect, useState } from 'react';
import { Alert, Button, Modal, Radio, Select, Typography } from 'antd';
import { useWatch } from 'react-hook-form';
import { applyServerErrors, errorMessage, FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { addToListSchema, type AddToListValues } from './addToList.schema';
import { useAddToList, useCreateStaticList, useStaticLists } from './lists.queries';
import { useTexts } from './texts';

type Mode = AddToListValues['mode'];

export function AddToListModal({ clientIds, onClose, onDone }: { clientIds: number[]; onClose: () => void; onDone: () => void }) {
  const t = useTexts();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search);
  const lists = useStaticLists(q, true);
  const create = useCreateStaticList();
  const add = useAddToList();
  const form = useZodForm(addToListSchema, {
    // nothing is flagged before « Ajouter » is pressed: the dialog opens on an empty choice
    mode: 'onSubmit',
    defaultValues: { mode: 'existing', listId: null, name: '' },
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const [chosen, setChosen] = useState(false);
  // a list created here: kept as the choice, so that a retry after a failed addition does not create a second one
  const [created, setCreated] = useState<{ id: number; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const noList = !q.trim() && lists.isSuccess && lists.data.items.length === 0 && !created;
  // until a mode is picked, a shop without any static list starts on « Une nouvelle liste »
  const suggested: Mode = noList ? 'new' : 'existing';
  useLayoutEffect(() => {
    if (!chosen && form.getValues('mode') !== suggested) form.setValue('mode', suggested);
  }, [chosen, suggested, form]);

  const options = (lists.data?.items ?? []).map((l) => ({
    value: l.id,
    label: `${l.name} (${t.addToListMembers(l.memberCount ?? 0)})`,
  }));
  if (created && !options.some((o) => o.value === created.id)) options.unshift({ value: created.id, label: created.name });
  const pickError = !!form.formState.errors.listId;

  const submit = async (v: AddToListValues) => {
    setError(null);
    try {
      // the schema requires a list in 'existing' mode
      let listId = v.listId as number;
      if (v.mode === 'new') {
        const list = await create.mutateAsync(v.name.trim());
        listId = list.id;
        setCreated({ id: list.id, name: list.name });
        setChosen(true);
        form.setValue('mode', 'existing');
        form.setValue('listId', list.id);
        form.setValue('name', '');
      }
      const res = await add.mutateAsync({ listId, clientIds });
      notify.success(res.message);
      onDone();
    } catch (err) {
      if (!applyServerErrors(form, err)) setError(errorMessage(err));
    }
  };

  return (
    <Modal
      open
      title={t.addToListTitle(clientIds.length)}
      onCancel={onClose}
      // the whole dialog is the form, so that « Ajouter » in its footer submits it (and Enter in the name field)
      modalRender={(dialog) => (
        <ZodForm form={form} onSubmit={submit}>
          {dialog}
        </ZodForm>
      )}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t.addToListCancel}
        </Button>,
        <SubmitButton key="ok">{t.addToListSubmit}</SubmitButton>,
      ]}
      destroyOnHidden
    >
      <div style={{ marginBottom: 16 }}>
        <Radio.Group
          value={mode}
          onChange={(e) => {
            form.setValue('mode', e.target.value as Mode);
            form.clearErrors();
            setChosen(true);
            setError(null);
          }}
          options={[
            { value: 'existing', label: t.addToListExisting },
            { value: 'new', label: t.addToListNew },
          ]}
        />
      </div>
      {mode === 'existing' ? (
        <FormField<AddToListValues>
          name="listId"
          id="crm-add-to-list-pick"
          label={t.addToListPick}
          help={noList && !pickError ? t.addToListNone : undefined}
          render={(field, a11y) => (
            <Select<number>
              {...a11y}
              ref={field.ref}
              aria-label={t.addToListPick}
              placeholder={t.addToListPickPlaceholder}
              showSearch={{ filterOption: false, onSearch: setSearch }}
              value={(field.value as number | null) ?? undefined}
              onChange={(v) => field.onChange(v)}
              onBlur={field.onBlur}
              options={options}
              loading={lists.isFetching}
              notFoundContent={lists.isError ? t.addToListLoadError : lists.isFetching ? undefined : t.addToListNone}
              status={pickError ? 'error' : undefined}
              style={{ width: '100%' }}
            />
          )}
        />
      ) : (
        <FormField<AddToListValues> name="name" id="crm-add-to-list-name" label={t.addToListName} maxLength={200} />
      )}
      {lists.isError && mode === 'existing' && (
        <Typography.Paragraph type="danger">
          {t.addToListLoadError}{' '}
          <Button size="small" onClick={() => void lists.refetch()}>
            {t.addToListRetry}
          </Button>
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon role="alert" title={error} />}
    </Modal>
  );
}
