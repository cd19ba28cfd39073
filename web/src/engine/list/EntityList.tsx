// The list of a definition, shared by the index, tabbed, master-detail and pick screens: a
// toolbar (New, Import, Export, refresh, saved searches, columns), the filter bar, and a compact
// antd table with server paging and sorting. Rows open with Enter or a double click; in pick
// mode they are chosen instead.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Empty, Modal, Space, Table, Tooltip, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { SorterResult } from 'antd/es/table/interface';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickLabel } from '@seamline/core';
import { toastError } from '../../api';
import { useLang } from '../../i18n';
import { usePageList } from '../data/hooks';
import { rememberRowLabels } from '../data/refLabels';
import { sourceOf, type Row, type SortKey } from '../data/source';
import { columnField } from '../fields/systemFields';
import { FlowNodeTag } from '../fields/FlowNodeTag';
import { useDocumentActions } from '../form/useDocumentActions';
import type { EntityEntry } from '../registry';
import { LoadFailed } from '../screens/states';
import { canWrite, useSessionContext } from '../session';
import { ColumnSettingsButton } from './ColumnSettingsButton';
import { useColumnSettings } from './columnSettings';
import { entityColumns } from './columns';
import { FilterBar } from './FilterBar';
import { PAGE_SIZES } from './query';
import { openableRow } from './openableRow';
import { RowActions } from './RowActions';
import { SavedSearchMenu } from './SavedSearchMenu';
import type { ListState } from './useListState';
import { TransferJobProgress } from '../../transfer/TransferJobProgress';
import type { TransferJob } from '../../transfer/jobs';

/** Views up to this many rows download at once; larger ones export as a background job. */
export const INLINE_EXPORT_ROWS = 5000;

export interface EntityListProps {
  entry: EntityEntry;
  state: ListState;
  /** Saved searches and column settings are kept under this key (the route's pathname). */
  routeKey?: string | null;
  /** 'manage': row actions and the toolbar; 'pick': a Choose action; 'browse': read-only rows. */
  mode?: 'manage' | 'pick' | 'browse';
  /** Enter / double click on a row (manage and browse modes). */
  onOpen?: (row: Row) => void;
  onView?: (row: Row) => void;
  onEdit?: (row: Row) => void;
  onCreate?: () => void;
  onChoose?: (row: Row) => void;
  /** Where Import goes (the business import centre, preset to this entity). */
  importTo?: string;
  /** The row shown beside the list (master-detail). */
  selectedId?: string | null;
  /** Only these columns (master-detail keeps its list narrow). */
  columns?: string[];
  /** Beside a form (master-detail): fewer filters to a row, only the essential toolbar. */
  narrow?: boolean;
  /** Above the filters (the status tabs). */
  above?: ReactNode;
  title?: ReactNode;
}

export function EntityList({
  entry,
  state,
  routeKey = null,
  mode = 'manage',
  onOpen,
  onView,
  onEdit,
  onCreate,
  onChoose,
  importTo,
  selectedId,
  columns: onlyColumns,
  narrow = false,
  above,
  title,
}: EntityListProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { def } = entry;
  const session = useSessionContext();
  const writable = mode === 'manage' && canWrite(def, session);
  const list = usePageList(entry, state.q, state.p);
  const available = onlyColumns ?? def.list.columns;
  const columnSettings = useColumnSettings(routeKey ? `${routeKey}` : null, available);
  const [selected, setSelected] = useState<Row[]>([]);
  const actions = useDocumentActions(entry);
  const source = sourceOf(entry);

  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  // The labels the rows carry serve every reference field showing the same ids (filters too).
  useEffect(() => {
    for (const row of rows) rememberRowLabels(def.fields, row);
  }, [rows, def]);

  const hasFilters = Object.keys(state.ownQ).length > 0;
  const labelOf = (name: string) => pickLabel(columnField(def, name)?.label, lang) || name;
  const activate = (row: Row) => (mode === 'pick' ? onChoose?.(row) : onOpen?.(row));

  const columns = [
    ...entityColumns(def, columnSettings.visible, state.p.sort, lang).map((c) =>
      columnSettings.widths[String(c.key)] ? { ...c, width: columnSettings.widths[String(c.key)] } : c,
    ),
    // FLOW-16: a document under approval shows its current node in the node's own text and colour.
    ...(def.flow ? [{ key: 'flow_node', title: t('engine.flow.node'), render: (_: unknown, row: Row) => <FlowNodeTag row={row} /> }] : []),
    ...(mode === 'manage'
      ? [
          {
            key: 'actions',
            title: t('engine.actions'),
            fixed: 'right' as const,
            width: 112,
            render: (_: unknown, row: Row) => (
              <RowActions
                entry={entry}
                row={row}
                session={session}
                onView={(r) => (onView ?? onOpen)?.(r)}
                onEdit={(r) => (onEdit ?? onOpen)?.(r)}
                onChanged={() => void list.refetch()}
              />
            ),
          },
        ]
      : mode === 'pick'
        ? [
            {
              key: 'choose',
              title: t('engine.actions'),
              fixed: 'right' as const,
              width: 96,
              render: (_: unknown, row: Row) => (
                <Button
                  size="small"
                  type="primary"
                  ghost
                  icon={<CheckOutlined />}
                  data-testid={`choose-${String(row[def.display] ?? row.id)}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    onChoose?.(row);
                  }}
                >
                  {t('engine.pick.choose')}
                </Button>
              ),
            },
          ]
        : []),
  ];

  const [exporting, setExporting] = useState(false);
  const [exportJob, setExportJob] = useState<TransferJob | null>(null);
  const exportView = async () => {
    if (!source.exportFile || exporting) return;
    if (!list.data?.total) {
      toastError(t('common.nothingToExport'));
      return;
    }
    setExporting(true);
    try {
      if (source.exportJob && (list.data.total_capped || list.data.total > INLINE_EXPORT_ROWS)) setExportJob(await source.exportJob(state.q, state.p));
      else await source.exportFile(state.q, state.p);
    } catch {
      // signed out: the client has already gone to /login
    } finally {
      setExporting(false);
    }
  };

  const total = list.data?.total ?? 0;
  // Beyond the count's cap the server gives the planner's estimate (total_estimate): '≈ 12,345'.
  const estimate = list.data?.total_capped ? list.data.total_estimate : undefined;
  const totalText = estimate
    ? t('engine.list.totalEstimated', { total: estimate.toLocaleString('en-US') })
    : list.data?.total_capped
      ? t('engine.list.totalCapped', { total })
      : t('engine.list.total', { total, count: total });
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={hasFilters ? t('engine.list.noMatch') : t('engine.list.empty', { entity: pickLabel(def.label, lang) })}
    >
      {hasFilters ? (
        <Button onClick={state.reset}>{t('engine.filter.reset')}</Button>
      ) : (
        writable &&
        onCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
            {t('engine.list.new')}
          </Button>
        )
      )}
    </Empty>
  );

  return (
    <div className="sl-entity-list" data-testid={`entity-list-${def.name}`}>
      <div className="sl-list-toolbar">
        <Space size="small" align="baseline">
          {title ?? (
            <Typography.Title level={5} style={{ margin: 0 }}>
              {pickLabel(def.label, lang)}
            </Typography.Title>
          )}
          {list.data && (
            <Typography.Text type="secondary" data-testid="list-total" title={estimate ? t('engine.list.totalEstimatedHint', { cap: (10_000).toLocaleString('en-US') }) : undefined}>
              {totalText}
            </Typography.Text>
          )}
        </Space>
        <Space wrap size="small">
          {writable && selected.length > 0 && (
            <Button
              danger
              icon={<DeleteOutlined />}
              data-testid="delete-selected"
              onClick={async () => {
                if (await actions.runDelete(selected)) setSelected([]);
              }}
            >
              {t('engine.delete.selected', { count: selected.length })}
            </Button>
          )}
          {writable && onCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid="list-new">
              {t('engine.list.new')}
            </Button>
          )}
          {writable && importTo && !narrow && (
            <Button icon={<UploadOutlined />} onClick={() => navigate(importTo)} data-testid="list-import">
              {t('engine.list.import')}
            </Button>
          )}
          {mode === 'manage' && source.exportFile && !narrow && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportView()} data-testid="list-export">
              {t('engine.list.export')}
            </Button>
          )}
          {exportJob && (
            <Modal open title={t('engine.job.exportTitle', { entity: pickLabel(def.label, lang) })} footer={null} onCancel={() => setExportJob(null)} destroyOnHidden>
              <TransferJobProgress job={exportJob} />
            </Modal>
          )}
          {routeKey && mode === 'manage' && !narrow && (
            <SavedSearchMenu routeKey={routeKey} current={{ q: state.ownQ, p: state.p, tab: state.tab }} onApply={state.apply} />
          )}
          <Tooltip title={t('engine.list.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('engine.list.refresh')}
              loading={list.isFetching && !list.isLoading}
              onClick={() => void list.refetch()}
              data-testid="list-refresh"
            />
          </Tooltip>
          <ColumnSettingsButton columns={columnSettings} labelOf={labelOf} />
        </Space>
      </div>
      {above}
      <FilterBar def={def} values={state.filters} onSearch={state.search} onReset={state.reset} narrow={narrow} />
      {list.isError && !list.data ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : (
        <Table<Row>
          size="small"
          rowKey={(r) => String(r.id)}
          columns={columns}
          dataSource={rows}
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: list.isLoading ? ' ' : empty }}
          rowSelection={
            writable
              ? { selectedRowKeys: selected.map((r) => String(r.id)), onChange: (_keys, rowsSel) => setSelected(rowsSel), columnWidth: 36 }
              : undefined
          }
          rowClassName={(r) => (selectedId && String(r.id) === selectedId ? 'sl-row-selected' : 'sl-row')}
          onRow={(row) => ({
            ...openableRow(() => activate(row)),
            'aria-selected': selectedId ? String(row.id) === selectedId : undefined,
            onClick: selectedId !== undefined ? () => activate(row) : undefined,
          })}
          pagination={{
            current: state.p.page,
            pageSize: state.p.size,
            total,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: () => totalText,
            size: 'small',
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'paginate') state.setPage(pagination.current ?? 1, pagination.pageSize ?? state.p.size);
            if (extra.action === 'sort') {
              const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row>;
              const sort: SortKey[] = s?.order && s.columnKey ? [{ field: String(s.columnKey), order: s.order === 'ascend' ? 'asc' : 'desc' }] : [];
              state.setSort(sort);
            }
          }}
        />
      )}
    </div>
  );
}
