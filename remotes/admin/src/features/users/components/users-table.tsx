import { useId } from 'react';
import { Button, Dropdown, Empty, Grid, Table, Tag, Tooltip, Typography } from 'antd';
import type { MenuProps, TableColumnsType, TableProps } from 'antd';
import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import MoreOutlined from '@ant-design/icons/MoreOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import type { ListPage, User, UserSort, UserStatus } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import type { useUserActions } from '../api/use-user-actions';
import { DEFAULT_SORT, editDenial, fullName, manageDenial, naturalOrder, PAGE_SIZES, statusAction, type Actor, type Denial, type UsersView } from '../users-view';
import { useDates } from '../../../lib/use-dates';

type UserActions = ReturnType<typeof useUserActions>;
export type UpdateView = (change: Partial<UsersView>, options?: { replace?: boolean }) => void;

const STATUS_COLORS: Record<UserStatus, string | undefined> = { active: 'green', inactive: undefined, blocked: 'red', 'first-access': 'gold' };

export function StatusTag({ status }: { status: UserStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Tag color={STATUS_COLORS[status]} className={status === 'inactive' ? 'vt-users__tag--muted' : undefined}>
      {t(`users.statuses.${status}`)}
    </Tag>
  );
}

/** The text of a denial, for the action it stops. */
function useDenialText() {
  const { t } = useTranslation('admin');
  return (denial: Denial, self: 'cannotDeleteSelf' | 'cannotChangeOwnStatus' | null) => {
    if (denial === 'adminOnly') return t('users.adminOnly');
    if (denial === 'self' && self) return t(`users.${self}`);
    return null;
  };
}

/** Edit, and a menu with the status action and delete; what the API would refuse is disabled, saying why. */
function RowActions({ user, actor, actions, onEdit }: { user: User; actor: Actor; actions: UserActions; onEdit: (user: User) => void }) {
  const { t } = useTranslation('admin');
  const reasonId = useId();
  const denialText = useDenialText();
  const name = fullName(user) || user.email;
  const editReason = denialText(editDenial(user, actor), null);
  const manage = manageDenial(user, actor);
  const statusReason = denialText(manage, 'cannotChangeOwnStatus');
  const deleteReason = denialText(manage, 'cannotDeleteSelf');
  const next = statusAction(user);

  const label = (text: string, reason: string | null) =>
    reason ? (
      <span className="vt-users__menu-item">
        <span>{text}</span>
        <span className="vt-users__menu-reason">{reason}</span>
      </span>
    ) : (
      text
    );
  const items: MenuProps['items'] = [
    {
      key: 'status',
      icon: next.kind === 'activate' ? <CheckCircleOutlined /> : <StopOutlined />,
      label: label(t(`common:actions.${next.kind}`), statusReason),
      disabled: statusReason !== null,
    },
    { key: 'delete', icon: <DeleteOutlined />, danger: deleteReason === null, label: label(t('common:actions.delete'), deleteReason), disabled: deleteReason !== null },
  ];

  return (
    <div className="vt-users__actions">
      <Tooltip title={editReason ?? t('common:actions.edit')}>
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={t('users.editOf', { name })}
          aria-describedby={editReason ? reasonId : undefined}
          disabled={editReason !== null}
          onClick={() => onEdit(user)}
        />
      </Tooltip>
      {editReason && (
        <span id={reasonId} className="vt-visually-hidden">
          {editReason}
        </span>
      )}
      <Dropdown
        trigger={['click']}
        autoFocus
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'status') void actions.setStatus(user, next.status);
            else void actions.remove(user);
          },
        }}
      >
        <Button type="text" icon={<MoreOutlined />} aria-label={t('users.actionsOf', { name })} />
      </Dropdown>
    </div>
  );
}

/** A row opened: what the table leaves out (on a narrow screen, also the email, type, status and creation date). */
function UserDetails({ user, wide }: { user: User; wide: boolean }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const none = <Typography.Text type="secondary">{t('users.none')}</Typography.Text>;
  return (
    <dl className="vt-users__details" data-testid={`user-details-${user.id}`}>
      {!wide && (
        <>
          <dt>{t('users.fields.email')}</dt>
          <dd>
            <a href={`mailto:${user.email}`}>{user.email}</a>
          </dd>
          <dt>{t('users.fields.type')}</dt>
          <dd>{t(`users.types.${user.type}`)}</dd>
          <dt>{t('users.fields.status')}</dt>
          <dd>
            <StatusTag status={user.status} />
          </dd>
        </>
      )}
      <dt>{t('users.fields.accesses')}</dt>
      <dd>
        {user.accesses.length > 0 ? (
          <span className="vt-users__accesses">
            {user.accesses.map((access) => (
              <Tag key={access}>{t(`users.accesses.${access}`)}</Tag>
            ))}
          </span>
        ) : (
          none
        )}
      </dd>
      <dt>{t('users.fields.phone')}</dt>
      <dd>{user.phone ? <a href={`tel:${user.phone.replace(/[^\d+]/g, '')}`}>{user.phone}</a> : none}</dd>
      <dt>{t('users.fields.gender')}</dt>
      <dd>{t(`users.genders.${user.gender}`)}</dd>
      <dt>{t('users.fields.taxId')}</dt>
      <dd>{user.tax_id || none}</dd>
      {!wide && (
        <>
          <dt>{t('users.fields.createdAt')}</dt>
          <dd>
            <time dateTime={user.created_at}>{dates.date(user.created_at)}</time>
          </dd>
        </>
      )}
    </dl>
  );
}

interface UsersTableProps {
  data: ListPage<User> | undefined;
  loading: boolean;
  view: UsersView;
  update: UpdateView;
  actor: Actor;
  actions: UserActions;
  onEdit: (user: User) => void;
  filtered: boolean;
}

const SORTABLE: readonly UserSort[] = ['name', 'email', 'created_at'];
/** Columns only a screen from antd's `md` breakpoint (768 px) shows; narrower, their values are in the opened row. */
const WIDE_ONLY = new Set(['email', 'type', 'status', 'created_at']);

/**
 * The users, a server page at a time, sorted by the server. On a phone the table keeps the name and
 * the actions; the rest is in the row opened with its expand button. It never scrolls sideways.
 */
export function UsersTable({ data, loading, view, update, actor, actions, onEdit, filtered }: UsersTableProps) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const wide = Grid.useBreakpoint().md === true;

  const sortable = (key: UserSort) => ({
    key,
    sorter: true,
    sortOrder: view.sort === key ? (view.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
    sortDirections: naturalOrder(key) === 'asc' ? (['ascend', 'descend'] as const).slice() : (['descend', 'ascend'] as const).slice(),
  });

  const allColumns: TableColumnsType<User> = [
    {
      ...sortable('name'),
      title: t('users.fields.name'),
      render: (_, user) => (
        <div className="vt-users__who">
          <span className="vt-users__name">
            <span>{fullName(user)}</span>
            {user.id === actor.id && (
              <Tag color="purple" className="vt-users__you">
                {t('users.you')}
              </Tag>
            )}
          </span>
          <span className="vt-users__position">{user.position}</span>
        </div>
      ),
    },
    {
      ...sortable('email'),
      title: t('users.fields.email'),
      render: (_, user) => (
        <a href={`mailto:${user.email}`} className="vt-users__email">
          {user.email}
        </a>
      ),
    },
    { key: 'type', title: t('users.fields.type'), width: 160, render: (_, user) => t(`users.types.${user.type}`) },
    { key: 'status', title: t('users.fields.status'), width: 140, render: (_, user) => <StatusTag status={user.status} /> },
    {
      ...sortable('created_at'),
      title: t('users.fields.createdAt'),
      width: 130,
      render: (_, user) => <time dateTime={user.created_at}>{dates.date(user.created_at)}</time>,
    },
    {
      key: 'actions',
      title: <span className="vt-visually-hidden">{t('users.fields.actions')}</span>,
      width: 88,
      render: (_, user) => <RowActions user={user} actor={actor} actions={actions} onEdit={onEdit} />,
    },
  ];
  const columns = allColumns.filter((column) => wide || !WIDE_ONLY.has(String(column.key)));

  const onChange: TableProps<User>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'paginate') {
      if (pagination.pageSize && pagination.pageSize !== view.limit) update({ limit: pagination.pageSize });
      else update({ page: pagination.current ?? 1 });
    } else if (extra.action === 'sort') {
      const chosen = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = chosen?.columnKey as UserSort | undefined;
      if (chosen?.order && key && SORTABLE.includes(key)) update({ sort: key, order: chosen.order === 'ascend' ? 'asc' : 'desc' });
      else update({ sort: DEFAULT_SORT, order: naturalOrder(DEFAULT_SORT) });
    }
  };

  return (
    <Table<User>
      className="vt-users__table"
      data-testid="users-table"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      onChange={onChange}
      expandable={{ expandedRowRender: (user) => <UserDetails user={user} wide={wide} />, columnWidth: 40 }}
      pagination={{
        current: view.page,
        pageSize: view.limit,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        showTotal: (total) => t('users.total', { count: total }),
        responsive: true,
      }}
      locale={{
        emptyText: data ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('users.emptyFiltered') : t('users.empty')} data-testid="users-empty" />
        ) : (
          <div className="vt-users__placeholder" />
        ),
      }}
    />
  );
}
