// The scanning station /zp/prodmgm/index/vfscanvalidate (spec §2): the worker chooses the station's
// process once, then scans bundle tickets with a hand scanner (a keyboard wedge types the code and
// Enter into the focused input, so the input keeps the focus) or the phone's camera (ZXing, loaded
// only when the camera is switched on). Each scan is checked and booked by the server; the answer
// is a large green or red panel with the reason, readable from a metre away, and the work order's
// progress follows live. A booked scan of this session can be taken back (a wrong ticket): the
// server allows it for a bundle's latest step only.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Tag, Typography, type InputRef } from 'antd';
import { CameraOutlined, CheckCircleFilled, CloseCircleFilled, LoadingOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ApiError, toastSuccess, useNumbers, type TemplateProps } from '@seamline/web/engine';
import { onProgress, type Progress } from './live';
import { ProgressBars } from './ProgressPanel';
import './floor.css';

interface ProcessOption {
  id: string;
  process_code: string;
  name: string;
}
interface Booked {
  ok: true;
  message: string;
  scan_id: string;
  bundle: { code: string; quantity: number; style_code: string | null; colour: string | null; size: string | null };
  process: { name: string; seq: number; last: boolean };
  progress: Progress;
}
type Outcome = { ok: true; code: string; text: string; booked: Booked } | { ok: false; code: string; text: string };

const PROCESS_KEY = 'seamline.scan.process';
const STATION_KEY = 'seamline.scan.station';
/** The camera sees the same ticket many times a second: one code counts once in this window. */
const CAMERA_REPEAT_MS = 3000;

export default function ScanStation(_props: TemplateProps) {
  const { t } = useTranslation();
  const input = useRef<InputRef>(null);
  const [processId, setProcessId] = useState<string | undefined>(() => localStorage.getItem(PROCESS_KEY) ?? undefined);
  const [station, setStation] = useState(() => localStorage.getItem(STATION_KEY) ?? '');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [history, setHistory] = useState<Outcome[]>([]);
  const [shown, setShown] = useState<Progress | null>(null);
  const [cancelled, setCancelled] = useState<ReadonlySet<string>>(new Set());
  const [camera, setCamera] = useState(false);
  const processes = useQuery({ queryKey: ['floor', 'scan-processes'], queryFn: () => api.get<ProcessOption[]>('vfapi/scan/processes') });
  const known = processes.data?.some((p) => p.id === processId);

  const focus = useCallback(() => input.current?.focus({ cursor: 'end' }), []);
  // Back to the input once a process is chosen (after the select has closed and let go of the focus).
  useEffect(() => {
    const timer = setTimeout(focus, 50);
    return () => clearTimeout(timer);
  }, [focus, processId]);

  // Scans queue up: a worker may scan the next ticket while the last one is being checked, and
  // the input never leaves the wedge's way (a disabled input would drop the focus and keystrokes).
  const queue = useRef<string[]>([]);
  const running = useRef(false);
  const settings = useRef({ processId, known, station });
  settings.current = { processId, known, station };

  const check = useCallback(
    async (value: string): Promise<Outcome> => {
      const { processId: process, known: valid, station: where } = settings.current;
      if (!process || !valid) return { ok: false, code: value, text: t('floor.scan.pickProcess') };
      try {
        const booked = await api.post<Booked>('vfapi/scan/validate', { DATA: JSON.stringify({ code: value, process_id: process, station: where || undefined }) }, { notify: false });
        return { ok: true, code: value, text: booked.message, booked };
      } catch (err) {
        return { ok: false, code: value, text: err instanceof ApiError ? err.message : String(err) };
      }
    },
    [t],
  );

  const submit = useCallback(
    async (raw: string) => {
      const value = raw.trim();
      if (!value) return;
      setCode('');
      queue.current.push(value);
      if (running.current) return;
      running.current = true;
      setBusy(true);
      try {
        for (let next = queue.current.shift(); next !== undefined; next = queue.current.shift()) {
          const result = await check(next);
          setOutcome(result);
          if (result.ok) setShown(result.booked.progress);
          setHistory((h) => [result, ...h].slice(0, 10));
        }
      } finally {
        running.current = false;
        setBusy(false);
        focus();
      }
    },
    [check, focus],
  );

  const cancelScan = async (booked: Booked) => {
    try {
      const res = await api.post<{ message: string; progress: Progress }>('vfapi/scan/cancel', { DATA: JSON.stringify({ id: booked.scan_id }) });
      toastSuccess(res.message);
      setCancelled((c) => new Set(c).add(booked.scan_id));
      setShown(res.progress);
      setOutcome(null); // the panel is ready for the next ticket; the toast says what was taken back
    } catch {
      // The client has shown the server's reason (a later step of the bundle is booked).
    } finally {
      focus();
    }
  };

  const pickProcess = (id: string) => {
    setProcessId(id);
    localStorage.setItem(PROCESS_KEY, id);
    setOutcome(null);
  };

  return (
    <div className="sl-scan" data-testid="scan-station">
      <Space wrap className="sl-scan-setup">
        <Select
          data-testid="scan-process"
          aria-label={t('floor.scan.process')}
          placeholder={t('floor.scan.pickProcess')}
          value={known ? processId : undefined}
          loading={processes.isLoading}
          style={{ minWidth: 240 }}
          options={(processes.data ?? []).map((p) => ({ value: p.id, label: `${p.process_code} ${p.name}` }))}
          onChange={pickProcess}
          onOpenChange={(open) => (!open ? setTimeout(focus, 50) : undefined)}
        />
        <Input
          aria-label={t('floor.scan.station')}
          placeholder={t('floor.scan.station')}
          value={station}
          style={{ width: 120 }}
          maxLength={60}
          onChange={(e) => {
            setStation(e.target.value);
            localStorage.setItem(STATION_KEY, e.target.value);
          }}
        />
        <Button icon={camera ? <StopOutlined /> : <CameraOutlined />} onClick={() => setCamera((c) => !c)} data-testid="scan-camera">
          {camera ? t('floor.scan.stopCamera') : t('floor.scan.camera')}
        </Button>
      </Space>
      <Input
        ref={input}
        data-testid="scan-input"
        aria-label={t('floor.scan.input')}
        className="sl-scan-input"
        size="large"
        autoComplete="off"
        placeholder={t('floor.scan.placeholder')}
        value={code}
        suffix={busy ? <LoadingOutlined /> : <span />}
        onChange={(e) => setCode(e.target.value)}
        onPressEnter={() => void submit(code)}
        // Keep the wedge's keystrokes landing here: take the focus back unless another control took it.
        onBlur={(e) => {
          if (!e.relatedTarget) setTimeout(focus, 0);
        }}
      />
      {camera ? <CameraScanner onCode={(c) => void submit(c)} onClose={() => setCamera(false)} /> : null}
      <ResultPanel outcome={outcome} onClick={focus} />
      {shown ? <StationProgress progress={shown} /> : null}
      {history.length > 0 ? (
        <div className="sl-scan-history" data-testid="scan-history">
          <Typography.Text type="secondary">{t('floor.scan.history')}</Typography.Text>
          {history.map((h, i) => {
            const gone = h.ok && cancelled.has(h.booked.scan_id);
            return (
              <div key={i} className={h.ok ? 'sl-scan-history-ok' : 'sl-scan-history-ko'} data-testid="scan-history-row">
                {h.ok ? <CheckCircleFilled /> : <CloseCircleFilled />} <span style={gone ? { textDecoration: 'line-through' } : undefined}>{h.code} — {h.text}</span>{' '}
                {gone ? <Tag>{t('floor.scan.cancelled')}</Tag> : null}
                {h.ok && !gone ? (
                  <Popconfirm title={t('floor.scan.cancelConfirm')} okText={t('floor.scan.cancel')} cancelText={t('orders.cancel')} onConfirm={() => cancelScan(h.booked)} okButtonProps={{ 'data-testid': 'scan-cancel-confirm' } as never}>
                    <Button size="small" type="link" danger data-testid="scan-cancel">
                      {t('floor.scan.cancel')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

function ResultPanel({ outcome, onClick }: { outcome: Outcome | null; onClick: () => void }) {
  const { t } = useTranslation();
  const n = useNumbers();
  if (!outcome) {
    return (
      <div className="sl-scan-result sl-scan-idle" data-testid="scan-result" data-state="idle" onClick={onClick}>
        {t('floor.scan.ready')}
      </div>
    );
  }
  const b = outcome.ok ? outcome.booked.bundle : null;
  return (
    <div
      className={`sl-scan-result ${outcome.ok ? 'sl-scan-ok' : 'sl-scan-ko'}`}
      data-testid="scan-result"
      data-state={outcome.ok ? 'ok' : 'refused'}
      role="status"
      aria-live="assertive"
      onClick={onClick}
    >
      <div className="sl-scan-verdict">
        {outcome.ok ? <CheckCircleFilled /> : <CloseCircleFilled />} {outcome.ok ? t('floor.scan.ok') : t('floor.scan.refused')}
      </div>
      <div className="sl-scan-reason" data-testid="scan-reason">
        {outcome.text}
      </div>
      {b ? <div className="sl-scan-detail">{[b.style_code, b.colour, b.size, n.qty(b.quantity, 'PCS')].filter(Boolean).join(' · ')}</div> : null}
    </div>
  );
}

function StationProgress({ progress }: { progress: Progress }) {
  const { t } = useTranslation();
  // The station's own answer (scan or cancel) first, then whatever the floor pushes after it.
  const [pushed, setPushed] = useState<Progress | null>(null);
  useEffect(() => {
    setPushed(null);
    return onProgress((p) => {
      if (p.work_order_id === progress.work_order_id) setPushed(p);
    });
  }, [progress]);
  return (
    <div className="sl-scan-progress" data-testid="scan-progress">
      <Typography.Text strong>{t('floor.scan.progress')}</Typography.Text>
      <ProgressBars progress={pushed ?? progress} />
    </div>
  );
}

/** The camera as a scanner: ZXing decodes Code 128 (and any other 1D/2D code) from the video. */
function CameraScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const last = useRef<{ code: string; at: number }>({ code: '', at: 0 });
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('@zxing/browser')
      .then(async ({ BrowserMultiFormatReader }) => {
        if (cancelled || !video.current) return;
        const reader = new BrowserMultiFormatReader();
        const controls = await reader.decodeFromVideoDevice(undefined, video.current, (result) => {
          if (!result) return;
          const text = result.getText();
          const now = Date.now();
          if (text === last.current.code && now - last.current.at < CAMERA_REPEAT_MS) return;
          last.current = { code: text, at: now };
          onCodeRef.current(text);
        });
        if (cancelled) controls.stop();
        else stop = () => controls.stop();
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
  return (
    <div className="sl-scan-camera" data-testid="scan-camera-view">
      {failed ? (
        <Typography.Text type="danger">
          {t('floor.scan.cameraFailed')} <Button size="small" onClick={onClose}>{t('floor.scan.stopCamera')}</Button>
        </Typography.Text>
      ) : (
        <video ref={video} muted playsInline />
      )}
    </div>
  );
}
