/** @jest-environment jsdom */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import type { Editor } from '@tiptap/react';
import { renderPage } from 'shared-kernel/testing';
import { RichTextEditor, type RichTextEditorHandle } from './RichTextEditor';

// jsdom has no layout: ProseMirror asks ranges and the document for coordinates when it scrolls the caret into view.
beforeAll(() => {
  const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) } as DOMRect;
  const rects = Object.assign([rect], { item: () => rect }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => rect;
  Range.prototype.getClientRects ??= () => rects;
  document.elementFromPoint ??= () => null;
});

interface Setup {
  value?: string;
  placeholder?: string;
  language?: 'fr' | 'en';
}

/** The editor in a controlled parent, as a form would hold it; every onChange is recorded. */
function setup({ value = '', placeholder, language }: Setup = {}) {
  const changes: string[] = [];
  const handle = createRef<RichTextEditorHandle>();
  let editor: Editor | null = null;
  let setOutside: (v: string) => void = () => {};
  function Host() {
    const [html, setHtml] = useState(value);
    setOutside = setHtml;
    return (
      <RichTextEditor
        ref={handle}
        aria-label="Texte du bloc"
        placeholder={placeholder}
        value={html}
        onChange={(h) => {
          changes.push(h);
          setHtml(h);
        }}
        editorRef={(e) => {
          editor = e;
        }}
        extraToolbar={<button type="button">Extra</button>}
      />
    );
  }
  renderPage(<Host />, { language });
  const text = screen.getByRole('textbox', { name: 'Texte du bloc' });
  return {
    text,
    handle,
    changes,
    last: () => changes[changes.length - 1],
    editor: () => editor!,
    setOutside: (v: string) => act(() => setOutside(v)),
  };
}

/** Picks an option of one of the toolbar's antd selects. */
async function pick(name: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name }));
  const item = await waitFor(() => {
    const el = document.querySelector<HTMLElement>(
      `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`,
    );
    if (!el) throw new Error(`no option ${option} in ${name}`);
    return el;
  });
  await userEvent.click(item);
}

/** Selects the characters [from, to) of the text (ProseMirror positions: 1 is the start of the first paragraph). */
const select = (editor: Editor, from: number, to: number) => act(() => void editor.commands.setTextSelection({ from, to }));

it('typing hands sanitised HTML to onChange, and the text is named and reachable', async () => {
  const t = setup({ placeholder: 'Votre texte' });
  expect(t.text).toHaveAttribute('contenteditable', 'true');
  expect(t.text).toHaveAttribute('aria-multiline', 'true');
  expect(t.text).toHaveAttribute('aria-placeholder', 'Votre texte');
  expect(screen.getByText('Votre texte')).toBeInTheDocument();
  await userEvent.click(t.text);
  await userEvent.type(t.text, 'Bonjour');
  await waitFor(() => expect(t.last()).toBe('<p>Bonjour</p>'));
  expect(screen.queryByText('Votre texte')).not.toBeInTheDocument();
  // what Tiptap would write but §5 refuses never reaches onChange (nor the empty <span> it would leave)
  act(() => void t.editor().chain().selectAll().setFontFamily('Evil').setColor('url(x)').setLineHeight('12pt').run());
  expect(t.last()).toBe('<p>Bonjour</p>');
  act(() => void t.editor().chain().selectAll().setColor('#c0392b').run());
  expect(t.last()).toBe('<p><span style="color: rgb(192, 57, 43)">Bonjour</span></p>');
  // emptied: ''
  act(() => void t.editor().commands.clearContent(true));
  expect(t.last()).toBe('');
});

it('loads the value sanitised, and a new value from outside replaces the text without echoing it', async () => {
  const t = setup({ value: '<p onclick="x()" style="position: fixed; text-align: center">Salut</p><script>alert(1)</script>' });
  expect(t.text.innerHTML).toContain('Salut');
  expect(t.text.innerHTML).not.toMatch(/script|onclick|fixed/);
  expect(t.text.querySelector('p')).toHaveStyle({ textAlign: 'center' });
  t.setOutside('<h3>Nouveau modèle</h3>');
  await waitFor(() => expect(t.text.querySelector('h3')).toHaveTextContent('Nouveau modèle'));
  expect(t.changes).toEqual([]);
});

it('« Taille » writes font-size in px on the selection, 10 being the default (no size)', async () => {
  const t = setup({ value: '<p>Bonjour le monde</p>' });
  const size = screen.getByRole('combobox', { name: 'Taille' });
  expect(size.closest('.ant-select')).toHaveTextContent('10');
  select(t.editor(), 1, 8);
  await pick('Taille', '26');
  expect(t.last()).toBe('<p><span style="font-size: 26px">Bonjour</span> le monde</p>');
  await waitFor(() => expect(size.closest('.ant-select')).toHaveTextContent('26'));
  await userEvent.click(size);
  const options = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
  expect(options.map((o) => o.getAttribute('title'))).toEqual([
    '8',
    '10',
    '12',
    '14',
    '16',
    '18',
    '20',
    '26',
    '32',
    '36',
    '42',
    '50',
    '75',
    '100',
    '125',
    '150',
  ]);
  await userEvent.click(options[1]);
  expect(t.last()).toBe('<p>Bonjour le monde</p>');
});

it('« Titre 2 » turns the paragraph into an h2, « Paragraphe » back', async () => {
  const t = setup({ value: '<p>Les vendanges</p>' });
  select(t.editor(), 3, 3);
  await pick('Style de paragraphe', 'Titre 2');
  expect(t.last()).toBe('<h2>Les vendanges</h2>');
  await pick('Style de paragraphe', 'Paragraphe');
  expect(t.last()).toBe('<p>Les vendanges</p>');
});

it('a font of the list writes its family, kept by the sanitiser', async () => {
  const t = setup({ value: '<p>Cuvée</p>' });
  select(t.editor(), 1, 6);
  await pick('Police', 'Times New Roman');
  expect(t.last()).toBe('<p><span style="font-family: &quot;Times New Roman&quot;, Times, serif">Cuvée</span></p>');
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Police' }).closest('.ant-select')).toHaveTextContent('Times New Roman'));
  await pick('Police', 'Police par défaut');
  expect(t.last()).toBe('<p>Cuvée</p>');
});

it('a text colour from the palette, written as a §5 colour', async () => {
  const t = setup({ value: '<p>Rosé</p>' });
  select(t.editor(), 1, 5);
  await userEvent.click(screen.getByRole('button', { name: 'Couleur du texte' }));
  const swatch = await waitFor(() => {
    const el = document.querySelector<HTMLElement>('.ant-color-picker-presets-color');
    if (!el) throw new Error('no palette');
    return el;
  });
  await userEvent.click(swatch);
  await waitFor(() => expect(t.last()).toBe('<p><span style="color: rgb(0, 0, 0)">Rosé</span></p>'));
});

it('marks, alignment and lists from the buttons, each with its name and pressed state', async () => {
  const t = setup({ value: '<p>Rouge</p>' });
  const toolbar = screen.getByRole('toolbar', { name: 'Mise en forme' });
  for (const b of within(toolbar).getAllByRole('button')) expect(b).toHaveAccessibleName();
  for (const c of within(toolbar).getAllByRole('combobox')) expect(c).toHaveAccessibleName();
  expect(within(toolbar).getByRole('button', { name: 'Extra' })).toBeInTheDocument();
  select(t.editor(), 1, 6);
  const bold = screen.getByRole('button', { name: 'Gras' });
  expect(bold).toHaveAttribute('aria-pressed', 'false');
  await userEvent.click(bold);
  expect(t.last()).toBe('<p><strong>Rouge</strong></p>');
  await waitFor(() => expect(bold).toHaveAttribute('aria-pressed', 'true'));
  await userEvent.click(screen.getByRole('button', { name: 'Souligné' }));
  await userEvent.click(screen.getByRole('button', { name: 'Centrer' }));
  expect(t.last()).toBe('<p style="text-align: center"><strong><u>Rouge</u></strong></p>');
  await userEvent.click(screen.getByRole('button', { name: 'Liste à puces' }));
  expect(t.last()).toBe('<ul><li><p style="text-align: center"><strong><u>Rouge</u></strong></p></li></ul>');
  const listed = t.last();
  await userEvent.click(screen.getByRole('button', { name: 'Annuler la dernière modification' }));
  expect(t.last()).not.toContain('<ul>');
  expect(t.last()).toContain('Rouge');
  await userEvent.click(screen.getByRole('button', { name: 'Rétablir la modification' }));
  expect(t.last()).toBe(listed);
});

it('a link: javascript: is refused with the French message, https accepted', async () => {
  const t = setup({ value: '<p>Notre site</p>' });
  select(t.editor(), 1, 11);
  await userEvent.click(screen.getByRole('button', { name: 'Lien' }));
  const url = await screen.findByRole('textbox', { name: 'Adresse du lien' });
  await userEvent.type(url, 'javascript:alert(1)');
  await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Lien invalide : http, https, ftp, mailto ou tel');
  expect(url).toHaveAttribute('aria-invalid', 'true');
  expect(t.changes).toEqual([]);
  await userEvent.clear(url);
  await userEvent.type(url, 'https://domaine.fr{enter}');
  await waitFor(() =>
    expect(t.last()).toBe('<p><a target="_blank" rel="noopener noreferrer" href="https://domaine.fr">Notre site</a></p>'),
  );
  // a link loaded with a forbidden scheme loses its href
  act(() => void t.editor().commands.setContent('<p><a href="javascript:alert(1)">x</a></p>', { emitUpdate: true }));
  expect(t.last()).toBe('<p>x</p>');
});

it('a link with no text selected: the address becomes its text, https:// added to a bare address', async () => {
  const t = setup({ value: '<p>Voir</p>' });
  act(() => void t.editor().commands.setTextSelection(5));
  await userEvent.click(screen.getByRole('button', { name: 'Lien' }));
  const url = await screen.findByRole('textbox', { name: 'Adresse du lien' });
  expect(url).toHaveValue('');
  await userEvent.type(url, 'www.domaine.fr{enter}');
  await waitFor(() =>
    expect(t.last()).toBe(
      '<p>Voir<a target="_blank" rel="noopener noreferrer" href="https://www.domaine.fr">https://www.domaine.fr</a></p>',
    ),
  );
  // the link open again: its address shown, and removed
  act(() => void t.editor().commands.setTextSelection(9));
  await userEvent.click(screen.getByRole('button', { name: 'Lien' }));
  expect(await screen.findByRole('textbox', { name: 'Adresse du lien' })).toHaveValue('https://www.domaine.fr');
  await userEvent.click(screen.getByRole('button', { name: 'Retirer le lien' }));
  await waitFor(() => expect(t.last()).toBe('<p>Voirhttps://www.domaine.fr</p>'));
});

it('inserts a merge field at the caret, or at the end of a text never clicked', async () => {
  const t = setup({ value: '<p>Cher client</p>' });
  act(() => t.handle.current!.insertText('{{firstname}}'));
  expect(t.last()).toBe('<p>Cher client{{firstname}}</p>');
  // the caret after « Cher »: the field goes there, with the formatting around it
  act(() => void t.editor().chain().setTextSelection({ from: 1, to: 5 }).toggleBold().setTextSelection(5).run());
  act(() => t.handle.current!.insertText(' {{shopName}}'));
  expect(t.last()).toBe('<p><strong>Cher {{shopName}}</strong> client{{firstname}}</p>');
  // the caret stays after the field: typing goes on there
  await waitFor(() => expect(t.text).toHaveFocus());
  await userEvent.keyboard('!');
  await waitFor(() => expect(t.last()).toBe('<p><strong>Cher {{shopName}}!</strong> client{{firstname}}</p>'));
});

it('speaks English on an English page (French first, the kit texts)', () => {
  setup({ language: 'en' });
  const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
  expect(within(toolbar).getByRole('combobox', { name: 'Size' })).toBeInTheDocument();
  expect(within(toolbar).getByRole('combobox', { name: 'Paragraph style' })).toBeInTheDocument();
  expect(within(toolbar).getByRole('button', { name: 'Bold' })).toBeInTheDocument();
  expect(within(toolbar).getByRole('button', { name: 'Text colour' })).toBeInTheDocument();
});
