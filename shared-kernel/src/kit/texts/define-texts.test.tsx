/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { initI18n, setLanguage } from 'shared-kernel/i18n';
import { defineTexts } from './define-texts';

const orders = defineTexts('orders', {
  fr: {
    title: 'Commandes',
    count: (n: number) => `${n} commande${n > 1 ? 's' : ''}`,
    detail: { back: 'Retour aux commandes', heading: (num: string) => `Commande n° ${num}` },
  },
  en: {
    title: 'Orders',
    count: (n: number) => `${n} order${n > 1 ? 's' : ''}`,
    detail: { heading: (num: string) => `Order #${num}` },
  },
});

function Title() {
  const t = orders.useTexts();
  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.count(3)}</p>
      <p>{t.detail.back}</p>
      <p>{t.detail.heading('C-42')}</p>
    </>
  );
}

beforeAll(() => {
  initI18n({ lng: 'fr' });
});
afterEach(async () => {
  await act(async () => {
    await setLanguage('fr');
  });
});

describe('defineTexts', () => {
  it('gives the French texts, values taking arguments as functions', () => {
    expect(orders.texts.title).toBe('Commandes');
    expect(orders.texts.count(1)).toBe('1 commande');
    expect(orders.texts.count(2)).toBe('2 commandes');
    expect(orders.namespace).toBe('orders');
  });

  it('falls back to French for a text English leaves out', () => {
    const en = orders.textsFor('en');
    expect(en.title).toBe('Orders');
    expect(en.detail.heading('7')).toBe('Order #7');
    expect(en.detail.back).toBe('Retour aux commandes');
  });

  it('follows the page language and re-renders when it changes', async () => {
    render(<Title />);
    expect(screen.getByRole('heading')).toHaveTextContent('Commandes');
    expect(screen.getByText('3 commandes')).toBeInTheDocument();
    await act(async () => {
      await setLanguage('en');
    });
    expect(screen.getByRole('heading')).toHaveTextContent('Orders');
    expect(screen.getByText('3 orders')).toBeInTheDocument();
    expect(screen.getByText('Retour aux commandes')).toBeInTheDocument();
  });

  it('types English after French (checked by the typecheck)', () => {
    defineTexts('typed', {
      fr: { a: 'A', f: (n: number) => String(n), nested: { b: 'B' } },
      en: {
        // @ts-expect-error a key French does not have
        unknown: 'x',
      },
    });
    defineTexts('typed', {
      fr: { a: 'A', f: (n: number) => String(n) },
      en: {
        // @ts-expect-error a function where French has a string
        a: () => 'x',
      },
    });
    defineTexts('typed', {
      fr: { f: (n: number) => String(n) },
      en: {
        // @ts-expect-error a function of other arguments
        f: (s: string) => s,
      },
    });
    const t = defineTexts('typed', { fr: { a: 'A' } });
    // @ts-expect-error no such text
    expect(t.texts.b).toBeUndefined();
  });
});
