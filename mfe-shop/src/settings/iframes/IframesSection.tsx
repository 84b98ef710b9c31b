// /dashboard/settings?link=iframes: the shop's embeddable widgets, newest first, each linking to its page
// /dashboard/iframes/{id} (mfe-shop: name, kind, product, embed code), with the link to add one. The iframes api holds
// no setting of its own for the shop (only the iframes themselves): there is nothing else to set here. Those pages need
// the §1 module `iframes`: while it is off the section says so and links to the integrations.
import { Alert, Card, Empty } from 'antd';
import { formatDate, shopModuleActive } from 'shared-kernel/domain';
import { LinkButton, withQueryScope, SectionFrame } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { useSession } from 'shared-kernel/runtime';
import { useShopIframes } from './iframes.queries';
import { useTexts } from './texts';

const listStyle = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 } as const;
const itemStyle = {
  border: '1px solid #f0f0f0',
  borderRadius: 8,
  padding: '8px 12px',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '4px 12px',
} as const;

/** Settings section `iframes`: owner and iam (the iframes pages are theirs). */
export const IframesSection = withQueryScope(function IframesSection() {
  const t = useTexts();
  const moduleOn = useSession((s) => shopModuleActive(s.shop, 'iframes'));
  const query = useShopIframes(moduleOn);
  if (!moduleOn)
    return (
      <div style={{ display: 'grid', gap: 12, maxWidth: 900 }}>
        <p style={{ margin: 0, color: '#555' }}>{t.intro}</p>
        <Alert
          type="info"
          showIcon
          title={t.moduleOff}
          description={<Link to="/dashboard/settings?link=integrations">{t.moduleOffLink}</Link>}
        />
      </div>
    );
  return (
    <SectionFrame intro={t.intro} query={query} texts={t}>
      {(page) => (
        <Card
          title={t.listCard}
          size="small"
          extra={
            page.items.length > 0 && (
              <LinkButton type="primary" to="/dashboard/iframes/add">
                {t.add}
              </LinkButton>
            )
          }
        >
          <p style={{ marginTop: 0, color: '#555' }}>{t.kindsHelp}</p>
          {page.items.length === 0 ? (
            <Empty description={t.empty}>
              <LinkButton type="primary" to="/dashboard/iframes/add">
                {t.add}
              </LinkButton>
            </Empty>
          ) : (
            <>
              <ul aria-label={t.list} style={listStyle}>
                {page.items.map((i) => (
                  <li key={i.id} style={itemStyle}>
                    <Link
                      to={`/dashboard/iframes/${i.id}`}
                      aria-label={t.open(i.name)}
                      style={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                    >
                      {i.name}
                    </Link>
                    <span style={{ color: '#555' }}>
                      {t.kinds[i.kind]} · {t.createdAt(formatDate(i.createdAt))}
                    </span>
                  </li>
                ))}
              </ul>
              <p style={{ marginBottom: 0 }}>
                <Link to="/dashboard/iframes">{page.total > page.items.length ? t.seeAll(page.total) : t.manage}</Link>
              </p>
            </>
          )}
        </Card>
      )}
    </SectionFrame>
  );
});
