// The shop's tabs in the form: add, rename, reorder ↑/↓, hide ('Visible'), delete, one level of sub-tabs; content
// products (optionally filtered by type, colour, range) or a text. Paths are the form's (`tabs.1.children.0.name`), so
// an api error naming a tab lands under its field.
import { Button, Radio, Select } from 'antd';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ProductListResponse } from 'shared-kernel/contracts';
import { FormField } from 'shared-kernel/kit';
import { colorLabel } from '../../public/format';
import { useTexts } from './customize.texts';
import { contentOfKind, moveItem, newTab, removeTab, withProductFilter, type EditTab, type TabContent } from './draft';
import { Toggle } from './Toggle';

export type Facets = ProductListResponse['facets'] | null;

/** Replaces a value the way every edit of the tabs does: marked changed, checked again once a save was tried. */
function useSetTabValue() {
  const { setValue, formState } = useFormContext();
  const submitted = formState.isSubmitted;
  return (path: string, value: unknown) => setValue(path, value, { shouldDirty: true, shouldValidate: submitted });
}

/** The top-level tabs: the list and 'Ajouter un onglet' (the new tab becomes the preview's current one). */
export function TabsFieldset({ facets, onFocus }: { facets: Facets; onFocus: (key: string) => void }) {
  const t = useTexts();
  const tabs = useWatch({ name: 'tabs' }) as EditTab[];
  const set = useSetTabValue();
  return (
    <fieldset>
      <legend>{t.tabs.legend}</legend>
      {tabs.length === 0 && <p style={{ margin: 0, color: '#555' }}>{t.tabs.none}</p>}
      <TabList path="tabs" tabs={tabs} depth={0} label={t.tabs.list} facets={facets} onFocus={onFocus} />
      <Button
        onClick={() => {
          const tab = newTab(t.tabs.newTab);
          set('tabs', [...tabs, tab]);
          onFocus(tab.key);
        }}
      >
        {t.tabs.add}
      </Button>
    </fieldset>
  );
}

function TabList({
  path,
  tabs,
  depth,
  label,
  facets,
  onFocus,
}: {
  path: string;
  tabs: EditTab[];
  depth: number;
  label: string;
  facets: Facets;
  onFocus: (key: string) => void;
}) {
  const set = useSetTabValue();
  return (
    <ul
      style={
        depth ? { display: 'grid', gap: 8, padding: '0 0 0 16px', margin: '0 0 8px' } : { display: 'grid', gap: 10, padding: 0, margin: 0 }
      }
      aria-label={label}
    >
      {tabs.map((tab, i) => (
        <TabEditor
          key={tab.key}
          path={`${path}.${i}`}
          tab={tab}
          depth={depth}
          first={i === 0}
          last={i === tabs.length - 1}
          facets={facets}
          onFocus={onFocus}
          onMove={(delta) => set(path, moveItem(tabs, i, delta))}
          onRemove={() => set(path, removeTab(tabs, tab.key))}
        />
      ))}
    </ul>
  );
}

const PRODUCT_TYPES = ['bottle', 'box', 'accessory'] as const;

function TabEditor({
  path,
  tab,
  depth,
  first,
  last,
  facets,
  onFocus,
  onMove,
  onRemove,
}: {
  path: string;
  tab: EditTab;
  depth: number;
  first: boolean;
  last: boolean;
  facets: Facets;
  onFocus: (key: string) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  const t = useTexts();
  const set = useSetTabValue();
  const id = `wz-tab-${tab.key}`;
  const title = tab.name || t.tabs.thisTab;
  const setContent = (content: TabContent) => set(`${path}.content`, content);
  const filter = tab.content.kind === 'products' ? (tab.content.filter ?? {}) : {};
  const filterSelect = (key: string, placeholder: string, label: string, options: { value: string; label: string }[]) => (
    <Select
      mode="multiple"
      allowClear
      placeholder={placeholder}
      aria-label={label}
      value={filter[key] ?? []}
      options={options}
      onChange={(v: string[]) => setContent(withProductFilter(tab.content, key, v))}
    />
  );
  return (
    <li
      style={{ border: '1px solid #e5e5e5', borderRadius: 8, padding: 10, background: depth ? '#fafafa' : '#fff', listStyle: 'none' }}
      onFocusCapture={() => onFocus(tab.key)}
    >
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <div style={{ flex: '1 1 180px' }}>
          <FormField name={`${path}.name`} id={`${id}-name`} label={depth ? t.tabs.subName : t.tabs.name} maxLength={60} />
        </div>
        <Toggle label={t.tabs.visible} checked={tab.exists} onChange={(v) => set(`${path}.exists`, v)} />
        <div style={{ display: 'flex', gap: 4 }}>
          <Button size="small" aria-label={t.tabs.up(title)} disabled={first} onClick={() => onMove(-1)}>
            ↑
          </Button>
          <Button size="small" aria-label={t.tabs.down(title)} disabled={last} onClick={() => onMove(1)}>
            ↓
          </Button>
          <Button size="small" danger aria-label={t.tabs.removeOf(title)} onClick={onRemove}>
            {t.tabs.remove}
          </Button>
        </div>
      </div>
      <div style={{ display: 'grid', gap: 8, marginTop: 8 }}>
        <Radio.Group
          value={tab.content.kind}
          aria-label={t.tabs.content}
          onChange={(e) => setContent(contentOfKind(e.target.value as TabContent['kind']))}
        >
          <Radio value="products">{t.tabs.products}</Radio>
          <Radio value="text">{t.tabs.text}</Radio>
        </Radio.Group>
        {tab.content.kind === 'text' ? (
          <FormField name={`${path}.content.text`} id={`${id}-text`} label={t.tabs.text} kind="textarea" rows={3} maxLength={10000} />
        ) : (
          <div style={{ display: 'grid', gap: 6, gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))' }}>
            {filterSelect(
              'productType',
              t.tabs.allTypes,
              t.tabs.typesFilter,
              PRODUCT_TYPES.map((value) => ({ value, label: t.tabs.productTypes[value] })),
            )}
            {filterSelect(
              'color',
              t.tabs.allColors,
              t.tabs.colorsFilter,
              (facets?.color ?? []).map((c) => ({ value: c, label: colorLabel(c, 'fr') })),
            )}
            {filterSelect(
              'gamme',
              t.tabs.allRanges,
              t.tabs.rangesFilter,
              (facets?.gamme ?? []).map((g) => ({ value: g, label: g })),
            )}
          </div>
        )}
      </div>
      {depth === 0 && (
        <div style={{ marginTop: 8 }}>
          {tab.children.length > 0 && (
            <TabList
              path={`${path}.children`}
              tabs={tab.children}
              depth={1}
              label={t.tabs.childrenOf(tab.name)}
              facets={facets}
              onFocus={onFocus}
            />
          )}
          <Button size="small" onClick={() => set(`${path}.children`, [...tab.children, newTab(t.tabs.newSubTab)])}>
            {t.tabs.addChild}
          </Button>
        </div>
      )}
    </li>
  );
}
