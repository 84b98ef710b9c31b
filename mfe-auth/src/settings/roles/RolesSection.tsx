import { Alert, Button, Card, Empty, Skeleton, Table, Tag, Tooltip } from 'antd';
import {
  MEMBER_STATUS_LABELS,
  PERMISSION_GROUPS,
  PERMISSION_LABELS,
  PRESET_DEFINITIONS,
  PRESET_LABELS,
  TEAM_PRESETS,
  type TeamMember,
} from 'shared-kernel/contracts';
import { errorMessage, withQueryScope } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { useTeam } from './roles.queries';
import { useTexts } from './texts';

/** "3/9" per area, green when complete, grey when none. */
function AreaOverview({ member }: { member: TeamMember }) {
  const granted = new Set(member.permissions);
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
      {PERMISSION_GROUPS.map((g) => {
        const on = g.flags.filter((f) => granted.has(f));
        const color = on.length === g.flags.length ? 'green' : on.length ? 'blue' : undefined;
        return (
          <Tooltip key={g.id} title={on.length ? on.map((f) => PERMISSION_LABELS[f]).join(', ') : undefined}>
            <Tag color={color} style={on.length ? undefined : { opacity: 0.55 }}>
              {g.label} {on.length}/{g.flags.length}
            </Tag>
          </Tooltip>
        );
      })}
    </div>
  );
}

/** Settings section `roles`: the team with its roles and rights per area, and what each preset grants. */
export const RolesSection = withQueryScope(function RolesSection() {
  const t = useTexts();
  const team = useTeam();
  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <section aria-labelledby="roles-team">
        <h2 id="roles-team" style={{ fontSize: 18 }}>
          {t.team}
        </h2>
        {team.isPending ? (
          <Skeleton active />
        ) : team.isError ? (
          <Alert
            type="error"
            showIcon
            title={errorMessage(team.error)}
            action={
              <Button size="small" onClick={() => void team.refetch()}>
                {t.retry}
              </Button>
            }
          />
        ) : !team.data.items.length ? (
          <Empty description={t.empty}>
            <Link to="/dashboard/collaborators/add">{t.invite}</Link>
          </Empty>
        ) : (
          <Table<TeamMember>
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: true }}
            dataSource={team.data.items}
            columns={[
              {
                key: 'name',
                title: t.member,
                render: (_: unknown, m) => (
                  <div>
                    <Link to={`/dashboard/collaborators/${m.id}`}>{m.name}</Link>
                    <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>
                      {m.email} · {MEMBER_STATUS_LABELS[m.status]}
                    </div>
                  </div>
                ),
              },
              { key: 'preset', title: t.role, render: (_: unknown, m) => <Tag>{PRESET_LABELS[m.preset]}</Tag> },
              { key: 'rights', title: t.rights, render: (_: unknown, m) => <AreaOverview member={m} /> },
            ]}
          />
        )}
      </section>
      <section aria-labelledby="roles-presets">
        <h2 id="roles-presets" style={{ fontSize: 18 }}>
          {t.presets}
        </h2>
        <p>{t.presetsIntro}</p>
        <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
          {TEAM_PRESETS.map((p) => {
            const def = PRESET_DEFINITIONS[p];
            return (
              <Card key={p} size="small" title={def.label}>
                <p style={{ marginTop: 0 }}>{def.description}</p>
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {PERMISSION_GROUPS.filter((g) => g.flags.some((f) => def.flags.includes(f))).map((g) => (
                    <li key={g.id}>
                      <strong>{g.label}</strong> :{' '}
                      {g.flags
                        .filter((f) => def.flags.includes(f))
                        .map((f) => PERMISSION_LABELS[f])
                        .join(', ')}
                    </li>
                  ))}
                </ul>
              </Card>
            );
          })}
        </div>
      </section>
    </div>
  );
});
