import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { User, UserCreated } from '@vitrine/contracts';
import { useSearchParams, useTranslation } from '@vitrine/core';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useUsers } from '../api/get-users';
import { useUserActions } from '../api/use-user-actions';
import { useActor } from '../hooks/use-actor';
import { hasFilters, listInput, readUsersView, writeUsersView, type UsersView } from '../users-view';
import { CredentialsDialog } from './credentials-dialog';
import { UserFilters } from './user-filters';
import { UserFormDrawer } from './user-form-drawer';
import { UsersTable, type UpdateView } from './users-table';
import './users-page.css';

/**
 * The view the URL holds, and a way to change it. Changes apply to the URL as it is when they land
 * (the debounced search lands later than the render that scheduled it).
 */
function useUsersView(): { view: UsersView; update: UpdateView } {
  const [params, setParams] = useSearchParams();
  const latest = useRef(setParams);
  useEffect(() => {
    latest.current = setParams;
  }, [setParams]);
  const update = useCallback<UpdateView>((change, options) => latest.current((prev) => writeUsersView(prev, change), options), []);
  const view = useMemo(() => readUsersView(params), [params]);
  return { view, update };
}

interface FormState {
  open: boolean;
  user: User | null;
}

/**
 * users: who signs in to the back office. The list is paged, searched, filtered and sorted
 * by the server, all in the URL; users are added and edited in a side panel, (de)activated and
 * deleted after confirmation; a user just added gets their first-access credentials in a dialog.
 */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const { view, update } = useUsersView();
  const users = useUsers(listInput(view));
  useReportError(users.error, fail);
  const actions = useUserActions();
  const { me, actor } = useActor();
  const [form, setForm] = useState<FormState>({ open: false, user: null });
  const [created, setCreated] = useState<UserCreated | null>(null);

  // The last user of the last page went away (deleted, or no longer matching): show the page before.
  const { data } = users;
  useEffect(() => {
    if (data && data.items.length === 0 && data.page > 1 && !users.isPlaceholderData) update({ page: data.page - 1 }, { replace: true });
  }, [data, users.isPlaceholderData, update]);

  const closeForm = useCallback(() => setForm((state) => ({ ...state, open: false })), []);

  return (
    <div className="vt-users" data-testid="users-page">
      <div className="vt-users__head">
        <Typography.Title level={3} className="vt-users__heading">
          {t('users.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, user: null })}>
          {t('users.add')}
        </Button>
      </div>
      <Typography.Paragraph type="secondary">{t('users.intro')}</Typography.Paragraph>
      <UserFilters view={view} update={update} />
      {users.isError && !data ? (
        <Alert
          type="error"
          showIcon
          title={t('users.loadFailed')}
          data-testid="users-error"
          action={
            <Button size="small" onClick={() => void users.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : (
        <UsersTable
          data={data}
          loading={users.isFetching}
          view={view}
          update={update}
          actor={actor}
          actions={actions}
          onEdit={(user) => setForm({ open: true, user })}
          filtered={hasFilters(view)}
        />
      )}
      <UserFormDrawer open={form.open} user={form.user} actor={actor} me={me} actions={actions} onClose={closeForm} onCreated={setCreated} />
      <CredentialsDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
