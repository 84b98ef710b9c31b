import { Link, useSearchParams } from 'shared-kernel/router';
import { withShopId, titleStyle } from './fields';

export interface Choice {
  to: string;
  title: string;
  text: string;
}

const cardStyle = {
  display: 'block',
  padding: '16px 18px',
  border: '1px solid #d9d9d9',
  borderRadius: 8,
  color: 'inherit',
  textDecoration: 'none',
  background: '#fff',
} as const;

/** A page of big links (auth choice, account kind). The shop `id` query is kept on every link. */
export function ChoicePage({
  title,
  intro,
  choices,
  footer,
}: {
  title: string;
  intro?: string;
  choices: Choice[];
  footer?: React.ReactNode;
}) {
  const [params] = useSearchParams();
  const shopId = params.get('id');
  return (
    <section aria-labelledby="choice-title" style={{ display: 'grid', gap: 16, maxWidth: 420, width: '100%' }}>
      <h1 id="choice-title" style={titleStyle}>
        {title}
      </h1>
      {intro && <p style={{ margin: 0, color: '#555' }}>{intro}</p>}
      <nav style={{ display: 'grid', gap: 12 }}>
        {choices.map((c) => (
          <Link key={c.to} to={withShopId(c.to, shopId)} style={cardStyle} className="wz-choice">
            <strong style={{ display: 'block', fontSize: 17 }}>{c.title}</strong>
            <span style={{ color: '#555', fontSize: 14 }}>{c.text}</span>
          </Link>
        ))}
      </nav>
      {footer}
    </section>
  );
}
