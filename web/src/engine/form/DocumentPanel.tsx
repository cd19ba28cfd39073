// One document of a definition: loads it (or starts a new one from core defaultValues), shows
// it in the entity form, saves it through the entity's source and keeps the form on the saved
// document (new id and version). Header: status, Save, transitions, audit trail, print.
// Read-only routes (/page/view) and users without write permission get every input disabled
// and no Save / transition / delete action.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Form, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { HistoryOutlined, PrinterOutlined, SaveOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { defaultValues, documentName, pickLabel, type TransitionDef } from '@seamline/core';
import { ApiError, toastSuccess } from '../../api';
import { SpecForm } from '../../form';
import { useLang } from '../../i18n';
import { useDocument, useSaveDocument } from '../data/hooks';
import { inUseWarning } from '../data/inUse';
import { rememberRowLabels } from '../data/refLabels';
import type { Row } from '../data/source';
import { FieldValue } from '../fields/FieldValue';
import { FlowNodeTag } from '../fields/FlowNodeTag';
import { entityPaths } from '../paths';
import type { EntityEntry } from '../registry';
import { LoadFailed } from '../screens/states';
import { allowedTransitions, canWrite, useSessionContext } from '../session';
import { AuditDrawer } from './AuditDrawer';
import { StaleAlert } from './StaleAlert';
import { EntityForm } from './EntityForm';
import { documentExtensions } from './extensions';
import { useConfirmInUse } from './useConfirmInUse';
import { STALE_STATUS, useDocumentActions } from './useDocumentActions';

export interface DocumentPanelProps {
  entry: EntityEntry;
  /** The document to show; absent → a new one. */
  id?: string | null;
  readOnly?: boolean;
  /** After a save or a transition (a create gets its id here). */
  onSaved?: (doc: Row, created: boolean) => void;
  /** Extra header actions (e.g. a link back to the list). */
  extra?: ReactNode;
  /** Master-detail: a smaller card without the page chrome. */
  embedded?: boolean;
}

export function DocumentPanel({ entry, id, readOnly = false, onSaved, extra, embedded }: DocumentPanelProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { def } = entry;
  const session = useSessionContext();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const { modal } = App.useApp();
  const [auditOpen, setAuditOpen] = useState(false);
  const [stale, setStale] = useState(false);
  const doc = useDocument(entry, id);
  const save = useSaveDocument(entry);
  // An area may lock a document in some states (flow: under approval or closed, see ./extensions).
  const locked = !!doc.data && documentExtensions().some((x) => x.locked?.(entry, doc.data!));
  const writable = !readOnly && !locked && canWrite(def, session);
  const routeAction = !writable ? 'view' : id ? 'edit' : 'create';
  const actions = useDocumentActions(entry, { onStale: () => setStale(true) });
  const confirmInUse = useConfirmInUse();
  const paths = entityPaths(entry);

  // A new document's defaults are computed once per opening, so typing never resets them.
  const initialValues = useMemo<Row>(
    () => (id ? (doc.data ?? {}) : defaultValues(def)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id, doc.data, def],
  );
  useEffect(() => {
    if (doc.data) rememberRowLabels(def.fields, doc.data, def.children);
  }, [doc.data, def]);

  const reload = async () => {
    setStale(false);
    await doc.refetch();
  };

  /** The saved document is already the cached view (data/hooks); the form follows it. */
  const adopt = (saved: Row | null, created: boolean) => {
    if (!saved || typeof saved !== 'object' || !saved.id) return;
    onSaved?.(saved, created);
  };

  /** 'Save and freeze': the transition to run once the save that the unsaved-changes dialog started succeeds. */
  const thenTransition = useRef<TransitionDef | null>(null);

  const submit = async (body: Row) => {
    const current = doc.data;
    const next = thenTransition.current;
    thenTransition.current = null;
    const payload = id ? { ...body, id, version: current?.version } : body;
    try {
      let saved: Row;
      try {
        saved = await save.mutateAsync({ doc: payload });
      } catch (err) {
        // A change to a row in use (spec §8): 'Still process' re-sends with force=1, 'Cancel' keeps the form as it is.
        const warning = inUseWarning(err);
        if (!warning) throw err;
        if (!(await confirmInUse(warning))) return;
        saved = await save.mutateAsync({ doc: payload, force: true });
      }
      toastSuccess(t('common.saveSuccess'));
      setStale(false);
      adopt(saved, !id);
      if (next && saved?.id) {
        // Asked for already ('Save and freeze'): no second confirmation.
        const result = await actions.runTransition(next, saved, { confirmed: true });
        if (result) adopt(result, false);
        else void doc.refetch();
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === STALE_STATUS) setStale(true);
      throw err; // 11000 errors go onto the fields (SpecForm); the rest were reported by the client
    }
  };

  if (id && doc.isLoading) return <Card className="sl-document-card"><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (id && doc.isError) return <LoadFailed error={doc.error} onRetry={() => void doc.refetch()} />;

  const current = id ? doc.data : undefined;
  const title = current ? documentName(def, current, lang) : '';
  const statusField = def.status ? def.fields.find((f) => f.name === def.status!.field) : undefined;
  const transitions = !readOnly && (writable || locked) && current ? allowedTransitions(def, current, session) : [];

  const header = (
    <div className="sl-document-header">
      <Space size="middle" wrap>
        <Typography.Title level={embedded ? 5 : 4} style={{ margin: 0 }} data-testid="document-title">
          {id ? title || pickLabel(def.label, lang) : t('engine.form.newTitle', { entity: pickLabel(def.label, lang) })}
        </Typography.Title>
        {statusField && current && <FieldValue field={statusField} value={current[statusField.name]} def={def} />}
        {current && <FlowNodeTag row={current} />}
        {current?.version !== undefined && (
          <Tag bordered={false} data-testid="document-version">
            {t('engine.form.version', { version: String(current.version) })}
          </Tag>
        )}
        {readOnly && <Tag color="default">{t('engine.form.readOnly')}</Tag>}
      </Space>
      <Space wrap>
        {extra}
        {transitions.map((tr) => (
          <Button
            key={tr.action}
            data-testid={`transition-${tr.action}`}
            loading={actions.busy}
            onClick={async () => {
              // A transition answers the stored document and the form starts over from it, so
              // unsaved edits would be dropped without a word: ask to save them first.
              if (writable && form.isFieldsTouched()) {
                const action = pickLabel(tr.label, lang);
                modal.confirm({
                  title: t('engine.transition.unsavedTitle'),
                  content: t('engine.transition.unsavedText', { action }),
                  // Saving alone would leave the person to find the action again: save, then do it.
                  okText: t('engine.transition.saveAnd', { action: lang === 'en' ? action.toLowerCase() : action }),
                  okButtonProps: { 'data-testid': 'unsaved-save' } as never,
                  cancelText: t('engine.cancel'),
                  onOk: async () => {
                    try {
                      await form.validateFields();
                    } catch {
                      form.submit(); // shows what is wrong; nothing runs after it
                      return;
                    }
                    thenTransition.current = tr;
                    form.submit();
                  },
                });
                return;
              }
              const result = await actions.runTransition(tr, current!);
              if (result) adopt(result, false);
              else void doc.refetch();
            }}
          >
            {pickLabel(tr.label, lang)}
          </Button>
        ))}
        {id && (
          <Tooltip title={t('engine.audit.title')}>
            <Button icon={<HistoryOutlined />} onClick={() => setAuditOpen(true)} data-testid="open-audit">
              {embedded ? null : t('engine.audit.title')}
            </Button>
          </Tooltip>
        )}
        {id && (
          <Tooltip title={t('print.print')}>
            <Button icon={<PrinterOutlined />} aria-label={t('print.print')} onClick={() => navigate(paths.print(id))} />
          </Tooltip>
        )}
        {writable && (
          <SpecForm.Submit icon={<SaveOutlined />} data-testid="document-save" aria-keyshortcuts="Control+S">
            {t('common.save')}
          </SpecForm.Submit>
        )}
      </Space>
    </div>
  );

  return (
    <Card
      className={embedded ? 'sl-document-card sl-document-embedded' : 'sl-document-card'}
      data-testid="document-panel"
      onKeyDown={(e) => {
        if (writable && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          form.submit();
        }
      }}
    >
      {stale && <StaleAlert testId="stale-alert" reloadTestId="stale-reload" reloadLabel={t('engine.stale.reload')} onReload={reload} gap={16} />}
      {!readOnly && !writable && !locked && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('engine.form.noWrite')} />}
      <EntityForm
        def={def}
        form={form}
        name={`${def.name}-form`}
        initialValues={initialValues}
        session={session}
        routeAction={routeAction}
        readOnly={!writable}
        onSubmit={submit}
        header={header}
      />
      {current &&
        documentExtensions().map((x, i) =>
          x.render ? <div key={i}>{x.render({ entry, doc: current, readOnly: readOnly || !writable, refresh: () => doc.refetch() })}</div> : null,
        )}
      {id && <AuditDrawer entry={entry} id={id} open={auditOpen} onClose={() => setAuditOpen(false)} />}
    </Card>
  );
}
