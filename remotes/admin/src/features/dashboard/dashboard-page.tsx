import { useEffect, useState } from 'react';
import { Avatar, Card, Col, Row, Tag, Typography } from 'antd';
import { ADMIN_ROUTE_NAMES, ADMIN_ROUTES, buildPath, canOpenRoute } from '@vitrine/contracts';
import { Link, useAuth, useTranslation } from '@vitrine/core';
import { formatDateLong, initials } from '@vitrine/utils';

/** The screens this remote provides (read lazily: ../../pages lazy-loads this page). */
function useProvidedPages(): ReadonlySet<string> {
  const [names, setNames] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    let live = true;
    void import('../../pages').then((m) => live && setNames(new Set(Object.keys(m.pages))));
    return () => {
      live = false;
    };
  }, []);
  return names;
}

/** Dashboard (SPEC §2): the greeting by gender and the user's shortcuts; reports arrive with the content work. */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  const user = useAuth((s) => s.authUser);
  const roles = useAuth((s) => s.roles);
  const provided = useProvidedPages();
  if (!user) return null;

  const shortcuts = ADMIN_ROUTE_NAMES.filter(
    (name) => name !== 'dashboard' && name !== 'compose' && canOpenRoute(roles, name) && provided.has(name),
  );
  const fullName = `${user.name} ${user.last_name}`;
  return (
    // The build id is for whoever deploys, not for staff: in the page's source, not on screen.
    <div data-testid="dashboard-page" data-build={__BUILD_ID__}>
      <Card>
        <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
          <Avatar size={64} src={user.photo ?? undefined} style={{ background: '#7c3aed', fontSize: 24 }}>
            {initials(fullName)}
          </Avatar>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="dashboard-greeting">
              {t('dashboard.greeting', { context: user.gender, name: user.name })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {user.position} · {formatDateLong(new Date())}
            </Typography.Text>
            <div style={{ marginTop: 8 }}>
              {user.accesses.map((access) => (
                <Tag key={access} color="purple">
                  {t(`users.accesses.${access}`)}
                </Tag>
              ))}
            </div>
          </div>
        </div>
      </Card>
      <Typography.Title level={4} style={{ marginTop: 24 }}>
        {t('dashboard.shortcuts')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {shortcuts.map((name) => (
          <Col xs={24} sm={12} lg={8} key={name}>
            <Link to={buildPath(ADMIN_ROUTES[name])}>
              <Card hoverable>
                <Typography.Text strong>{t(`menu.${name}`)}</Typography.Text>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </div>
  );
}
