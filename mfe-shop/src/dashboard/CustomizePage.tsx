import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'shared-kernel/router';
import { Alert, Button, Input, InputNumber, Radio, Segmented, Select, Spin, Switch } from 'antd';
import type {
  HeaderStyle,
  ProductListResponse,
  PublicShopPage,
  Shop,
  ShopCustomization,
  ShopTab,
  ShopTabInput,
} from 'shared-kernel/contracts';
import { api, ApiError, confirmPopup, useSession } from 'shared-kernel/runtime';
import { ShopBanner, ShopHeader, ShopStyles } from '../public/ShopFrame';
import { colorLabel } from '../public/format';
import { PreviewFrame } from './PreviewFrame';

/** /dashboard/customize: colour, banner, logo, header style and tabs of the public shop, with a live preview. */

export interface EditTab {
  key: string;
  id?: number;
  name: string;
  exists: boolean;
  content: ShopTabInput['content'];
  children: EditTab[];
}
export interface Draft {
  color: string;
  banner: string | null;
  logo: string | null;
  headerStyle: HeaderStyle;
  tabs: EditTab[];
}

export const MSG = {
  tabName: "Le nom de l'onglet doit contenir entre 1 et 50 caractères",
  tabText: "Le texte de l'onglet ne peut pas être vide",
  color: 'La couleur doit être une couleur hexadécimale (ex. : #7b1e3a)',
  imageType: 'Format non accepté : PNG, JPEG ou WebP uniquement',
  imageSize: "L'image ne doit pas dépasser 1 Mo",
  url: "L'adresse doit commencer par https://",
  leaveTitle: 'Modifications non enregistrées',
  leaveText: 'Vos modifications ne sont pas enregistrées. Voulez-vous quitter la page sans les enregistrer ?',
} as const;

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const IMAGE_MAX_BYTES = 1024 * 1024;
/** Data URLs above this are downscaled first, so that a request stays under the api's 1 MB body limit. */
const DATA_URL_BUDGET = 700_000;
const FONTS = [
  { value: '', label: 'Police par défaut' },
  { value: 'Georgia, serif', label: 'Georgia (serif)' },
  { value: "'Times New Roman', serif", label: 'Times New Roman (serif)' },
  { value: 'system-ui, sans-serif', label: 'Système (sans serif)' },
  { value: 'Arial, Helvetica, sans-serif', label: 'Arial (sans serif)' },
  { value: "'Trebuchet MS', sans-serif", label: 'Trebuchet (sans serif)' },
  { value: "'Courier New', monospace", label: 'Courier (machine à écrire)' },
];
const PRODUCT_TYPES = [
  { value: 'bottle', label: 'Bouteilles' },
  { value: 'box', label: 'Coffrets' },
  { value: 'accessory', label: 'Accessoires' },
];

let keySeq = 0;
const newKey = () => `t${++keySeq}`;

export function toEditTabs(tabs: ShopTab[]): EditTab[] {
  return tabs.map((t) => ({
    key: newKey(),
    id: t.id,
    name: t.name,
    exists: t.exists,
    content: t.content,
    children: toEditTabs(t.children ?? []),
  }));
}
export function toTabInputs(tabs: EditTab[], depth = 0): ShopTabInput[] {
  return tabs.map((t) => ({
    ...(t.id ? { id: t.id } : {}),
    name: t.name.trim(),
    exists: t.exists,
    content: t.content,
    ...(depth === 0 ? { children: toTabInputs(t.children, 1) } : {}),
  }));
}
/** Client-side check of the §5 'counter' rule and non-empty texts; returns errors by tab key. */
export function validateTabs(tabs: EditTab[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const walk = (list: EditTab[]) =>
    list.forEach((t) => {
      const n = t.name.trim().length;
      if (n < 1 || n > 50) errors[`${t.key}.name`] = MSG.tabName;
      if (t.content.kind === 'text' && !t.content.text.trim()) errors[`${t.key}.text`] = MSG.tabText;
      walk(t.children);
    });
  walk(tabs);
  return errors;
}

function draftOf(c: ShopCustomization, fallbackColor: string): Draft {
  return {
    color: c.editedShop?.color || c.headerStyle?.color || fallbackColor,
    banner: c.editedShop?.banner ?? null,
    logo: c.editedShop?.logo ?? null,
    headerStyle: c.headerStyle ?? {},
    tabs: toEditTabs(c.tabs ?? []),
  };
}
/** Comparable form of a draft (tab keys ignored). */
const snapshot = (d: Draft) => JSON.stringify({ ...d, tabs: toTabInputs(d.tabs) });

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}
async function downscale(file: File, maxWidth: number): Promise<string | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  try {
    const bmp = await createImageBitmap(file);
    const ratio = Math.min(1, maxWidth / bmp.width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bmp.width * ratio);
    canvas.height = Math.round(bmp.height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(bmp, 0, 0, canvas.width, canvas.height);
    for (const q of [0.9, 0.8, 0.7, 0.6]) {
      const url = canvas.toDataURL(
        file.type === 'image/png' && q === 0.9 ? 'image/png' : file.type === 'image/webp' ? 'image/webp' : 'image/jpeg',
        q,
      );
      if (url.length <= DATA_URL_BUDGET) return url;
    }
    return null;
  } catch {
    return null;
  }
}
/** An uploaded image as a data URL within the api's limits (png/jpeg/webp, ≤ 1 MB), or a French error. */
export async function prepareImage(file: File, maxWidth: number): Promise<{ url: string } | { error: string }> {
  if (!IMAGE_TYPES.includes(file.type)) return { error: MSG.imageType };
  if (file.size <= IMAGE_MAX_BYTES) {
    const url = await readAsDataUrl(file);
    if (url.length <= DATA_URL_BUDGET) return { url };
  }
  const small = await downscale(file, maxWidth);
  return small ? { url: small } : { error: MSG.imageSize };
}

function Field({
  label,
  htmlFor,
  error,
  children,
  hint,
}: {
  label: string;
  htmlFor?: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div style={{ display: 'grid', gap: 4 }}>
      <label htmlFor={htmlFor} style={{ fontWeight: 600 }}>
        {label}
      </label>
      {children}
      {hint && !error && <span style={{ color: '#666', fontSize: 12 }}>{hint}</span>}
      {error && (
        <span role="alert" style={{ color: '#b42318', fontSize: 13 }}>
          {error}
        </span>
      )}
    </div>
  );
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label style={{ display: 'flex', gap: 8, alignItems: 'center', cursor: 'pointer' }}>
      <Switch size="small" checked={checked} onChange={onChange} aria-label={label} />
      <span>{label}</span>
    </label>
  );
}

function ImageField({
  kind,
  label,
  value,
  onChange,
  error,
  setError,
}: {
  kind: 'banner' | 'logo';
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string;
  setError: (m?: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const isData = !!value?.startsWith('data:');
  const [url, setUrl] = useState(value && !isData && !value.startsWith('/v1/') ? value : '');
  useEffect(() => {
    if (value && !value.startsWith('data:') && !value.startsWith('/v1/')) setUrl(value);
    if (!value) setUrl('');
  }, [value]);
  const id = `wz-${kind}`;
  return (
    <Field label={label} htmlFor={`${id}-url`} error={error} hint="Image PNG, JPEG ou WebP (1 Mo maximum), ou adresse https://">
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
        {value && (
          <img
            src={value}
            alt={`${label} actuelle`}
            style={{ height: 40, maxWidth: 120, objectFit: 'cover', borderRadius: 4, border: '1px solid #eee' }}
          />
        )}
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          aria-label={`Choisir un fichier pour ${label.toLowerCase()}`}
          style={{ display: 'none' }}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const r = await prepareImage(file, kind === 'logo' ? 512 : 1920);
            if ('error' in r) {
              setError(r.error);
              return;
            }
            setError(undefined);
            onChange(r.url);
          }}
        />
        <Button onClick={() => input.current?.click()}>Choisir une image…</Button>
        {value && (
          <Button
            onClick={() => {
              setError(undefined);
              onChange(null);
            }}
          >
            Retirer
          </Button>
        )}
      </div>
      <Input
        id={`${id}-url`}
        placeholder="https://…"
        value={url}
        allowClear
        onChange={(e) => {
          const v = e.target.value.trim();
          setUrl(e.target.value);
          if (!v) {
            setError(undefined);
            return;
          }
          if (!/^https:\/\/[^\s/]+\.[^\s]+$/.test(v)) {
            setError(MSG.url);
            return;
          }
          setError(undefined);
          onChange(v);
        }}
      />
    </Field>
  );
}

function TabEditor({
  tab,
  depth,
  index,
  count,
  errors,
  facets,
  onChange,
  onMove,
  onRemove,
  onAddChild,
  onFocus,
}: {
  tab: EditTab;
  depth: number;
  index: number;
  count: number;
  errors: Record<string, string>;
  facets: ProductListResponse['facets'] | null;
  onChange: (t: EditTab) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
  onAddChild?: () => void;
  onFocus: (key: string) => void;
}) {
  const id = `wz-tab-${tab.key}`;
  const filter = tab.content.kind === 'products' ? (tab.content.filter ?? {}) : {};
  const setFilter = (k: string, v: string[]) => {
    const next: Record<string, string[]> = { ...filter, [k]: v };
    if (!v.length) delete next[k];
    onChange({ ...tab, content: { kind: 'products', ...(Object.keys(next).length ? { filter: next } : {}) } });
  };
  const opts = (xs: string[] | undefined, label: (x: string) => string = (x) => x) =>
    (xs ?? []).map((x) => ({ value: x, label: label(x) }));
  return (
    <li
      style={{ border: '1px solid #e5e5e5', borderRadius: 8, padding: 10, background: depth ? '#fafafa' : '#fff', listStyle: 'none' }}
      onFocusCapture={() => onFocus(tab.key)}
    >
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <div style={{ flex: '1 1 180px' }}>
          <Field label={depth ? 'Nom du sous-onglet' : "Nom de l'onglet"} htmlFor={`${id}-name`} error={errors[`${tab.key}.name`]}>
            <Input
              id={`${id}-name`}
              value={tab.name}
              maxLength={60}
              status={errors[`${tab.key}.name`] ? 'error' : undefined}
              onChange={(e) => onChange({ ...tab, name: e.target.value })}
            />
          </Field>
        </div>
        <Toggle label="Visible" checked={tab.exists} onChange={(v) => onChange({ ...tab, exists: v })} />
        <div style={{ display: 'flex', gap: 4 }}>
          <Button size="small" aria-label={`Monter ${tab.name || "l'onglet"}`} disabled={index === 0} onClick={() => onMove(-1)}>
            ↑
          </Button>
          <Button size="small" aria-label={`Descendre ${tab.name || "l'onglet"}`} disabled={index === count - 1} onClick={() => onMove(1)}>
            ↓
          </Button>
          <Button size="small" danger aria-label={`Supprimer ${tab.name || "l'onglet"}`} onClick={onRemove}>
            Supprimer
          </Button>
        </div>
      </div>
      <div style={{ display: 'grid', gap: 8, marginTop: 8 }}>
        <Radio.Group
          value={tab.content.kind}
          aria-label="Contenu de l'onglet"
          onChange={(e) => onChange({ ...tab, content: e.target.value === 'text' ? { kind: 'text', text: '' } : { kind: 'products' } })}
        >
          <Radio value="products">Produits</Radio>
          <Radio value="text">Texte</Radio>
        </Radio.Group>
        {tab.content.kind === 'text' ? (
          <Field label="Texte" htmlFor={`${id}-text`} error={errors[`${tab.key}.text`]}>
            <Input.TextArea
              id={`${id}-text`}
              rows={3}
              maxLength={10000}
              value={tab.content.text}
              onChange={(e) => onChange({ ...tab, content: { kind: 'text', text: e.target.value } })}
            />
          </Field>
        ) : (
          <div style={{ display: 'grid', gap: 6, gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))' }}>
            <Select
              mode="multiple"
              allowClear
              placeholder="Tous les types"
              aria-label="Filtre : types de produit"
              value={filter.productType ?? []}
              options={PRODUCT_TYPES}
              onChange={(v: string[]) => setFilter('productType', v)}
            />
            <Select
              mode="multiple"
              allowClear
              placeholder="Toutes les couleurs"
              aria-label="Filtre : couleurs"
              value={filter.color ?? []}
              options={opts(facets?.color, (c) => colorLabel(c, 'fr'))}
              onChange={(v: string[]) => setFilter('color', v)}
            />
            <Select
              mode="multiple"
              allowClear
              placeholder="Toutes les gammes"
              aria-label="Filtre : gammes"
              value={filter.gamme ?? []}
              options={opts(facets?.gamme)}
              onChange={(v: string[]) => setFilter('gamme', v)}
            />
          </div>
        )}
      </div>
      {depth === 0 && (
        <div style={{ marginTop: 8 }}>
          {tab.children.length > 0 && (
            <ul style={{ display: 'grid', gap: 8, padding: '0 0 0 16px', margin: '0 0 8px' }} aria-label={`Sous-onglets de ${tab.name}`}>
              {tab.children.map((c, i) => (
                <TabEditor
                  key={c.key}
                  tab={c}
                  depth={1}
                  index={i}
                  count={tab.children.length}
                  errors={errors}
                  facets={facets}
                  onFocus={onFocus}
                  onChange={(n) => onChange({ ...tab, children: tab.children.map((x) => (x.key === c.key ? n : x)) })}
                  onMove={(d) => onChange({ ...tab, children: move(tab.children, i, d) })}
                  onRemove={() => onChange({ ...tab, children: tab.children.filter((x) => x.key !== c.key) })}
                />
              ))}
            </ul>
          )}
          <Button size="small" onClick={onAddChild}>
            Ajouter un sous-onglet
          </Button>
        </div>
      )}
    </li>
  );
}

function move<T>(list: T[], i: number, delta: number): T[] {
  const j = i + delta;
  if (j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** What the preview renders: the public ShopHeader with the unsaved values. */
export function previewShop(shop: Pick<Shop, 'id' | 'code' | 'name' | 'urlShop' | 'businessType'>, d: Draft): PublicShopPage {
  const tabs = (list: EditTab[]): ShopTab[] =>
    list
      .filter((t) => t.exists)
      .map((t, i) => ({
        id: t.id ?? -(i + 1) * 1000 - Number(t.key.slice(1)),
        name: t.name || '…',
        order: i,
        exists: true,
        content: t.content,
        children: tabs(t.children),
      }));
  return {
    id: shop.id,
    code: shop.code,
    name: shop.name,
    urlShop: shop.urlShop,
    businessType: shop.businessType,
    editedShop: { color: d.color, banner: d.banner, logo: d.logo },
    description: null,
    legalNotice: null,
    headerStyle: d.headerStyle,
    pricesReservedToMembers: false,
    titleProducts: null,
    tabs: tabs(d.tabs),
    viewer: { member: true, kind: 'owner', typology: 'particulier', typologyName: 'Particulier', ttc: true },
  };
}

function Preview({
  shop,
  draft,
  activeKey,
}: {
  shop: Pick<Shop, 'id' | 'code' | 'name' | 'urlShop' | 'businessType'>;
  draft: Draft;
  activeKey: string | null;
}) {
  const [mode, setMode] = useState<'desktop' | 'phone'>(() =>
    typeof window !== 'undefined' && window.innerWidth < 600 ? 'phone' : 'desktop',
  );
  const page = previewShop(shop, draft);
  const flat = (list: EditTab[]): EditTab[] => list.flatMap((t) => [t, ...t.children]);
  const active = flat(draft.tabs).find((t) => t.key === activeKey && t.exists) ?? null;
  const current = active
    ? ([...page.tabs, ...page.tabs.flatMap((t) => t.children)].find((t) => t.name === (active.name || '…')) ?? null)
    : null;
  return (
    <section aria-label="Aperçu" style={{ display: 'grid', gap: 8, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <h2 style={{ margin: 0, fontSize: 18 }}>Aperçu</h2>
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as 'desktop' | 'phone')}
          options={[
            { value: 'desktop', label: 'Ordinateur' },
            { value: 'phone', label: 'Téléphone' },
          ]}
        />
      </div>
      <div style={{ maxWidth: mode === 'phone' ? 375 : undefined }}>
        <PreviewFrame
          key={mode}
          width={mode === 'phone' ? 375 : 1200}
          height={mode === 'phone' ? 640 : 560}
          title={mode === 'phone' ? 'Aperçu téléphone' : 'Aperçu ordinateur'}
        >
          <ShopStyles />
          <div className="wzs" style={{ ['--wzs-accent' as string]: draft.color }} data-testid="preview">
            <ShopHeader shop={page} current={current} />
            <ShopBanner shop={page} />
            <h1>{active ? active.name : 'Nos produits'}</h1>
            {active?.content.kind === 'text' ? (
              <p className="wzs-text">{active.content.text}</p>
            ) : (
              <ul className="wzs-grid">
                {['Cuvée', 'Millésime', 'Coffret', 'Rosé'].map((n) => (
                  <li key={n} className="wzs-card">
                    <a href="#">
                      <div className="wzs-visual" aria-hidden="true" />
                      <h3>{n}</h3>
                      <span className="wzs-price">12,50 € TTC</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </PreviewFrame>
      </div>
    </section>
  );
}

function useUnsavedGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmPopup({
      title: MSG.leaveTitle,
      content: MSG.leaveText,
      okText: 'Quitter sans enregistrer',
      cancelText: 'Rester sur la page',
      small: true,
    }).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
}

/** Maps an api error field (tabs.1.children.0.name) to this form's error keys. */
function apiFieldKey(field: string | undefined, tabs: EditTab[]): string | null {
  if (!field) return null;
  const m = /^tabs\.(\d+)(?:\.children\.(\d+))?\.(name|content\.text)/.exec(field);
  if (m) {
    const top = tabs[Number(m[1])];
    const t = m[2] !== undefined ? top?.children[Number(m[2])] : top;
    return t ? `${t.key}.${m[3] === 'name' ? 'name' : 'text'}` : null;
  }
  if (field.startsWith('editedShop.')) return field.slice('editedShop.'.length);
  if (field.startsWith('headerStyle.')) return field;
  return null;
}

export default function CustomizePage() {
  const shop = useSession((s) => s.shop);
  const role = useSession((s) => s.user?.role);
  const setShop = useSession((s) => s.setShop);
  const [saved, setSaved] = useState<Draft | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [facets, setFacets] = useState<ProductListResponse['facets'] | null>(null);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const fallback = shop?.editedShop?.color || '#6d1a36';

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const c = await api.get<ShopCustomization>('/shops/me/page', { silent: true });
      const d = draftOf(c, fallback);
      setSaved(d);
      setDraft(d);
      setErrors({});
    } catch (err) {
      setLoadError(err instanceof ApiError ? err.message : 'Une erreur est survenue');
    }
  }, [fallback]);
  useEffect(() => {
    void load();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!shop?.id) return;
    api.get<ProductListResponse>('/products', { silent: true, query: { shopIds: [shop.id], limit: 1 } }).then(
      (r) => setFacets(r.facets),
      () => undefined,
    );
  }, [shop?.id]);

  const dirty = useMemo(() => !!draft && !!saved && snapshot(draft) !== snapshot(saved), [draft, saved]);
  useUnsavedGuard(dirty);

  if (loadError)
    return (
      <div style={{ padding: 16 }}>
        <Alert type="error" showIcon role="alert" title={loadError} action={<Button onClick={() => void load()}>Réessayer</Button>} />
      </div>
    );
  if (!draft || !saved || !shop)
    return (
      <div style={{ padding: 32, textAlign: 'center' }}>
        <Spin aria-label="Chargement" />
      </div>
    );
  const readOnly = role !== 'owner';

  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const setHs = (patch: Partial<HeaderStyle>) => setDraft((d) => (d ? { ...d, headerStyle: { ...d.headerStyle, ...patch } } : d));
  const setTabs = (tabs: EditTab[]) => set({ tabs });
  const setErr = (k: string) => (m?: string) =>
    setErrors((e) => {
      const n = { ...e };
      if (m) n[k] = m;
      else delete n[k];
      return n;
    });
  const hs = draft.headerStyle;

  const save = async () => {
    const tabErrors = validateTabs(draft.tabs);
    const colorError: Record<string, string> = HEX.test(draft.color) ? {} : { color: MSG.color };
    const pending = Object.fromEntries(Object.entries(errors).filter(([k]) => k === 'banner' || k === 'logo'));
    const all = { ...tabErrors, ...colorError, ...pending };
    setErrors(all);
    if (Object.keys(all).length) return;
    setSaving(true);
    try {
      // Uploaded images go one by one (each up to ~700 kB of data URL), then everything else with the confirmation message.
      const edited: Record<string, string | null> = { color: draft.color };
      for (const kind of ['banner', 'logo'] as const) {
        if (draft[kind] === saved[kind]) continue;
        if (draft[kind]?.startsWith('data:')) await api.put('/shops/me', { editedShop: { [kind]: draft[kind] }, noMessage: true });
        else edited[kind] = draft[kind];
      }
      const res = await api.put<Shop & { message?: string; headerStyle: HeaderStyle; tabs: ShopTab[] }>('/shops/me', {
        editedShop: edited,
        headerStyle: draft.headerStyle,
        tabs: toTabInputs(draft.tabs),
      });
      const { message: _m, headerStyle, tabs, ...nextShop } = res;
      setShop(nextShop as Shop);
      const next = draftOf({ editedShop: res.editedShop ?? null, headerStyle, tabs }, fallback);
      setSaved(next);
      setDraft(next);
      setActiveKey(null);
    } catch (err) {
      if (err instanceof ApiError) {
        const key = apiFieldKey(err.field, draft.tabs);
        if (key) setErrors((e) => ({ ...e, [key]: err.message }));
      }
    } finally {
      setSaving(false);
    }
  };
  const discard = () => {
    setDraft(saved);
    setErrors({});
  };

  return (
    <div className="wz-customize" style={{ padding: 16, boxSizing: 'border-box', width: '100%' }}>
      <style>{`.wz-customize-grid{display:grid;gap:20px;grid-template-columns:minmax(0,1fr)}
@media (min-width:1100px){.wz-customize-grid{grid-template-columns:minmax(380px,520px) minmax(0,1fr)}.wz-customize-preview{position:sticky;top:12px;align-self:start}}
.wz-customize fieldset{border:1px solid #e5e5e5;border-radius:10px;padding:12px;margin:0;display:grid;gap:12px;min-width:0}
.wz-customize legend{font-weight:700;padding:0 6px}`}</style>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', marginBottom: 12 }}>
        <h1 style={{ fontSize: 24, margin: 0 }}>Personnalisation de la boutique</h1>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <a href={`/${shop.urlShop}`} target="_blank" rel="noreferrer">
            <Button>Voir la boutique</Button>
          </a>
          <Button onClick={discard} disabled={!dirty || saving}>
            Annuler les modifications
          </Button>
          <Button type="primary" onClick={() => void save()} loading={saving} disabled={!dirty || readOnly}>
            Enregistrer
          </Button>
        </div>
      </div>
      {readOnly && (
        <Alert
          type="info"
          showIcon
          title="Seul le propriétaire de la boutique peut enregistrer la personnalisation."
          style={{ marginBottom: 12 }}
        />
      )}
      {dirty && (
        <p role="status" style={{ margin: '0 0 12px', color: '#8a4b00' }}>
          Modifications non enregistrées
        </p>
      )}
      <div className="wz-customize-grid">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          noValidate
          style={{ display: 'grid', gap: 16, minWidth: 0 }}
          aria-label="Personnalisation"
        >
          <fieldset>
            <legend>Boutique</legend>
            <Field label="Couleur principale" htmlFor="wz-color" error={errors.color}>
              <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <input
                  type="color"
                  aria-label="Choisir la couleur principale"
                  value={HEX.test(draft.color) && draft.color.length === 7 ? draft.color : '#000000'}
                  onChange={(e) => {
                    setErr('color')();
                    set({ color: e.target.value });
                  }}
                  style={{ width: 44, height: 32, padding: 0, border: '1px solid #ccc', borderRadius: 6 }}
                />
                <Input
                  id="wz-color"
                  value={draft.color}
                  maxLength={7}
                  style={{ maxWidth: 140 }}
                  status={errors.color ? 'error' : undefined}
                  onChange={(e) => {
                    const v = e.target.value.trim();
                    setErr('color')(HEX.test(v) ? undefined : MSG.color);
                    set({ color: v });
                  }}
                />
              </div>
            </Field>
            <ImageField
              kind="banner"
              label="Bannière"
              value={draft.banner}
              onChange={(v) => set({ banner: v })}
              error={errors.banner}
              setError={setErr('banner')}
            />
            <ImageField
              kind="logo"
              label="Logo"
              value={draft.logo}
              onChange={(v) => set({ logo: v })}
              error={errors.logo}
              setError={setErr('logo')}
            />
          </fieldset>
          <fieldset>
            <legend>Style de l'en-tête</legend>
            <Field label="Position du logo">
              <Radio.Group
                value={hs.logoPlacement ?? 'start'}
                onChange={(e) => setHs({ logoPlacement: e.target.value })}
                aria-label="Position du logo"
              >
                <Radio value="start">Au début</Radio>
                <Radio value="center">Au centre</Radio>
                <Radio value="left">À gauche, onglets à droite</Radio>
              </Radio.Group>
            </Field>
            <Field label="Alignement des onglets" htmlFor="wz-justify">
              <Select
                id="wz-justify"
                value={hs.justifyContent ?? 'start'}
                onChange={(v) => setHs({ justifyContent: v })}
                options={[
                  { value: 'start', label: 'Au début' },
                  { value: 'center', label: 'Centrés' },
                  { value: 'end', label: 'À la fin' },
                  { value: 'space-between', label: 'Répartis' },
                ]}
              />
            </Field>
            <Field label="Police" htmlFor="wz-font">
              <Select id="wz-font" value={hs.font ?? ''} onChange={(v) => setHs({ font: v })} options={FONTS} />
            </Field>
            <Field label="Élévation (ombre portée, 0 à 24)" htmlFor="wz-elevation">
              <InputNumber
                id="wz-elevation"
                min={0}
                max={24}
                precision={0}
                value={hs.elevation ?? 0}
                onChange={(v) => setHs({ elevation: Math.max(0, Math.min(24, Number(v ?? 0))) })}
              />
            </Field>
            <div style={{ display: 'grid', gap: 8, gridTemplateColumns: 'repeat(auto-fit, minmax(190px, 1fr))' }}>
              <Toggle label="En-tête de la couleur principale" checked={!!hs.dark} onChange={(v) => setHs({ dark: v })} />
              <Toggle label="Ombre" checked={!!hs.shadow} onChange={(v) => setHs({ shadow: v })} />
              <Toggle label="Bordure" checked={hs.border !== false} onChange={(v) => setHs({ border: v })} />
              <Toggle label="Souligner l'onglet actif" checked={!!hs.underline} onChange={(v) => setHs({ underline: v })} />
              <Toggle label="Majuscules" checked={!!hs.isUppercase} onChange={(v) => setHs({ isUppercase: v })} />
              <Toggle label="Masquer le logo" checked={!!hs.hideLogo} onChange={(v) => setHs({ hideLogo: v })} />
              <Toggle label="Ombre du logo" checked={!!hs.logoShadow} onChange={(v) => setHs({ logoShadow: v })} />
            </div>
          </fieldset>
          <fieldset>
            <legend>Onglets</legend>
            {draft.tabs.length === 0 && <p style={{ margin: 0, color: '#555' }}>Aucun onglet : la boutique affiche tous les produits.</p>}
            <ul style={{ display: 'grid', gap: 10, padding: 0, margin: 0 }} aria-label="Onglets de la boutique">
              {draft.tabs.map((t, i) => (
                <TabEditor
                  key={t.key}
                  tab={t}
                  depth={0}
                  index={i}
                  count={draft.tabs.length}
                  errors={errors}
                  facets={facets}
                  onFocus={setActiveKey}
                  onChange={(n) => setTabs(draft.tabs.map((x) => (x.key === t.key ? n : x)))}
                  onMove={(d) => setTabs(move(draft.tabs, i, d))}
                  onRemove={() => setTabs(draft.tabs.filter((x) => x.key !== t.key))}
                  onAddChild={() =>
                    setTabs(
                      draft.tabs.map((x) =>
                        x.key === t.key
                          ? {
                              ...x,
                              children: [
                                ...x.children,
                                { key: newKey(), name: 'Nouveau sous-onglet', exists: true, content: { kind: 'products' }, children: [] },
                              ],
                            }
                          : x,
                      ),
                    )
                  }
                />
              ))}
            </ul>
            <Button
              onClick={() => {
                const k = newKey();
                setTabs([...draft.tabs, { key: k, name: 'Nouvel onglet', exists: true, content: { kind: 'products' }, children: [] }]);
                setActiveKey(k);
              }}
            >
              Ajouter un onglet
            </Button>
          </fieldset>
        </form>
        <div className="wz-customize-preview" style={{ minWidth: 0 }}>
          <Preview shop={shop} draft={draft} activeKey={activeKey} />
        </div>
      </div>
    </div>
  );
}
