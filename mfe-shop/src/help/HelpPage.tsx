// /help: the help centre. Articles grouped by area with an accent-insensitive search (?q=), an article
// view (?article=<slug>, so a link opens it) and « Nouveautés » (?tab=changelog). Public and lean like the shop
// pages (plain HTML and CSS, no antd); the content is typed data (./articles.ts) in French and English.
import { useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'shared-kernel/router';
import { useLanguage } from 'shared-kernel/i18n';
import { AREA_TITLES, ARTICLES, CHANGELOG, HELP_AREAS, type HelpArticle, type Lang } from './articles';
import { SCREENS } from './screens';
import { searchArticles } from './search';
import { useTexts } from './texts';

export const HELP_CSS = `
.wzh{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f1f1f;max-width:960px;margin:0 auto;padding:16px 12px 40px;box-sizing:border-box;line-height:1.5}
.wzh *{box-sizing:border-box}
.wzh h1{font-size:1.6rem;margin:0 0 4px}
.wzh h2{font-size:1.2rem;margin:24px 0 8px}
.wzh h3{font-size:1.05rem;margin:16px 0 4px}
.wzh a{color:#6d1a36}
.wzh a:focus-visible,.wzh button:focus-visible,.wzh input:focus-visible{outline:3px solid #1677ff;outline-offset:2px}
.wzh-tabs{display:flex;gap:4px;border-bottom:1px solid #e6e6e6;margin:16px 0;padding:0;list-style:none;flex-wrap:wrap}
.wzh-tabs a{display:block;padding:10px 14px;min-height:44px;text-decoration:none;color:#1f1f1f;border-bottom:3px solid transparent}
.wzh-tabs a[aria-current=page]{border-bottom-color:#6d1a36;font-weight:700}
.wzh-search label{display:block;font-weight:600;margin-bottom:4px}
.wzh-search-row{display:flex;gap:8px;flex-wrap:wrap}
.wzh-search input{flex:1 1 240px;min-height:44px;font-size:1rem;padding:8px 12px;border:1px solid #bbb;border-radius:8px}
.wzh-btn{min-height:44px;padding:8px 14px;border-radius:8px;border:1px solid #6d1a36;background:#fff;color:#6d1a36;font-size:1rem;cursor:pointer}
.wzh-hint,.wzh-count{color:#595959;font-size:.9rem;margin:4px 0}
.wzh-list{list-style:none;margin:0;padding:0;display:grid;gap:8px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
.wzh-list a{display:block;height:100%;padding:12px;border:1px solid #e6e6e6;border-radius:10px;text-decoration:none;color:#1f1f1f}
.wzh-list a:hover{border-color:#6d1a36}
.wzh-list strong{display:block;color:#6d1a36}
.wzh-list span{font-size:.9rem;color:#595959}
.wzh-empty{padding:24px 12px;text-align:center;border:1px dashed #ccc;border-radius:10px;margin:16px 0}
.wzh-article ol{padding-left:1.4em}
.wzh-article li{margin:6px 0}
.wzh-screen{margin:16px 0}
.wzh-screen img{display:block;width:100%;height:auto;border:1px solid #e5dfe1;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
.wzh-screen figcaption{margin-top:6px;font-size:13px;color:#6b6b6b}
.wzh-links{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0}
.wzh-links a{display:inline-block;padding:8px 12px;min-height:44px;border:1px solid #6d1a36;border-radius:8px;text-decoration:none}
.wzh-meta{color:#595959;font-size:.9rem;margin:0}
.wzh-version{border-left:4px solid #6d1a36;padding-left:12px;margin:16px 0}
.wzh-tag{display:inline-block;margin-left:8px;padding:0 8px;border-radius:10px;background:#f3e9ec;font-size:.8rem;font-weight:600;vertical-align:middle}
`;

type Tab = 'articles' | 'changelog';

function Tabs({ tab }: { tab: Tab }) {
  const t = useTexts();
  return (
    <nav aria-label={t.sections}>
      <ul className="wzh-tabs">
        <li>
          <Link to="/help" aria-current={tab === 'articles' ? 'page' : undefined}>
            {t.articlesTab}
          </Link>
        </li>
        <li>
          <Link to="/help?tab=changelog" aria-current={tab === 'changelog' ? 'page' : undefined}>
            {t.changelogTab}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** An article's address; the search it was found with is kept for the way back. */
export const articleHref = (slug: string, q = '') =>
  `/help?${new URLSearchParams(q.trim() ? { article: slug, q } : { article: slug }).toString()}`;

function ArticleCard({ article, lang, query }: { article: HelpArticle; lang: Lang; query?: string }) {
  return (
    <li>
      <Link to={articleHref(article.slug, query)}>
        <strong>{article.title[lang]}</strong>
        <span>{article.summary[lang]}</span>
      </Link>
    </li>
  );
}

function ArticleList({ query, setQuery }: { query: string; setQuery: (q: string) => void }) {
  const t = useTexts();
  const lang = useLanguage();
  const inputId = useId();
  const hintId = useId();
  const found = searchArticles(ARTICLES, query, lang);
  const trimmed = query.trim();
  return (
    <>
      <form className="wzh-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={inputId}>{t.search}</label>
        <div className="wzh-search-row">
          <input
            id={inputId}
            type="search"
            value={query}
            aria-describedby={hintId}
            autoComplete="off"
            onChange={(e) => setQuery(e.target.value)}
          />
          {trimmed && (
            <button type="button" className="wzh-btn" onClick={() => setQuery('')}>
              {t.clear}
            </button>
          )}
        </div>
        <p id={hintId} className="wzh-hint">
          {t.searchHint}
        </p>
      </form>
      <p className="wzh-count" role="status">
        {trimmed ? t.count(found.length) : null}
      </p>
      {found.length === 0 ? (
        <div className="wzh-empty">
          <p>{t.noResult(trimmed)}</p>
          <p className="wzh-hint">{t.noResultHint}</p>
          <button type="button" className="wzh-btn" onClick={() => setQuery('')}>
            {t.clear}
          </button>
        </div>
      ) : (
        HELP_AREAS.map((area) => {
          const inArea = found.filter((a) => a.area === area);
          if (!inArea.length) return null;
          return (
            <section key={area} aria-labelledby={`wzh-area-${area}`}>
              <h2 id={`wzh-area-${area}`}>{AREA_TITLES[area][lang]}</h2>
              <ul className="wzh-list">
                {inArea.map((a) => (
                  <ArticleCard key={a.slug} article={a} lang={lang} query={query} />
                ))}
              </ul>
            </section>
          );
        })
      )}
      <p>
        <Link to="/roi-simulator">{t.roi}</Link>
      </p>
    </>
  );
}

function ArticleView({ slug, backTo }: { slug: string; backTo: string }) {
  const t = useTexts();
  const lang = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  const article = ARTICLES.find((a) => a.slug === slug);
  // a keyboard or screen-reader user lands on the article, not at the top of the page
  useEffect(() => heading.current?.focus(), [slug]);
  if (!article) {
    return (
      <div className="wzh-empty" role="alert">
        <p>{t.notFound}</p>
        <Link to="/help">{t.back}</Link>
      </div>
    );
  }
  const related = ARTICLES.filter((a) => a.area === article.area && a.slug !== article.slug);
  return (
    <article className="wzh-article" aria-labelledby="wzh-article-title">
      <p>
        <Link to={backTo}>← {t.back}</Link>
      </p>
      <p className="wzh-meta">{AREA_TITLES[article.area][lang]}</p>
      <h2 id="wzh-article-title" ref={heading} tabIndex={-1}>
        {article.title[lang]}
      </h2>
      <p>{article.summary[lang]}</p>
      {article.screen && SCREENS[article.slug] && (
        <figure className="wzh-screen">
          <img src={SCREENS[article.slug]} alt={t.screenAlt(article.title[lang])} width={1280} height={800} loading="lazy" />
          <figcaption>{t.screenCaption}</figcaption>
        </figure>
      )}
      <h3>{t.steps}</h3>
      <ol>
        {article.steps.map((s, i) => (
          <li key={i}>{s[lang]}</li>
        ))}
      </ol>
      <h3>{t.screens}</h3>
      <ul className="wzh-links">
        {article.links.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label[lang]}</Link>
          </li>
        ))}
      </ul>
      {related.length > 0 && (
        <section aria-labelledby="wzh-related">
          <h3 id="wzh-related">{AREA_TITLES[article.area][lang]}</h3>
          <ul className="wzh-list">
            {related.map((a) => (
              <ArticleCard key={a.slug} article={a} lang={lang} />
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

function Changelog() {
  const t = useTexts();
  const lang = useLanguage();
  return (
    <section aria-labelledby="wzh-changelog">
      <h2 id="wzh-changelog">{t.changelogTitle}</h2>
      <p>{t.changelogIntro}</p>
      {CHANGELOG.map((entry, i) => (
        <section key={i} className="wzh-version" aria-labelledby={`wzh-version-${i}`}>
          <h3 id={`wzh-version-${i}`}>
            {entry.version ? t.version(entry.version) : t.earlier} — {entry.title[lang]}
            {i === 0 && entry.version && <span className="wzh-tag">{t.current}</span>}
          </h3>
          <ul>
            {entry.items.map((item, j) => (
              <li key={j}>{item[lang]}</li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

export default function HelpPage() {
  const t = useTexts();
  const [params, setParams] = useSearchParams();
  const slug = params.get('article');
  const tab: Tab = params.get('tab') === 'changelog' ? 'changelog' : 'articles';
  const query = params.get('q') ?? '';
  const setQuery = (q: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  // back from an article to the list as it was searched
  const backTo = query ? `/help?q=${encodeURIComponent(query)}` : '/help';

  return (
    <main className="wzh">
      <style>{HELP_CSS}</style>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <Tabs tab={slug ? 'articles' : tab} />
      {slug ? (
        <ArticleView slug={slug} backTo={backTo} />
      ) : tab === 'changelog' ? (
        <Changelog />
      ) : (
        <ArticleList query={query} setQuery={setQuery} />
      )}
    </main>
  );
}
