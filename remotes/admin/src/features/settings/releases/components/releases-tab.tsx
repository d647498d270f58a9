import { Fragment, type HTMLAttributes } from 'react';
import { Alert, App, Button, Card, Empty, Grid, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { useQuery } from '@tanstack/react-query';
import type { Release, RemoteReleases } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { LoadFailed } from '../../../../components/load-failed';
import { formatBytes } from '../../../../lib/format-bytes';
import { queryKeys } from '../../../../lib/queries';
import { useDates } from '../../../../lib/use-dates';
import { useFeedback, useReportError } from '../../../../lib/use-feedback';
import { listReleases } from '../api/releases';
import { activeOf, mismatchOf, releaseCommands, requirementsOf, rollbackOf, standingOf } from '../releases-view';
import './releases-tab.css';

/** The remotes' releases: read again each time the tab opens (an operator comes back after running a command). */
function useReleases() {
  return useQuery({ queryKey: queryKeys.releases.list, queryFn: listReleases, staleTime: 0 });
}

/** A command to run on the server, with a button that copies it. */
function CommandLine({ command, label }: { command: string; label: string }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      void message.success(t('releases.commands.copied'));
    } catch {
      void message.error(t('releases.commands.copyFailed'));
    }
  };
  return (
    <div className="vt-releases__command" data-testid="release-command">
      <span className="vt-releases__command-label">{label}</span>
      <span className="vt-releases__command-line">
        <code translate="no">
          {/* Wraps between words only: an id is never cut in two. */}
          {command.split(' ').map((word, i) => (
            <Fragment key={i}>
              {i > 0 && ' '}
              <span className="vt-releases__word">{word}</span>
            </Fragment>
          ))}
        </code>
        <Tooltip title={t('releases.commands.copyTip')}>
          <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('releases.commands.copy', { command })} onClick={() => void copy()} />
        </Tooltip>
      </span>
    </div>
  );
}

/** The marks of a release: active, previous (where a rollback goes), incompatible or of unknown compatibility. */
function ReleaseTags({ release }: { release: Release }) {
  const { t } = useTranslation('admin');
  const standing = standingOf(release);
  return (
    <span className="vt-releases__tags">
      {release.active && (
        <Tag color="green" data-testid="release-active">
          {t('releases.tags.active')}
        </Tag>
      )}
      {release.previous && (
        <Tag color="blue" data-testid="release-previous">
          {t('releases.tags.previous')}
        </Tag>
      )}
      {standing === 'incompatible' && (
        <Tag color="red" data-testid="release-incompatible">
          {t('releases.tags.incompatible')}
        </Tag>
      )}
      {standing === 'unknown' && <Tag data-testid="release-unknown">{t('releases.tags.unknown')}</Tag>}
    </span>
  );
}

/** Why a release cannot be activated, in the user's words (the server's own words when worded otherwise). */
function Incompatibility({ release }: { release: Release }) {
  const { t } = useTranslation('admin');
  const mismatch = mismatchOf(release);
  return (
    <Alert
      type="warning"
      showIcon
      className="vt-releases__warning"
      data-testid="release-incompatibility"
      title={t('releases.incompatible.title')}
      description={
        <>
          {mismatch ? (
            <span>{t('releases.incompatible.needs', { ...mismatch })} </span>
          ) : (
            release.incompatibility && (
              <span className="vt-releases__reason">
                {t('releases.incompatible.server')}{' '}
                <span lang="en" translate="no">
                  {release.incompatibility}
                </span>{' '}
              </span>
            )
          )}
          <span>{t('releases.incompatible.refused')}</span>
        </>
      }
    />
  );
}

/** Under a release: the command that activates it, or why it cannot be, or that it is the one served. */
function ReleaseAction({ remote, release }: { remote: RemoteReleases['remote']; release: Release }) {
  const { t } = useTranslation('admin');
  switch (standingOf(release)) {
    case 'incompatible':
      return <Incompatibility release={release} />;
    case 'unknown':
      return <Alert type="info" showIcon className="vt-releases__warning" title={t('releases.unknown')} />;
    case 'active':
      return <Typography.Text type="secondary">{t('releases.activeHint')}</Typography.Text>;
    default:
      return <CommandLine label={t('releases.commands.activate')} command={releaseCommands.activate(remote, release.id)} />;
  }
}

/** The shared-surface ranges a release was built against, the one the shell fails marked. */
function Requirements({ release }: { release: Release }) {
  const { t } = useTranslation('admin');
  const requirements = requirementsOf(release);
  if (requirements.length === 0) return <Typography.Text type="secondary">{t('releases.noRequirements')}</Typography.Text>;
  return (
    <ul className="vt-releases__requires" aria-label={t('releases.fields.requires')}>
      {requirements.map((r) => (
        <li key={r.pkg}>
          <Tag color={r.unmet ? 'red' : undefined} className="vt-releases__requirement" data-unmet={r.unmet || undefined} translate="no">
            {r.pkg} {r.range}
          </Tag>
        </li>
      ))}
    </ul>
  );
}

function Size({ release }: { release: Release }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  return (
    <span className="vt-releases__size">
      <span>{formatBytes(release.bytes, dates.locale)}</span>
      <Typography.Text type="secondary">{t('releases.files', { count: release.files })}</Typography.Text>
    </span>
  );
}

function When({ value }: { value: string }) {
  const dates = useDates();
  return (
    <time dateTime={value} title={value}>
      {dates.dateTime(value)}
    </time>
  );
}

/** The id and its marks; the previous one says that a rollback goes there. */
function ReleaseName({ release }: { release: Release }) {
  const { t } = useTranslation('admin');
  return (
    <div className="vt-releases__name">
      <code className="vt-releases__id" translate="no">
        {release.id}
      </code>
      <ReleaseTags release={release} />
      {release.previous && (
        <Typography.Text type="secondary" className="vt-releases__hint">
          {t('releases.previousHint')}
        </Typography.Text>
      )}
    </div>
  );
}

const rowClass = (release: Release) =>
  ['vt-releases__row', release.active && 'vt-releases__row--active', release.previous && 'vt-releases__row--previous'].filter(Boolean).join(' ');

/** From antd's `xl` breakpoint (1200 px): a table, the command or the warning under each id (on one line at 1366 px). */
function ReleasesTable({ remote, name }: { remote: RemoteReleases; name: string }) {
  const { t } = useTranslation('admin');
  const columns: TableColumnsType<Release> = [
    {
      key: 'release',
      title: t('releases.fields.release'),
      render: (_, release) => (
        <div className="vt-releases__main">
          <ReleaseName release={release} />
          <ReleaseAction remote={remote.remote} release={release} />
        </div>
      ),
    },
    {
      key: 'dates',
      title: t('releases.fields.dates'),
      width: 230,
      render: (_, release) => (
        <dl className="vt-releases__dates">
          <ReleaseDates release={release} />
        </dl>
      ),
    },
    { key: 'size', title: t('releases.fields.size'), width: 105, render: (_, release) => <Size release={release} /> },
    { key: 'requires', title: t('releases.fields.requires'), width: 185, render: (_, release) => <Requirements release={release} /> },
  ];
  return (
    <Table<Release>
      className="vt-releases__table"
      data-testid={`releases-${remote.remote}-list`}
      caption={<span className="vt-visually-hidden">{t('releases.caption', { remote: name })}</span>}
      rowKey="id"
      size="middle"
      tableLayout="fixed"
      columns={columns}
      dataSource={remote.releases}
      pagination={false}
      rowClassName={rowClass}
      onRow={(release) => ({ 'data-testid': `release-${release.id}` }) as HTMLAttributes<HTMLElement>}
    />
  );
}

/** A release's build and publish times, as the terms of a description list (the table's and the cards'). */
function ReleaseDates({ release }: { release: Release }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <dt>{t('releases.fields.builtAt')}</dt>
      <dd>
        <When value={release.built_at} />
      </dd>
      <dt>{t('releases.fields.publishedAt')}</dt>
      <dd>
        <When value={release.published_at} />
      </dd>
    </>
  );
}

/** Narrower: a card per release, the same facts under their names. */
function ReleaseCards({ remote, name }: { remote: RemoteReleases; name: string }) {
  const { t } = useTranslation('admin');
  return (
    <ul className="vt-releases__cards" data-testid={`releases-${remote.remote}-list`} aria-label={t('releases.caption', { remote: name })}>
      {remote.releases.map((release) => (
        <li key={release.id} className={`vt-releases__card ${rowClass(release)}`} data-testid={`release-${release.id}`}>
          <ReleaseName release={release} />
          <dl className="vt-releases__facts">
            <ReleaseDates release={release} />
            <dt>{t('releases.fields.size')}</dt>
            <dd>
              <Size release={release} />
            </dd>
            <dt className="vt-releases__facts-wide">{t('releases.fields.requires')}</dt>
            <dd className="vt-releases__facts-wide">
              <Requirements release={release} />
            </dd>
          </dl>
          <ReleaseAction remote={remote.remote} release={release} />
        </li>
      ))}
    </ul>
  );
}

/** What is served now and where a rollback goes, with its command. */
function Pointers({ remote }: { remote: RemoteReleases }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const active = activeOf(remote);
  const rollback = rollbackOf(remote);
  return (
    <div className="vt-releases__pointers">
      <div className="vt-releases__pointer" data-testid={`releases-${remote.remote}-active`}>
        <span className="vt-releases__pointer-label">{t('releases.summary.active')}</span>
        {active ? (
          <span className="vt-releases__pointer-value">
            <code translate="no">{active.id}</code>
            <Typography.Text type="secondary">{t('releases.summary.builtAt', { date: dates.dateTime(active.built_at) })}</Typography.Text>
          </span>
        ) : (
          <Typography.Text type="danger">{t('releases.summary.noActive')}</Typography.Text>
        )}
      </div>
      <div className="vt-releases__pointer" data-testid={`releases-${remote.remote}-rollback`}>
        <span className="vt-releases__pointer-label">{t('releases.summary.rollback')}</span>
        {rollback.kind === 'none' ? (
          <Typography.Text type="secondary">{t('releases.summary.noRollback')}</Typography.Text>
        ) : (
          <span className="vt-releases__pointer-value">
            <span>
              {t('releases.summary.rollbackTo')} <code translate="no">{rollback.target.id}</code>
            </span>
            {rollback.kind === 'ready' ? (
              <CommandLine label={t('releases.commands.rollback')} command={releaseCommands.rollback(remote.remote)} />
            ) : (
              <Typography.Text type="warning">{t('releases.summary.rollbackRefused')}</Typography.Text>
            )}
          </span>
        )}
      </div>
    </div>
  );
}

/** One remote: what it serves, where a rollback goes, and its kept releases (a table, or cards on a narrow screen). */
function RemoteSection({ remote, wide }: { remote: RemoteReleases; wide: boolean }) {
  const { t } = useTranslation('admin');
  const name = t(`releases.remotes.${remote.remote}`);
  const titleId = `releases-${remote.remote}-title`;
  return (
    <Card
      className="vt-releases__remote"
      data-testid={`releases-${remote.remote}`}
      aria-labelledby={titleId}
      role="region"
      title={
        <span className="vt-releases__remote-title">
          <h5 id={titleId} className="vt-releases__remote-name">
            {name}
          </h5>
          <Typography.Text type="secondary" className="vt-releases__remote-help">
            {t(`releases.remoteHelp.${remote.remote}`)}
          </Typography.Text>
        </span>
      }
      extra={remote.releases.length > 0 && <Typography.Text type="secondary">{t('releases.kept', { count: remote.releases.length })}</Typography.Text>}
    >
      {remote.releases.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          className="vt-releases__empty"
          data-testid={`releases-${remote.remote}-empty`}
          description={
            <>
              <Typography.Paragraph strong className="vt-releases__empty-title">
                {t('releases.empty.title')}
              </Typography.Paragraph>
              <Typography.Paragraph type="secondary">{t('releases.empty.text')}</Typography.Paragraph>
            </>
          }
        >
          <CommandLine label={t('releases.commands.publish')} command={releaseCommands.publish(remote.remote)} />
        </Empty>
      ) : (
        <>
          <Pointers remote={remote} />
          {wide ? <ReleasesTable remote={remote} name={name} /> : <ReleaseCards remote={remote} name={name} />}
          <Typography.Paragraph type="secondary" className="vt-releases__keep">
            {t('releases.keep', { count: remote.keep })}
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}

/**
 * settings, tab "releases" (administrators only: the settings page shows the tab to them alone, and the API answers
 * them alone): each remote's kept releases as the server has them (docs/decisions/releases.md) — the active one
 * highlighted, the previous one marked as where a rollback goes, each one's build and publish times, size and the
 * shared-surface ranges it requires, a release the shell in use cannot run flagged with the reason. Read only: it
 * shows the exact `npm run release` commands to run on the server, each with a copy button.
 */
export function ReleasesTab() {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const releases = useReleases();
  useReportError(releases.error, fail);
  const wide = Grid.useBreakpoint().xl === true;

  let content;
  if (releases.isError && !releases.data) {
    content = <LoadFailed title={t('releases.loadFailed')} onRetry={releases.refetch} data-testid="releases-error" />;
  } else if (!releases.data) {
    content = (
      <div role="status" aria-busy="true" aria-label={t('common:loading.label')} data-testid="releases-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else {
    content = (
      <div className="vt-releases__remotes">
        {releases.data.map((remote) => (
          <RemoteSection key={remote.remote} remote={remote} wide={wide} />
        ))}
      </div>
    );
  }

  return (
    <section className="vt-releases" data-testid="releases-tab" aria-labelledby="releases-title">
      <div className="vt-releases__head">
        <Typography.Title level={4} id="releases-title" className="vt-releases__heading">
          {t('releases.title')}
        </Typography.Title>
        {releases.data && (
          <Button icon={<ReloadOutlined />} loading={releases.isFetching} onClick={() => void releases.refetch()}>
            {t('common:actions.refresh')}
          </Button>
        )}
      </div>
      <Typography.Paragraph type="secondary" className="vt-releases__intro">
        {t('releases.text')}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" className="vt-releases__intro">
        {t('releases.commands.where')}
      </Typography.Paragraph>
      {content}
    </section>
  );
}
