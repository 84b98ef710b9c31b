// Typed texts of a back-office screen (one way for every remote, docs/backoffice.md §Texts).
//
//   export const { useTexts, texts } = defineTexts('orders', {
//     fr: { title: 'Commandes', count: (n: number) => `${n} commande${n > 1 ? 's' : ''}` },
//     en: { title: 'Orders', count: (n: number) => `${n} order${n > 1 ? 's' : ''}` },
//   });
//   const t = useTexts();  t.title;  t.count(3);
//
// - The `fr` object is the source of truth: its shape is the type of the texts. `en` must follow it (an unknown key or
//   a value of another type is a compile error) and may be partial: a missing English text falls back to French.
// - Interpolation = values as functions: a text that takes values is a function of typed arguments (no '{{n}}'
//   placeholders, no runtime parser, plural rules are plain code).
// - The language is the page's language (shared-kernel/i18n, the dashboard forces French, §9); `useTexts()`
//   re-renders when it changes. The texts are plain objects, never registered in i18next: route titles keep going
//   through the remote module's `texts` (titleKey), screen texts through this helper.
import { useSyncExternalStore } from 'react';
import { currentLanguage, subscribeLanguage, type Language } from 'shared-kernel/i18n';

/** A text: a string, or a function of typed values returning a string. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TextValue = string | ((...args: any[]) => string);
export interface TextTree {
  [key: string]: TextValue | TextTree;
}

/** The English texts: same keys as `fr` (any of them may be left out), same value types. */
export type PartialTexts<T> = {
  [K in keyof T]?: T[K] extends string ? string : T[K] extends (...args: infer A) => string ? (...args: A) => string : PartialTexts<T[K]>;
};

/** The texts of a namespace, typed by their French version. */
export type Texts<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : T[K] extends (...args: infer A) => string ? (...args: A) => string : Texts<T[K]>;
};

export interface DefinedTexts<T> {
  readonly namespace: string;
  /** The French texts (outside React: tests, csv headers, popups opened from plain functions). */
  readonly texts: Texts<T>;
  /** The texts of a language (`en` merged over `fr`). */
  textsFor(lang: Language): Texts<T>;
  /** The texts of the page's current language; re-renders on a language switch. */
  useTexts(): Texts<T>;
}

function isTree(value: unknown): value is TextTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function merge(base: TextTree, over: unknown): TextTree {
  if (!isTree(over)) return base;
  const out: TextTree = {};
  for (const [key, value] of Object.entries(base)) {
    const o = over[key];
    if (isTree(value)) out[key] = merge(value, o);
    else out[key] = typeof o === typeof value ? (o as TextValue) : value;
  }
  return out;
}

function freeze<T>(tree: T): T {
  if (isTree(tree)) {
    for (const value of Object.values(tree)) freeze(value);
    Object.freeze(tree);
  }
  return tree;
}

export function defineTexts<const T extends TextTree>(namespace: string, texts: { fr: T; en?: NoInfer<PartialTexts<T>> }): DefinedTexts<T> {
  const byLanguage: Record<Language, Texts<T>> = {
    fr: freeze(merge(texts.fr, texts.fr)) as unknown as Texts<T>,
    en: freeze(merge(texts.fr, texts.en)) as unknown as Texts<T>,
  };
  return {
    namespace,
    texts: byLanguage.fr,
    textsFor: (lang) => byLanguage[lang] ?? byLanguage.fr,
    useTexts() {
      const lang = useSyncExternalStore(subscribeLanguage, currentLanguage, () => 'fr' as const);
      return byLanguage[lang];
    },
  };
}
