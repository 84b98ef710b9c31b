import type { HelpArticle, Lang } from './articles';

/** Lower case without accents nor ligatures: « Clôturer » and « cloturer » match, « œ » matches « oe ». */
export function normalize(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .replace(/[’']/g, "'")
    .toLowerCase();
}

/**
 * Articles whose title, summary, steps or link labels (in the language shown) contain every word of the query,
 * accents ignored; titles matching first. An empty query gives every article.
 */
export function searchArticles(articles: HelpArticle[], query: string, lang: Lang): HelpArticle[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (!words.length) return articles;
  const scored: Array<{ a: HelpArticle; score: number; i: number }> = [];
  articles.forEach((a, i) => {
    const title = normalize(a.title[lang]);
    const body = normalize([a.summary[lang], ...a.steps.map((s) => s[lang]), ...a.links.map((x) => x.label[lang])].join(' '));
    if (!words.every((w) => title.includes(w) || body.includes(w))) return;
    scored.push({ a, i, score: words.filter((w) => title.includes(w)).length });
  });
  return scored.sort((x, y) => y.score - x.score || x.i - y.i).map((s) => s.a);
}
