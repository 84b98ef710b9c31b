import { useMemo, useState } from 'react';
import { useNavigate } from 'shared-kernel/router';
import { AutoComplete } from 'antd';
import { searchableRoutes } from 'shared-kernel/domain';
import { useShell } from '../app/shell-context';
import { useSessionCtx } from '../guard/use-session-ctx';

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** 'Aller à': search over the routes the user may open (non-buyers). Lazy chunk (antd AutoComplete). */
export default function SearchBox() {
  const { routes } = useShell();
  const { user, masterAccount, shop } = useSessionCtx();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const all = useMemo(() => searchableRoutes(routes, { user, masterAccount, shop }), [routes, user, masterAccount, shop]);
  const options = useMemo(() => {
    const q = fold(value.trim());
    return all
      .filter((r) => !q || fold(r.label).includes(q) || r.path.includes(q))
      .slice(0, 30)
      .map((r) => ({ value: r.path, label: r.label }));
  }, [all, value]);

  return (
    <AutoComplete
      className="wz-search"
      aria-label="Aller à"
      placeholder="Aller à"
      value={value}
      options={options}
      onSearch={setValue}
      onChange={(v: string) => setValue(v)}
      onSelect={(path: string) => {
        setValue('');
        void navigate(path);
      }}
      style={{ width: 240 }}
      popupMatchSelectWidth={280}
    />
  );
}
