import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Skeleton, Switch, Tag, Typography } from 'antd';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { SeoEntry } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useSeoEntries } from '../api/get-seo-entries';
import { useSeoActions } from '../api/use-seo-actions';
import { entrySummary, NON_SEO_PAGE_ROUTES, SEO_PAGE_ROUTES } from '../seo-view';
import { SeoEntryDrawer } from './seo-entry-drawer';
import './seo-page.css';
import { useDates } from '../../../lib/use-dates';

type Actions = ReturnType<typeof useSeoActions>;

/** What the markup does and where it goes, as the shell and the server apply it (contracts' isSeoPage). */
function SeoWarning() {
  const { t } = useTranslation('admin');
  const names = (routes: readonly string[]) => routes.map((name) => t(`seo.pages.names.${name}`)).join(', ');
  return (
    <Alert
      type="warning"
      showIcon
      className="vt-seo__warning"
      title={t('seo.warning.title')}
      data-testid="seo-warning"
      description={
        <>
          <p>{t('seo.warning.text')}</p>
          <p data-testid="seo-pages">
            <strong>{t('seo.pages.where')}</strong> {names(SEO_PAGE_ROUTES)}.
          </p>
          <p data-testid="seo-not-pages">
            <strong>{t('seo.pages.never')}</strong> {t('seo.pages.neverList', { list: names(NON_SEO_PAGE_ROUTES) })}
          </p>
          <p>{t('seo.pages.once')}</p>
        </>
      }
    />
  );
}

/** One entry: its name, what it holds, the hosts it names, when it changed; on/off (confirmed) and edit. */
function EntryRow({ entry, actions, onEdit }: { entry: SeoEntry; actions: Actions; onEdit: (entry: SeoEntry) => void }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const [busy, setBusy] = useState(false);
  const { counts, domains } = useMemo(() => entrySummary(entry), [entry]);

  const toggle = async (active: boolean) => {
    setBusy(true);
    await actions.setActive(entry, active);
    setBusy(false);
  };

  return (
    <li className={`vt-seo__entry${entry.active ? '' : ' vt-seo__entry--off'}`} data-testid="seo-entry">
      <div className="vt-seo__text">
        <strong className="vt-seo__name">{entry.name}</strong>
        <ul className="vt-seo__chips" aria-label={t('seo.preview.contents')}>
          {counts.map(({ tag, count }) => (
            <li key={tag}>
              <Tag className="vt-seo__chip" color={tag === 'script' ? 'orange' : undefined}>
                {t(`seo.tags.${tag}`, { count })}
              </Tag>
            </li>
          ))}
          {counts.length === 0 && (
            <li>
              <Tag className="vt-seo__chip">{entry.head_markup.trim() || entry.body_markup.trim() ? t('seo.preview.textOnly') : t('seo.noMarkup')}</Tag>
            </li>
          )}
        </ul>
        {domains.length > 0 && <p className="vt-seo__domains">{t('seo.domainsList', { list: domains.join(', ') })}</p>}
        <Typography.Text type="secondary" className="vt-seo__updated">
          {t('seo.updated')} <time dateTime={entry.updated_at}>{dates.dateTime(entry.updated_at)}</time>
        </Typography.Text>
      </div>
      <div className="vt-seo__controls">
        <Switch
          checked={entry.active}
          loading={busy}
          checkedChildren={t('seo.on')}
          unCheckedChildren={t('seo.off')}
          aria-label={t('seo.activeLabel', { name: entry.name })}
          onChange={(checked) => void toggle(checked)}
        />
        <Button icon={<EditOutlined />} aria-label={t('seo.editNamed', { name: entry.name })} onClick={() => onEdit(entry)}>
          {t('common:actions.edit')}
        </Button>
      </div>
    </li>
  );
}

/**
 * seo (a settings tab): the SEO entries, each a head markup and a body markup the public pages carry
 * while it is on. Listed with what each holds; turned on or off after confirmation; added and edited in
 * a side panel that previews the markup as text. The markup never runs in the admin.
 */
export function SeoPage() {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const seo = useSeoEntries();
  useReportError(seo.error, fail);
  const actions = useSeoActions();
  const [form, setForm] = useState<{ open: boolean; entry: SeoEntry | null }>({ open: false, entry: null });

  const entries = seo.data ?? [];
  const active = entries.filter((entry) => entry.active).length;
  const openForm = (entry: SeoEntry | null) => setForm({ open: true, entry });
  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
      {t('seo.new')}
    </Button>
  );

  let content;
  if (seo.isError && !seo.data) {
    content = (
      <Alert
        type="error"
        showIcon
        title={t('seo.loadFailed')}
        data-testid="seo-error"
        action={
          <Button size="small" onClick={() => void seo.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  } else if (!seo.data) {
    content = (
      <div role="status" aria-busy="true" aria-label={t('common:loading.label')} data-testid="seo-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (entries.length === 0) {
    content = (
      <Empty className="vt-seo__empty" description={t('seo.empty')} data-testid="seo-empty">
        {create}
      </Empty>
    );
  } else {
    content = (
      <>
        <Typography.Text type="secondary" className="vt-seo__summary" data-testid="seo-summary">
          {t('seo.total', { count: entries.length, active })}
        </Typography.Text>
        <ul className="vt-seo__entries" data-testid="seo-entries">
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} actions={actions} onEdit={openForm} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="vt-seo" data-testid="seo-page">
      <div className="vt-seo__head">
        <Typography.Title level={3} className="vt-seo__heading">
          {t('seo.title')}
        </Typography.Title>
        {seo.data && entries.length > 0 && create}
      </div>
      <Typography.Paragraph type="secondary" className="vt-seo__intro">
        {t('seo.text')}
      </Typography.Paragraph>
      <SeoWarning />
      {content}
      <SeoEntryDrawer open={form.open} entry={form.entry} save={actions.save} onClose={() => setForm((state) => ({ ...state, open: false }))} />
    </div>
  );
}
