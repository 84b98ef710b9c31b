/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { usePopup } from '../runtime/popup-store';
import { EmailRecipientPicker } from './EmailRecipientPicker';
import { formatPickerValue, isOutOfBounds, parsePickerValue } from './DatePicker';
import { GlobalPopup } from './GlobalPopup';
import { NumberInput } from './NumberInput';
import { Popup, popupWidth } from './Popup';
import { ACCESSIBLE_STATUS_COLORS, StatusTag } from './StatusTag';
import { TypedKeywordConfirm } from './TypedKeywordConfirm';

// jsdom does not implement getComputedStyle with a pseudo-element (antd's scroll locker asks for it).
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((elt: Element) => computedStyle(elt)) as typeof window.getComputedStyle;

const okButton = () => screen.getByRole('button', { name: /ok/i });

describe('Popup', () => {
  it('shows the title, content and the default Annuler / Ok buttons', async () => {
    const onOk = jest.fn();
    const onCancel = jest.fn();
    const onClose = jest.fn();
    render(
      <Popup open title="Attention !!" onOk={onOk} onCancel={onCancel} onClose={onClose}>
        Vous êtes sur le point de vider votre panier
      </Popup>,
    );
    expect(screen.getByText('Attention !!')).toBeInTheDocument();
    expect(screen.getByText('Vous êtes sur le point de vider votre panier')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /annuler/i }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(okButton());
    await waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it('paints title and validate button red in error mode', () => {
    render(<Popup open title="Suppression" error />);
    expect(screen.getByText('Suppression')).toHaveStyle({ color: '#d32f2f' });
    expect(okButton().className).toMatch(/dangerous|danger/);
  });

  it('keeps Ok disabled until the validation text is typed', async () => {
    const onOk = jest.fn();
    render(<Popup open title="Supprimer le client" validationText="SUPPRIMER" onOk={onOk} />);
    expect(okButton()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Saisissez SUPPRIMER'), { target: { value: 'suppri' } });
    expect(okButton()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Saisissez SUPPRIMER'), { target: { value: ' sup primer ' } });
    expect(okButton()).toBeEnabled();
    fireEvent.click(okButton());
    await waitFor(() => expect(onOk).toHaveBeenCalled());
  });

  it('keeps Ok disabled while a required input is empty', () => {
    render(<Popup open title="Nom" okDisabled />);
    expect(okButton()).toBeDisabled();
  });

  it('stays open when onOk fails', async () => {
    const onClose = jest.fn();
    render(<Popup open title="T" onOk={() => Promise.reject(new Error('x'))} onClose={onClose} />);
    fireEvent.click(okButton());
    await act(async () => {});
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sizes 350 small, 100% mobile, else 70%', () => {
    expect(popupWidth('desktop', true)).toBe(350);
    expect(popupWidth('desktop')).toBe('70%');
    expect(popupWidth('tablet')).toBe('70%');
    expect(popupWidth('mobile', true)).toBe('100%');
  });
});

describe('GlobalPopup', () => {
  it('renders the popup store and closes after Ok', async () => {
    const onOk = jest.fn();
    render(<GlobalPopup />);
    act(() => {
      usePopup.getState().open({ title: 'Confirmer', content: 'Texte', onOk });
    });
    expect(screen.getByText('Texte')).toBeInTheDocument();
    fireEvent.click(okButton());
    await waitFor(() => expect(usePopup.getState().popup).toBeNull());
    expect(onOk).toHaveBeenCalled();
  });
});

describe('TypedKeywordConfirm', () => {
  function Harness({ onMatch }: { onMatch: (m: boolean) => void }) {
    const [v, setV] = useState('');
    return <TypedKeywordConfirm keyword="Vider" value={v} onChange={setV} onMatchChange={onMatch} />;
  }
  it('reports a match ignoring spaces and case', () => {
    const onMatch = jest.fn();
    render(<Harness onMatch={onMatch} />);
    const input = screen.getByLabelText('Saisissez Vider');
    fireEvent.change(input, { target: { value: 'vid' } });
    expect(onMatch).toHaveBeenLastCalledWith(false);
    fireEvent.change(input, { target: { value: ' V I D E R ' } });
    expect(onMatch).toHaveBeenLastCalledWith(true);
  });
});

describe('EmailRecipientPicker', () => {
  function Harness({ initial = [], showEmptyError }: { initial?: string[]; showEmptyError?: boolean }) {
    const [v, setV] = useState<string[]>(initial);
    return <EmailRecipientPicker value={v} onChange={setV} showEmptyError={showEmptyError} />;
  }
  const input = () => screen.getByLabelText('Ajouter une adresse mail');

  it('adds a valid address on Enter and on Tab, once', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: 'jean@domaine.fr' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    fireEvent.change(input(), { target: { value: 'marie@domaine.fr' } });
    fireEvent.keyDown(input(), { key: 'Tab' });
    fireEvent.change(input(), { target: { value: 'JEAN@domaine.fr' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getAllByRole('listitem').map((e) => e.textContent)).toEqual(['jean@domaine.fr', 'marie@domaine.fr']);
    expect(input()).toHaveValue('');
  });

  it('refuses an invalid address with a message', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: 'jean@' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent("L'adresse mail n'est pas valide");
  });

  it('asks for at least one address', () => {
    render(<Harness showEmptyError />);
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez renseigner au moins une adresse mail.');
  });

  it('removes an address with its close icon or Backspace', () => {
    render(<Harness initial={['a@b.fr', 'c@d.fr']} />);
    fireEvent.keyDown(input(), { key: 'Backspace' });
    expect(screen.getAllByRole('listitem').map((e) => e.textContent)).toEqual(['a@b.fr']);
    fireEvent.click(screen.getByLabelText(/close|fermer/i));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    fireEvent.blur(input());
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez renseigner au moins une adresse mail.');
  });
});

describe('StatusTag', () => {
  it('shows the French label coloured by group', () => {
    render(<StatusTag kind="order" status="cancelled" />);
    const tag = screen.getByText('Annulée');
    expect(tag).toHaveAttribute('data-group', 'cancel');
  });
});

describe('DatePicker helpers', () => {
  it('parses and formats ISO (day and month modes) or a given format', () => {
    const d = parsePickerValue('2025-03-21')!;
    expect(formatPickerValue(d, false)).toBe('2025-03-21');
    expect(formatPickerValue(d, true)).toBe('2025-03');
    expect(formatPickerValue(parsePickerValue('21/03/2025', 'DD/MM/YYYY'), false, 'DD/MM/YYYY')).toBe('21/03/2025');
    expect(parsePickerValue('nope')).toBeNull();
    expect(formatPickerValue(null, false)).toBeNull();
  });
  it('applies min and max bounds', () => {
    expect(isOutOfBounds(dayjs('2025-03-01'), '2025-03-02', undefined, 'day')).toBe(true);
    expect(isOutOfBounds(dayjs('2025-03-02'), '2025-03-02', '2025-03-05', 'day')).toBe(false);
    expect(isOutOfBounds(dayjs('2025-04-10'), undefined, '2025-03-31', 'month')).toBe(true);
    expect(isOutOfBounds(dayjs('2025-03-10'), undefined, '2025-03-01', 'month')).toBe(false);
  });
  it('starts weeks on Monday', () => {
    expect(dayjs().locale('en').localeData().firstDayOfWeek()).toBe(1);
    expect(dayjs().locale('fr').localeData().firstDayOfWeek()).toBe(1);
  });
});

describe('NumberInput', () => {
  it('loses focus on mouse wheel', () => {
    render(<NumberInput aria-label="Quantité" />);
    const input = screen.getByLabelText('Quantité');
    act(() => input.focus());
    expect(input).toHaveFocus();
    fireEvent.wheel(input);
    expect(input).not.toHaveFocus();
  });
});

describe('status tag colours (WCAG AA)', () => {
  /** WCAG 2.1 contrast ratio of two #rrggbb colours. */
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };

  it('every colour group has its text at least 4.5:1 on its background', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    for (const [group, c] of Object.entries(ACCESSIBLE_STATUS_COLORS)) {
      expect([group, contrast(c.color, c.background) >= 4.5]).toEqual([group, true]);
    }
  });

  it('a tag is drawn in its group colours', () => {
    render(<StatusTag kind="order" status="pending" />);
    expect(screen.getByText('En attente')).toHaveStyle({ color: ACCESSIBLE_STATUS_COLORS.waiting.color });
  });
});
