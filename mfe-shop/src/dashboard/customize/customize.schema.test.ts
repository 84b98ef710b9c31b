import { toEditTabs } from './draft';
import { customizeSchema, formValuesOf } from './customize.schema';
import { texts } from './customize.texts';

const MSG = texts.errors;
const messages = (values: unknown) => {
  const r = customizeSchema.safeParse(values);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};
const base = formValuesOf({ color: '#7b1e3a', banner: null, logo: null, headerStyle: {}, tabs: [] });

describe('customizeSchema', () => {
  it('checks tab names (1–50 characters) and text contents', () => {
    const tabs = toEditTabs([
      {
        id: 1,
        name: 'x'.repeat(51),
        order: 0,
        exists: true,
        content: { kind: 'text', text: ' ' },
        children: [{ id: 2, name: ' ', order: 0, exists: true, content: { kind: 'products' }, children: [] }],
      },
    ]);
    expect(messages({ ...base, tabs })).toEqual([
      ['tabs.0.name', MSG.tabName],
      ['tabs.0.content.text', MSG.tabText],
      ['tabs.0.children.0.name', MSG.tabName],
    ]);
    expect(
      messages({
        ...base,
        tabs: toEditTabs([{ id: 1, name: 'x'.repeat(50), order: 0, exists: true, content: { kind: 'products' }, children: [] }]),
      }),
    ).toEqual([]);
  });

  it('wants a hex colour', () => {
    expect(messages({ ...base, color: '#abc' })).toEqual([]);
    expect(messages({ ...base, color: 'rouge' })).toEqual([['color', MSG.color]]);
  });

  it('keeps the form from saving while an image field shows a refused file or address', () => {
    expect(messages({ ...base, imageErrors: { banner: MSG.url, logo: null } })).toEqual([['banner', MSG.url]]);
  });
});
