// One inspection, for whichever party opens it, usable at 390 px: the plan, the counters that move
// as the inspector counts pieces and logs defects (with a photo from the phone's camera) and
// measurements, the steps open to the caller's side, and the verdict the server computes at finish.
// Another party's change arrives live (QC_CHANGED) and the screen refetches.
import { Alert, Button, Card, DatePicker, Descriptions, Input, InputNumber, List, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { fileSrc, storedToken, toastError, uploadImages, useLang, useTranslation } from '@seamline/web/engine';
import { Link } from 'react-router';
import {
  CHECK_GROUPS, CHECK_RESULTS, DEFECT_CATALOGUE, DEFECT_CLASSES, INSPECTION_ACTIONS, INSPECTION_TYPES, INSPECTOR_PARTIES, SEVERITY_OPTIONS,
  type CatalogueEntry, type CheckEntry, type DefectClass, type PointEntry,
} from '../meta';
import { SignaturePadField, type SignatureHandle } from '../../esign/web';
import { downloadReport, postQc, useQc, useQcLive, useQcRefresh, type Doc, type View } from './api';
import { labelOf, StatusTag } from './InspectionsScreen';

let keySeq = 0;
/** An idempotency key per defect: a resend after a lost answer records it once. */
const newKey = () => `${Date.now().toString(36)}-${(++keySeq).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function InspectionView({ id, onBack, onOpen }: { id: string; onBack: () => void; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const view = useQc<View>('view', { id });
  const refresh = useQcRefresh();
  useQcLive(id, () => void view.refetch());
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [date, setDate] = useState<Dayjs | null>(null);
  const [comment, setComment] = useState('');
  const [finishing, setFinishing] = useState(false);
  const [unsigned, setUnsigned] = useState(false);
  const pad = useRef<SignatureHandle>(null);

  if (view.error) return <Alert type="error" showIcon message={view.error.message} action={<Button onClick={onBack}>{t('qc.back')}</Button>} data-testid="qc-view-error" />;
  const v = view.data;
  if (!v) return <Card loading className="qc-card" />;
  const doc = v.doc;
  const recording = doc.status === 'IN_PROGRESS' && v.sides.includes('inspector');

  /** Sends one step and shows the answer (a refusal is toasted by the client in the user's language). */
  const send = async (path: string, data: Doc): Promise<View | null> => {
    setBusy(true);
    try {
      const next = await postQc(path, { id, version: doc.version, ...data });
      await refresh();
      return next;
    } catch {
      return null;
    } finally {
      setBusy(false);
    }
  };

  const runAction = async (action: string) => {
    const a = INSPECTION_ACTIONS.find((x) => x.action === action)!;
    if ((a.needsReason || a.needsDate) && dialog !== action) {
      setReason('');
      setDate(null);
      setDialog(action);
      return;
    }
    const extra: Doc = {};
    if (a.needsReason) extra.reason = reason;
    if (a.needsDate) extra.date = date?.format('YYYY-MM-DD');
    if (action === 'finish') {
      // The inspector signs the finish (the e-sign area's pad); an empty pad posts nothing.
      if (!pad.current || pad.current.isEmpty()) {
        setUnsigned(true);
        return;
      }
      extra.signature = pad.current.toPng();
      if (comment.trim()) extra.comment = comment.trim();
    }
    const next = await send(action, extra);
    if (next) {
      setDialog(null);
      setFinishing(false);
    }
    if (next?.reinspection_id) onOpen(next.reinspection_id);
  };

  const classLabel = (c: string) => t(`qc.class.${c}`);
  const live = v.live;
  return (
    <Card className="qc-card" data-testid="qc-view" title={<Space wrap><span data-testid="qc-code">{doc.code}</span><StatusTag value={doc.status} /></Space>}
      extra={<Button onClick={onBack} data-testid="qc-back">{t('qc.back')}</Button>}>
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
        <Descriptions.Item label={t('qc.order')}>{doc.order_code}</Descriptions.Item>
        <Descriptions.Item label={t('qc.type')}>{labelOf(INSPECTION_TYPES, doc.inspection_type, lang)}</Descriptions.Item>
        <Descriptions.Item label={t('qc.date')}>{doc.inspection_date}</Descriptions.Item>
        <Descriptions.Item label={t('qc.brand')}>{doc.brand_name}</Descriptions.Item>
        <Descriptions.Item label={t('qc.factory')}>{doc.factory_name}</Descriptions.Item>
        <Descriptions.Item label={t('qc.inspector')}>{`${doc.inspector_name} (${labelOf(INSPECTOR_PARTIES, doc.inspector_party, lang)})`}</Descriptions.Item>
      </Descriptions>
      {doc.proposed_date && doc.status === 'BOOKED' && <Alert type="info" showIcon message={t('qc.proposed', { date: doc.proposed_date })} />}
      {doc.comment && <p data-testid="qc-comment">{`${t('qc.comment')}: ${doc.comment}`}</p>}
      {doc.override_reason && <Alert type="warning" showIcon message={t('qc.override', { reason: doc.override_reason })} data-testid="qc-override" />}
      {doc.finished_by_name && (
        <div className="qc-signed" data-testid="qc-signed">
          <div>{t('qc.signedBy', { name: doc.finished_by_name, at: String(doc.finished_at ?? '').slice(0, 16).replace('T', ' ') })}</div>
          {typeof doc.finished_signature === 'string' && doc.finished_signature.startsWith('data:image/png;base64,') && (
            <img className="qc-signed-image" src={doc.finished_signature} alt={t('qc.r.signature')} />
          )}
        </div>
      )}
      <p>
        <span data-testid="qc-plan">{t('qc.plan', { letter: doc.code_letter, size: doc.sample_size, lot: doc.lot_size })}</span>{' '}
        <Tag color={doc.severity === 'tightened' ? 'red' : doc.severity === 'reduced' ? 'green' : 'default'} data-testid="qc-severity">{labelOf(SEVERITY_OPTIONS, doc.severity ?? 'normal', lang)}</Tag>
      </p>
      {doc.ticket_id && (
        <Alert type="warning" showIcon data-testid="qc-ticket"
          message={<Link to={`/page/ticket/view?key=${doc.ticket_id}`}>{t('qc.ticket', { code: doc.ticket_code })}</Link>} />
      )}
      <Space wrap style={{ marginBottom: 8 }}>
        <Link to={`/printpage/inspection?id=${id}`} target="_blank" data-testid="qc-print">{t('qc.print')}</Link>
        <Button size="small" onClick={() => void downloadReport(id, doc.code)} data-testid="qc-xlsx">{t('qc.xlsx')}</Button>
      </Space>

      <div className="qc-sampled" data-testid="qc-sampled">
        <span>{t('qc.sampled')}</span>
        {recording ? (
          <>
            <Button aria-label="-1" disabled={busy || doc.sampled_qty <= 0} onClick={() => send('sampled', { sampled_qty: doc.sampled_qty - 1 })}>−</Button>
            <InputNumber min={0} max={doc.sample_size} precision={0} value={doc.sampled_qty} aria-label={t('qc.sampled')} data-testid="qc-sampled-input"
              onBlur={(e) => { const n = Number(e.target.value); if (Number.isInteger(n) && n !== doc.sampled_qty) void send('sampled', { sampled_qty: n }); }} />
            <Button aria-label="+1" type="primary" disabled={busy || doc.sampled_qty >= doc.sample_size} onClick={() => send('sampled', { sampled_qty: doc.sampled_qty + 1 })} data-testid="qc-sampled-plus">+1</Button>
          </>
        ) : null}
        <strong data-testid="qc-sampled-count">{`${doc.sampled_qty ?? 0} / ${doc.sample_size}`}</strong>
      </div>

      <div className="qc-counters" data-testid="qc-counters">
        {DEFECT_CLASSES.filter((c) => live?.byClass[c]).map((c) => {
          const b = live!.byClass[c]!;
          return (
            <div key={c} className={`qc-counter ${b.pass ? 'qc-ok' : 'qc-fail'}`} data-testid={`qc-counter-${c}`}>
              <div>{classLabel(c)}</div>
              <div className="qc-count" data-testid={`qc-count-${c}`}>{b.count}</div>
              <div>{t('qc.accept', { n: b.accept })} · {t('qc.reject', { n: b.reject })}</div>
            </div>
          );
        })}
      </div>
      {live && (
        <Alert type={live.pass ? 'success' : 'error'} showIcon data-testid="qc-verdict"
          message={live.pass ? t('qc.verdictPass') : t('qc.verdictFail', { classes: live.failed.map(classLabel).join(', ') })} />
      )}

      <Space wrap className="qc-actions" style={{ margin: '12px 0', width: '100%' }} data-testid="qc-actions">
        {v.actions.map((action) => {
          const a = INSPECTION_ACTIONS.find((x) => x.action === action)!;
          const label = lang === 'en' ? a.label.en : a.label.zh;
          // Finishing decides the lot: asked once more, with the comment and the inspector's signature.
          return <Button key={action} danger={a.danger} type={action === 'finish' || action === 'confirm' ? 'primary' : 'default'} disabled={busy} data-testid={`qc-action-${action}`}
            onClick={action === 'finish' ? () => { setUnsigned(false); setFinishing(true); } : () => void runAction(action)}>{label}</Button>;
        })}
      </Space>

      <Checks doc={doc} recording={recording} busy={busy} send={send} />
      <Defects doc={doc} recording={recording} busy={busy} send={send} />
      <Readings doc={doc} recording={recording} busy={busy} send={send} />
      {!recording && ['BOOKED', 'CONFIRMED'].includes(doc.status) && <p className="qc-hint">{t('qc.notRecording')}</p>}

      {finishing && (
        <Modal open title={labelOf(INSPECTION_ACTIONS.map((a) => ({ value: a.action, label: a.label })), 'finish', lang)} okText={t('qc.ok')} cancelText={t('qc.cancel')} onCancel={() => setFinishing(false)}
          onOk={() => void runAction('finish')} confirmLoading={busy} okButtonProps={{ 'data-testid': 'qc-finish-ok' } as never} data-testid="qc-finish-dialog"
          maskClosable={false /* a stroke that slips off the pad must not throw the signature away */}>
          <Input.TextArea rows={2} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} placeholder={t('qc.comment')} aria-label={t('qc.comment')} data-testid="qc-finish-comment" />
          <div className="qc-sign-label">{t('qc.signHere')}</div>
          <SignaturePadField ref={pad} label={t('qc.signHere')} />
          <Button style={{ marginTop: 8, minHeight: 44 }} onClick={() => pad.current?.clear()} data-testid="qc-sign-clear">{t('qc.signClear')}</Button>
          {unsigned && <Alert type="error" showIcon style={{ marginTop: 8 }} message={t('qc.signFirst')} data-testid="qc-sign-required" />}
        </Modal>
      )}
      {dialog && (
        <Modal open title={labelOf(INSPECTION_ACTIONS.map((a) => ({ value: a.action, label: a.label })), dialog, lang)} okText={t('qc.ok')} cancelText={t('qc.cancel')}
          onCancel={() => setDialog(null)} onOk={() => void runAction(dialog)} confirmLoading={busy} okButtonProps={{ 'data-testid': 'qc-dialog-ok' } as never}>
          {INSPECTION_ACTIONS.find((a) => a.action === dialog)?.needsDate && (
            <DatePicker style={{ width: '100%' }} value={date} onChange={setDate} aria-label={t('qc.newDate')} placeholder={t('qc.newDate')} data-testid="qc-dialog-date" />
          )}
          {INSPECTION_ACTIONS.find((a) => a.action === dialog)?.needsReason && (
            <Input.TextArea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} aria-label={t('qc.reason')} placeholder={t('qc.reason')} data-testid="qc-dialog-reason" />
          )}
        </Modal>
      )}
    </Card>
  );
}

type Send = (path: string, data: Doc) => Promise<View | null>;

function Defects({ doc, recording, busy, send }: { doc: Doc; recording: boolean; busy: boolean; send: Send }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [code, setCode] = useState<string>();
  const [cls, setCls] = useState<DefectClass>('major');
  const [qty, setQty] = useState(1);
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  // The catalogue copied from the brand's template on booking (the built-in one on older bookings).
  const catalogue: CatalogueEntry[] = Array.isArray(doc.catalogue) && doc.catalogue.length ? doc.catalogue : DEFECT_CATALOGUE;
  const name = (c: string) => {
    const hit = catalogue.find((d) => d.code === c);
    return hit ? `${c} · ${lang === 'en' ? hit.label.en : hit.label.zh}` : c;
  };
  const pick = async (files: FileList | null) => {
    if (!files?.length) return;
    setUploading(true);
    try {
      const done = await uploadImages([...files].slice(0, 10 - photos.length), {});
      for (const d of done) if (!d.ok) toastError(d.message ?? '');
      setPhotos((p) => [...p, ...done.filter((d) => d.ok && d.url).map((d) => String(d.url))]);
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };
  const add = async () => {
    if (!code) return;
    const ok = await send('defect', { defect_code: code, defect_class: cls, qty, note: note || undefined, photos, client_key: newKey() });
    if (ok) {
      setQty(1);
      setNote('');
      setPhotos([]);
    }
  };
  const token = storedToken();
  return (
    <Card size="small" title={t('qc.defects')} style={{ marginTop: 12 }} data-testid="qc-defects">
      {recording && (
        <div className="qc-form-row" data-testid="qc-defect-form">
          <Select showSearch placeholder={t('qc.defectCode')} aria-label={t('qc.defectCode')} value={code} data-testid="qc-defect-code"
            onChange={(c: string) => { setCode(c); const hit = catalogue.find((d) => d.code === c); if (hit) setCls(hit.cls); }}
            options={catalogue.map((d) => ({ value: d.code, label: name(d.code) }))} />
          <Select aria-label={t('qc.class.major')} value={cls} onChange={setCls} data-testid="qc-defect-class"
            options={DEFECT_CLASSES.map((c) => ({ value: c, label: t(`qc.class.${c}`) }))} />
          <InputNumber min={1} precision={0} value={qty} onChange={(n) => setQty(Number(n ?? 1))} aria-label={t('qc.qty')} data-testid="qc-defect-qty" />
          <Input value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} placeholder={t('qc.note')} aria-label={t('qc.note')} />
          <span>
            {/* capture: the phone opens its camera; a desktop picks a file. */}
            <input ref={file} type="file" accept="image/*" capture="environment" hidden onChange={(e) => void pick(e.target.files)} data-testid="qc-defect-photo-input" />
            <Button loading={uploading} onClick={() => file.current?.click()} data-testid="qc-defect-photo">{t('qc.photo')}{photos.length ? ` (${photos.length})` : ''}</Button>
          </span>
          <Button type="primary" disabled={!code || busy || uploading} onClick={() => void add()} data-testid="qc-defect-add">{t('qc.addDefect')}</Button>
        </div>
      )}
      <List
        size="small"
        dataSource={(doc.defects ?? []) as Doc[]}
        locale={{ emptyText: '—' }}
        renderItem={(d) => (
          <List.Item data-testid={`qc-defect-${d.seq}`}
            actions={recording ? [
              <Popconfirm key="rm" title={t('qc.removeConfirm')} okText={t('qc.ok')} cancelText={t('qc.cancel')} onConfirm={() => void send('defect-remove', { defect_id: d.id })}>
                <Button size="small" danger>{t('qc.remove')}</Button>
              </Popconfirm>,
            ] : []}>
            <Space wrap>
              <Tag color={d.defect_class === 'critical' ? 'red' : d.defect_class === 'major' ? 'orange' : 'default'}>{t(`qc.class.${d.defect_class}`)}</Tag>
              <span>{name(d.defect_code)} × {d.qty}</span>
              {d.note && <span>{d.note}</span>}
              {(d.photos ?? []).map((p: string) => <img key={p} src={fileSrc(p, token)} alt={d.defect_code} style={{ width: 48, height: 48, objectFit: 'cover' }} />)}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** The template's checks (workmanship, packing, labelling, carton): the inspector answers each. */
function Checks({ doc, recording, busy, send }: { doc: Doc; recording: boolean; busy: boolean; send: Send }) {
  const { t } = useTranslation();
  const lang = useLang();
  const checks: CheckEntry[] = Array.isArray(doc.checks) ? doc.checks : [];
  if (checks.length === 0) return null;
  return (
    <Card size="small" title={t('qc.checks')} style={{ marginTop: 12 }} data-testid="qc-checks">
      <List size="small" dataSource={checks} renderItem={(c) => (
        <List.Item data-testid={`qc-check-${c.code}`}>
          <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <span><Tag>{labelOf(CHECK_GROUPS, c.group, lang)}</Tag>{lang === 'en' ? c.label.en : c.label.zh}</span>
            {recording ? (
              <Space.Compact>
                {CHECK_RESULTS.map((r) => (
                  <Button key={r.value} size="middle" disabled={busy} type={c.result === r.value ? 'primary' : 'default'} danger={r.value === 'FAIL' && c.result === 'FAIL'}
                    onClick={() => void send('check', { code: c.code, result: r.value })} data-testid={`qc-check-${c.code}-${r.value}`}>{lang === 'en' ? r.label.en : r.label.zh}</Button>
                ))}
              </Space.Compact>
            ) : <Tag color={CHECK_RESULTS.find((r) => r.value === c.result)?.color}>{c.result ? labelOf(CHECK_RESULTS, c.result, lang) : '—'}</Tag>}
          </Space>
        </List.Item>
      )} />
    </Card>
  );
}

function Readings({ doc, recording, busy, send }: { doc: Doc; recording: boolean; busy: boolean; send: Send }) {
  const { t } = useTranslation();
  const [r, setR] = useState<Doc>({ point: '', size: '', piece: 1, spec: '', tolerance: '', measured: '' });
  // The points of the styles' graded charts at the offered sizes: picking one fills spec and tolerances (the server uses the chart's).
  const points: PointEntry[] = Array.isArray(doc.points) ? doc.points : [];
  const pointKey = (p: PointEntry) => `${p.style_code}|${p.size}|${p.pom_code}`;
  const pickPoint = (key: string) => {
    const p = points.find((x) => pointKey(x) === key);
    if (p) setR((x) => ({ ...x, point: p.pom_code, size: p.size, style_code: p.style_code, spec: p.spec, tolerance: p.tol_plus, measured: '' }));
  };
  const set = (k: string) => (e: { target: { value: string } }) => setR((x) => ({ ...x, [k]: e.target.value }));
  const add = async () => {
    const ok = await send('reading', r);
    if (ok) setR((x) => ({ ...x, piece: Number(x.piece) + 1, measured: '' }));
  };
  return (
    <Card size="small" title={t('qc.measurements')} style={{ marginTop: 12 }} data-testid="qc-readings">
      {recording && (
        <div className="qc-form-row">
          {points.length > 0 && (
            <Select showSearch placeholder={t('qc.chartPoint')} aria-label={t('qc.chartPoint')} onChange={pickPoint} data-testid="qc-reading-chart" style={{ minWidth: 200 }}
              options={points.map((p) => ({ value: pointKey(p), label: `${p.style_code} ${p.size} · ${p.pom_code} ${p.description} (${p.spec} +${p.tol_plus}/−${p.tol_minus})` }))} />
          )}
          <Input placeholder={t('qc.point')} aria-label={t('qc.point')} value={r.point} onChange={set('point')} data-testid="qc-reading-point" />
          <Input placeholder={t('qc.size')} aria-label={t('qc.size')} value={r.size} onChange={set('size')} data-testid="qc-reading-size" />
          <InputNumber placeholder={t('qc.piece')} aria-label={t('qc.piece')} min={1} precision={0} value={r.piece} onChange={(n) => setR((x) => ({ ...x, piece: n }))} />
          <Input placeholder={t('qc.spec')} aria-label={t('qc.spec')} inputMode="decimal" value={r.spec} onChange={set('spec')} data-testid="qc-reading-spec" />
          <Input placeholder={t('qc.tol')} aria-label={t('qc.tol')} inputMode="decimal" value={r.tolerance} onChange={set('tolerance')} data-testid="qc-reading-tol" />
          <Input placeholder={t('qc.measured')} aria-label={t('qc.measured')} inputMode="decimal" value={r.measured} onChange={set('measured')} data-testid="qc-reading-measured" />
          <Button type="primary" disabled={busy} onClick={() => void add()} data-testid="qc-reading-add">{t('qc.addReading')}</Button>
        </div>
      )}
      {/* On a phone the size and piece sit under the point (their columns from 576 px): three columns fit 390 px. */}
      <Table<Doc> size="small" rowKey="id" pagination={false} dataSource={(doc.readings ?? []) as Doc[]}
        columns={[
          { title: t('qc.point'), dataIndex: 'point', render: (p: string, x) => <>{p}<div className="qc-xs-only qc-hint">{`${x.size} · ${t('qc.piece')} ${x.piece}`}</div></> },
          { title: t('qc.size'), dataIndex: 'size', responsive: ['sm'] },
          { title: t('qc.piece'), dataIndex: 'piece', responsive: ['sm'] },
          { title: t('qc.spec'), key: 'spec', render: (_: unknown, x) => (x.tol_minus && x.tol_minus !== x.tolerance ? `${x.spec} +${x.tolerance} / −${x.tol_minus}` : `${x.spec} ± ${x.tolerance}`) },
          { title: t('qc.measured'), dataIndex: 'measured', render: (m: string, x) => (x.out_of_tolerance ? <Tag color="red" style={{ whiteSpace: 'normal' }}>{`${m} · ${t('qc.out')}`}</Tag> : m) },
        ]} />
    </Card>
  );
}
