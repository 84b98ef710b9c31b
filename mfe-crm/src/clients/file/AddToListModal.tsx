// The bulk action « Ajouter à une liste » of the client file: the selected clients go into a static
// marketing list, picked among the shop's (searched on the server) or created here by its name. The api's answer
// (« 3 clients ajoutés à la liste ») shows as a snackbar; an error stays in the dialog.
import { useDeferredValue, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { errorMessage } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { useAddToList, useCreateStaticList, useStaticLists } from './lists.queries';
import { useTexts } from './texts';

type Mode = 'existing' | 'new';

export function AddToListModal({ clientIds, onClose, onDone }: { clientIds: number[]; onClose: () => void; onDone: () => void }) {
  const t = useTexts();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search);
  const lists = useStaticLists(q, true);
  const create = useCreateStaticList();
  const add = useAddToList();
  const [chosenMode, setMode] = useState<Mode | null>(null);
  const [listId, setListId] = useState<number | undefined>();
  const [name, setName] = useState('');
  // a list created here: kept as the choice, so that a retry after a failed addition does not create a second one
  const [created, setCreated] = useState<{ id: number; name: string } | null>(null);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const noList = !q.trim() && lists.isSuccess && lists.data.items.length === 0 && !created;
  const mode: Mode = chosenMode ?? (noList ? 'new' : 'existing');
  const options = (lists.data?.items ?? []).map((l) => ({
    value: l.id,
    label: `${l.name} (${t.addToListMembers(l.memberCount ?? 0)})`,
  }));
  if (created && !options.some((o) => o.value === created.id)) options.unshift({ value: created.id, label: created.name });

  const pickError = tried && mode === 'existing' && listId === undefined ? t.addToListPickRequired : null;
  const nameError = tried && mode === 'new' && !name.trim() ? t.addToListNameRequired : null;
  const busy = create.isPending || add.isPending;

  const submit = async () => {
    setTried(true);
    setError(null);
    if (mode === 'existing' && listId === undefined) return;
    if (mode === 'new' && !name.trim()) return;
    try {
      let target = listId;
      if (mode === 'new') {
        const list = await create.mutateAsync(name.trim());
        target = list.id;
        setCreated({ id: list.id, name: list.name });
        setListId(list.id);
        setMode('existing');
        setName('');
        setTried(false);
      }
      const res = await add.mutateAsync({ listId: target!, clientIds });
      notify.success(res.message);
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Modal
      open
      title={t.addToListTitle(clientIds.length)}
      okText={t.addToListSubmit}
      cancelText={t.addToListCancel}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item>
          <Radio.Group
            value={mode}
            onChange={(e) => {
              setMode(e.target.value as Mode);
              setTried(false);
              setError(null);
            }}
            options={[
              { value: 'existing', label: t.addToListExisting },
              { value: 'new', label: t.addToListNew },
            ]}
          />
        </Form.Item>
        {mode === 'existing' ? (
          <Form.Item
            label={t.addToListPick}
            htmlFor="crm-add-to-list-pick"
            validateStatus={pickError ? 'error' : undefined}
            help={pickError ?? (noList ? t.addToListNone : undefined)}
          >
            <Select<number>
              id="crm-add-to-list-pick"
              aria-label={t.addToListPick}
              placeholder={t.addToListPickPlaceholder}
              showSearch={{ filterOption: false, onSearch: setSearch }}
              value={listId}
              onChange={(v) => setListId(v)}
              options={options}
              loading={lists.isFetching}
              notFoundContent={lists.isError ? t.addToListLoadError : lists.isFetching ? undefined : t.addToListNone}
              style={{ width: '100%' }}
            />
          </Form.Item>
        ) : (
          <Form.Item
            label={t.addToListName}
            htmlFor="crm-add-to-list-name"
            validateStatus={nameError ? 'error' : undefined}
            help={nameError ?? undefined}
          >
            <Input
              id="crm-add-to-list-name"
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.target.value)}
              onPressEnter={() => void submit()}
            />
          </Form.Item>
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
      </Form>
    </Modal>
  );
}
