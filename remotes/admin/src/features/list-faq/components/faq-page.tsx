import { useMemo, useState, type MouseEvent } from 'react';
import { Alert, Button, Collapse, Empty, Input, Skeleton, Switch, Tag, Tooltip, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { LIMITS, type FaqEntry } from '@vitrine/contracts';
import { useSearchParams, useTranslation } from '@vitrine/core';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useFaqEntries } from '../api/get-faq-entries';
import { useFaqActions } from '../api/use-faq-actions';
import { answerPreview, entryPath, groupEntries, type FaqGroup } from '../faq-view';
import { FaqEntryModal } from './faq-entry-modal';
import './faq-page.css';

type Actions = ReturnType<typeof useFaqActions>;

interface FormState {
  open: boolean;
  entry: FaqEntry | null;
  product?: string;
}

/** A control in a group's header: using it does not fold the group. */
const keepOpen = (event: MouseEvent) => event.stopPropagation();

/** One question: position, question, the answer's start, where it is on the site; shown/hidden at once, edit, delete. */
function EntryRow({ entry, actions, onEdit }: { entry: FaqEntry; actions: Actions; onEdit: (entry: FaqEntry) => void }) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);

  const toggle = async (active: boolean) => {
    setBusy(true);
    await actions.setActive(entry, active);
    setBusy(false);
  };

  return (
    <li className={`vt-faq-admin__entry${entry.active ? '' : ' vt-faq-admin__entry--hidden'}`} data-testid="faq-entry">
      <span className="vt-faq-admin__position" title={t('faq.fields.position')}>
        <span className="vt-visually-hidden">{t('faq.fields.position')}: </span>
        {entry.position}
      </span>
      <div className="vt-faq-admin__text">
        <strong className="vt-faq-admin__question">{entry.question}</strong>
        <p className="vt-faq-admin__answer">{answerPreview(entry.answer)}</p>
        {entry.active ? (
          <a className="vt-faq-admin__link" href={entryPath(entry)} target="_blank" rel="noopener noreferrer">
            {t('faq.viewOnSite')} <ExportOutlined aria-hidden="true" />
          </a>
        ) : (
          <Tag className="vt-faq-admin__hidden-tag">{t('faq.hiddenOnSite')}</Tag>
        )}
      </div>
      <div className="vt-faq-admin__controls">
        <Switch
          size="small"
          checked={entry.active}
          loading={busy}
          aria-label={t('faq.activeLabel', { question: entry.question })}
          onChange={(checked) => void toggle(checked)}
        />
        <Tooltip title={t('common:actions.edit')}>
          <Button type="text" icon={<EditOutlined />} aria-label={t('common:actions.edit')} onClick={() => onEdit(entry)} />
        </Tooltip>
        <Tooltip title={t('common:actions.delete')}>
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} onClick={() => void actions.remove(entry)} />
        </Tooltip>
      </div>
    </li>
  );
}

/**
 * list-faq: the FAQ's questions, managed by site_editor. Grouped by product as the public page
 * shows them (each group folds), searched here without a request (the search is in the URL, `?q=`),
 * each question shown or hidden at once, edited in a modal, deleted after confirmation.
 */
export function FaqPage() {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const faq = useFaqEntries();
  useReportError(faq.error, fail);
  const actions = useFaqActions();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const [form, setForm] = useState<FormState>({ open: false, entry: null });

  const entries = useMemo(() => faq.data ?? [], [faq.data]);
  const groups = useMemo(() => groupEntries(entries, search), [entries, search]);
  const shown = groups.reduce((sum, group) => sum + group.entries.length, 0);

  const setSearch = (value: string) => {
    setFolded(new Set());
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  };

  const openForm = (entry: FaqEntry | null, product?: string) => setForm({ open: true, entry, product });
  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
      {t('faq.new')}
    </Button>
  );

  const groupItem = (group: FaqGroup) => ({
    key: group.slug,
    label: (
      <span className="vt-faq-admin__group">
        <span className="vt-faq-admin__product">{group.name}</span>
        <Tag>{t('faq.count', { count: group.entries.length })}</Tag>
        {group.hidden > 0 && <Tag color="default">{t('faq.hiddenCount', { count: group.hidden })}</Tag>}
      </span>
    ),
    extra: (
      <span className="vt-faq-admin__group-actions" onClick={keepOpen}>
        <Tooltip title={t('faq.viewProduct')}>
          <Button type="text" size="small" icon={<ExportOutlined />} href={`/faq/${group.slug}`} target="_blank" rel="noopener noreferrer" aria-label={t('faq.viewProductOf', { product: group.name })} />
        </Tooltip>
        <Tooltip title={t('faq.addTo')}>
          <Button type="text" size="small" icon={<PlusOutlined />} aria-label={t('faq.addToProduct', { product: group.name })} onClick={() => openForm(null, group.name)} />
        </Tooltip>
      </span>
    ),
    children: (
      <ol className="vt-faq-admin__entries">
        {group.entries.map((entry) => (
          <EntryRow key={entry.id} entry={entry} actions={actions} onEdit={(e) => openForm(e)} />
        ))}
      </ol>
    ),
  });

  let content;
  if (faq.isError && !faq.data) {
    content = (
      <Alert
        type="error"
        showIcon
        title={t('faq.loadFailed')}
        data-testid="faq-error"
        action={
          <Button size="small" onClick={() => void faq.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  } else if (!faq.data) {
    content = <Skeleton active paragraph={{ rows: 8 }} data-testid="faq-loading" />;
  } else if (entries.length === 0) {
    content = (
      <Empty className="vt-faq-admin__empty" description={t('faq.empty')} data-testid="faq-empty">
        {create}
      </Empty>
    );
  } else {
    content = (
      <>
        <div className="vt-faq-admin__toolbar">
          <Input.Search
            allowClear
            className="vt-faq-admin__search"
            placeholder={t('faq.searchPlaceholder')}
            aria-label={t('faq.searchPlaceholder')}
            maxLength={LIMITS.search}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Typography.Text type="secondary" className="vt-faq-admin__summary" data-testid="faq-summary">
            {search.trim() ? t('faq.found', { count: shown, total: entries.length }) : t('faq.total', { count: entries.length })}
          </Typography.Text>
        </div>
        {groups.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('faq.noMatch', { search: search.trim() })} data-testid="faq-no-match">
            <Button onClick={() => setSearch('')}>{t('faq.clearSearch')}</Button>
          </Empty>
        ) : (
          <Collapse
            // The name and the arrow fold a group; the group's own buttons sit beside them, not inside a button.
            collapsible="header"
            className="vt-faq-admin__groups"
            activeKey={groups.filter((group) => !folded.has(group.slug)).map((group) => group.slug)}
            onChange={(keys) => {
              const open = new Set(Array.isArray(keys) ? keys : [keys]);
              setFolded(new Set(groups.filter((group) => !open.has(group.slug)).map((group) => group.slug)));
            }}
            items={groups.map(groupItem)}
            data-testid="faq-groups"
          />
        )}
      </>
    );
  }

  return (
    <div className="vt-faq-admin" data-testid="faq-page">
      <div className="vt-faq-admin__head">
        <Typography.Title level={3} className="vt-faq-admin__heading">
          {t('faq.title')}
        </Typography.Title>
        <div className="vt-faq-admin__head-actions">
          <Button icon={<ExportOutlined />} href="/faq" target="_blank" rel="noopener noreferrer">
            {t('faq.viewAll')}
          </Button>
          {create}
        </div>
      </div>
      <Typography.Paragraph type="secondary" className="vt-faq-admin__intro">
        {t('faq.text')}
      </Typography.Paragraph>
      {content}
      <FaqEntryModal
        open={form.open}
        entry={form.entry}
        product={form.product}
        entries={entries}
        save={actions.save}
        onClose={() => setForm((state) => ({ ...state, open: false }))}
      />
    </div>
  );
}
