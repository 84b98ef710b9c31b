import type { ShopCustomization, ShopTab } from 'shared-kernel/contracts';
import {
  contentOfKind,
  draftOf,
  findVisibleTab,
  moveItem,
  newTab,
  previewShop,
  removeTab,
  sameDraft,
  splitSaveAnswer,
  toEditTabs,
  toSaveRequest,
  toTabInputs,
  withProductFilter,
  type Draft,
  type SaveAnswer,
} from './draft';

const tab = (id: number, name: string, extra: Partial<ShopTab> = {}): ShopTab => ({
  id,
  name,
  order: 0,
  exists: true,
  content: { kind: 'products' },
  children: [],
  ...extra,
});

const page: ShopCustomization = {
  editedShop: { color: '#7b1e3a', banner: '/v1/shops/1/images/banner?v=1', logo: null },
  headerStyle: { dark: true },
  tabs: [tab(10, 'Accueil', { content: { kind: 'text', text: 'Bienvenue' } }), tab(11, 'Nos vins', { children: [tab(12, 'Rouges')] })],
};

describe('draftOf', () => {
  it('takes the saved colour, images, header style and tabs, each tab with a key of its own', () => {
    const d = draftOf(page, '#000000');
    expect(d).toMatchObject({ color: '#7b1e3a', banner: '/v1/shops/1/images/banner?v=1', logo: null, headerStyle: { dark: true } });
    expect(d.tabs.map((t) => t.name)).toEqual(['Accueil', 'Nos vins']);
    expect(d.tabs[1].children[0]).toMatchObject({ id: 12, name: 'Rouges' });
    const keys = [d.tabs[0].key, d.tabs[1].key, d.tabs[1].children[0].key];
    expect(new Set(keys).size).toBe(3);
  });

  it('falls back on the header style colour, then on the given colour, and on empty lists', () => {
    expect(draftOf({ editedShop: null, headerStyle: { color: '#112233' }, tabs: [] }, '#000000').color).toBe('#112233');
    const bare = draftOf({ editedShop: { color: '' }, headerStyle: null as never, tabs: null as never }, '#6d1a36');
    expect(bare).toEqual({ color: '#6d1a36', banner: null, logo: null, headerStyle: {}, tabs: [] });
  });
});

describe('toTabInputs', () => {
  it('trims names, keeps saved ids, leaves keys out and keeps one level of sub-tabs', () => {
    const tabs = toEditTabs([tab(11, ' Nos vins ', { children: [tab(12, 'Rouges', { children: [tab(13, 'Trop profond')] })] })]);
    tabs.push(newTab('Nouvel onglet'));
    expect(toTabInputs(tabs)).toEqual([
      {
        id: 11,
        name: 'Nos vins',
        exists: true,
        content: { kind: 'products' },
        children: [{ id: 12, name: 'Rouges', exists: true, content: { kind: 'products' } }],
      },
      { name: 'Nouvel onglet', exists: true, content: { kind: 'products' }, children: [] },
    ]);
  });
});

describe('sameDraft', () => {
  it('ignores tab keys and spaces around names, but sees any other change', () => {
    const a = draftOf(page, '#000000');
    const b = draftOf(page, '#000000');
    expect(a.tabs[0].key).not.toBe(b.tabs[0].key);
    expect(sameDraft(a, b)).toBe(true);
    expect(sameDraft(a, { ...b, tabs: [{ ...b.tabs[0], name: 'Accueil ' }, b.tabs[1]] })).toBe(true);
    expect(sameDraft(a, { ...b, color: '#123456' })).toBe(false);
    expect(sameDraft(a, { ...b, headerStyle: { dark: true, shadow: true } })).toBe(false);
    expect(sameDraft(a, { ...b, tabs: moveItem(b.tabs, 0, 1) })).toBe(false);
  });
});

describe('toSaveRequest', () => {
  const saved = draftOf(page, '#000000');

  it('sends the colour, header style and tabs, and only the images that changed', () => {
    const draft: Draft = { ...saved, logo: 'https://cdn.example.fr/logo.png' };
    expect(toSaveRequest(draft, saved)).toEqual({
      images: [],
      body: {
        editedShop: { color: '#7b1e3a', logo: 'https://cdn.example.fr/logo.png' },
        headerStyle: { dark: true },
        tabs: toTabInputs(saved.tabs),
      },
    });
    expect(toSaveRequest({ ...saved, banner: null }, saved).body.editedShop).toEqual({ color: '#7b1e3a', banner: null });
  });

  it('sends each uploaded image in a request of its own, without a confirmation message', () => {
    const draft: Draft = { ...saved, banner: 'data:image/png;base64,AAAA', logo: 'data:image/webp;base64,BBBB' };
    const request = toSaveRequest(draft, saved);
    expect(request.images).toEqual([
      { editedShop: { banner: 'data:image/png;base64,AAAA' }, noMessage: true },
      { editedShop: { logo: 'data:image/webp;base64,BBBB' }, noMessage: true },
    ]);
    expect(request.body.editedShop).toEqual({ color: '#7b1e3a' });
  });
});

describe('splitSaveAnswer', () => {
  it('gives the session its shop and the editor the saved customization', () => {
    const answer = {
      id: 1,
      name: 'Domaine de Démo',
      editedShop: { color: '#223344' },
      headerStyle: { dark: true },
      tabs: [tab(100, 'Le domaine')],
      message: 'Vos informations ont été mises à jour',
    } as unknown as SaveAnswer;
    const { shop, customization, message } = splitSaveAnswer(answer);
    expect(shop).toEqual({ id: 1, name: 'Domaine de Démo', editedShop: { color: '#223344' } });
    expect(customization).toEqual({ editedShop: { color: '#223344' }, headerStyle: { dark: true }, tabs: [tab(100, 'Le domaine')] });
    expect(message).toBe('Vos informations ont été mises à jour');
  });
});

describe('edits', () => {
  it('moves a tab up or down, and not past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('removes a tab by its key', () => {
    const tabs = [newTab('A'), newTab('B')];
    expect(removeTab(tabs, tabs[0].key).map((t) => t.name)).toEqual(['B']);
  });

  it('starts a new tab visible, on products, with a fresh key', () => {
    const [a, b] = [newTab('Nouvel onglet'), newTab('Nouvel onglet')];
    expect(a).toMatchObject({ name: 'Nouvel onglet', exists: true, content: { kind: 'products' }, children: [] });
    expect(a.id).toBeUndefined();
    expect(a.key).not.toBe(b.key);
  });

  it('starts a content kind empty', () => {
    expect(contentOfKind('text')).toEqual({ kind: 'text', text: '' });
    expect(contentOfKind('products')).toEqual({ kind: 'products' });
  });

  it('sets a products filter, dropping empty choices', () => {
    const red = withProductFilter({ kind: 'products' }, 'color', ['red']);
    expect(red).toEqual({ kind: 'products', filter: { color: ['red'] } });
    const both = withProductFilter(red, 'gamme', ['Tradition']);
    expect(both).toEqual({ kind: 'products', filter: { color: ['red'], gamme: ['Tradition'] } });
    expect(withProductFilter(both, 'color', [])).toEqual({ kind: 'products', filter: { gamme: ['Tradition'] } });
    expect(withProductFilter(red, 'color', [])).toEqual({ kind: 'products' });
  });
});

describe('preview', () => {
  const shop = { id: 1, code: 'DOMDEM', name: 'Domaine de Démo', urlShop: 'domaine-demo', businessType: 'wine' } as const;

  it('shows the unsaved values and visible tabs only, with an id for the unsaved ones', () => {
    const d = draftOf(page, '#000000');
    d.tabs[0] = { ...d.tabs[0], exists: false };
    d.tabs.push({ ...newTab(''), key: 't7' });
    const p = previewShop(shop, { ...d, color: '#123abc' });
    expect(p.editedShop).toEqual({ color: '#123abc', banner: '/v1/shops/1/images/banner?v=1', logo: null });
    expect(p.tabs.map((t) => [t.id, t.name, t.order])).toEqual([
      [11, 'Nos vins', 0],
      [-2007, '…', 1],
    ]);
    expect(p.tabs[0].children.map((t) => t.name)).toEqual(['Rouges']);
  });

  it('finds the visible tab or sub-tab being edited', () => {
    const d = draftOf(page, '#000000');
    expect(findVisibleTab(d.tabs, d.tabs[1].children[0].key)?.name).toBe('Rouges');
    expect(findVisibleTab(d.tabs, null)).toBeNull();
    d.tabs[0] = { ...d.tabs[0], exists: false };
    expect(findVisibleTab(d.tabs, d.tabs[0].key)).toBeNull();
  });
});
