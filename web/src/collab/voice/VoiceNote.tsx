// <VoiceNote onAttach onClose />: record a voice note, listen to it, attach it as a .wav file
// (spec §9). Loaded lazily by DocumentAttachments on the first 'Record voice note' click, so
// pages without it never download the recorder. Every step is a plain button (keyboard usable);
// a refused or missing microphone is explained in place.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { AudioOutlined, DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VOICE_NOTE_MAX_SECONDS } from '@seamline/core';
import { micErrorKey, openMicrophone, type Recording } from './recorder';
import '../messages';

/** Longest note: 5 minutes is 9.6 MB at 16 kHz 16-bit mono, what the server takes for a .wav (VOICE_NOTE_MAX_BYTES). */
export const MAX_SECONDS = VOICE_NOTE_MAX_SECONDS;

type State =
  | { step: 'idle' }
  | { step: 'starting' }
  | { step: 'recording'; seconds: number }
  | { step: 'encoding' }
  | { step: 'recorded'; file: File; url: string };

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

export interface VoiceNoteProps {
  /** Uploads the file; resolves true when it was attached. */
  onAttach: (file: File) => Promise<boolean>;
  onClose: () => void;
}

export function VoiceNote({ onAttach, onClose }: VoiceNoteProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const recording = useRef<Recording | null>(null);

  // Leaving the page (or closing the panel) releases the microphone and the object URL.
  useEffect(() => () => void recording.current?.cancel(), []);
  const url = state.step === 'recorded' ? state.url : null;
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);

  const stop = async () => {
    const rec = recording.current;
    if (!rec) return;
    recording.current = null;
    setState({ step: 'encoding' });
    const wav = await rec.stop();
    const file = new File([wav as Uint8Array<ArrayBuffer>], `voice-note-${stamp(new Date())}.wav`, { type: 'audio/wav' });
    setState({ step: 'recorded', file, url: URL.createObjectURL(file) });
  };

  useEffect(() => {
    if (state.step !== 'recording') return;
    const timer = setInterval(() => {
      const seconds = recording.current?.seconds() ?? 0;
      if (seconds >= MAX_SECONDS) void stop();
      else setState((s) => (s.step === 'recording' ? { step: 'recording', seconds } : s));
    }, 250);
    return () => clearInterval(timer);
  }, [state.step]);

  const start = async () => {
    setError(null);
    setState({ step: 'starting' });
    try {
      recording.current = await openMicrophone();
      setState({ step: 'recording', seconds: 0 });
    } catch (err) {
      // The key, not the text: a language switch re-renders the explanation.
      setError(micErrorKey(err));
      setState({ step: 'idle' });
    }
  };

  const attach = async (file: File) => {
    setBusy(true);
    try {
      if (await onAttach(file)) onClose();
    } finally {
      setBusy(false);
    }
  };

  const discard = () => {
    setState({ step: 'idle' });
  };

  return (
    <div data-testid="voice-note" role="group" aria-label={t('collab.voice.record')} style={{ width: '100%' }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {error && <Alert type="error" showIcon message={t(error)} data-testid="voice-error" role="alert" />}
        {(state.step === 'idle' || state.step === 'starting') && (
          <Space wrap>
            <Button type="primary" icon={<AudioOutlined />} onClick={() => void start()} loading={state.step === 'starting'} data-testid="voice-start" autoFocus>
              {t('collab.voice.start')}
            </Button>
            <Button onClick={onClose} data-testid="voice-close">{t('collab.cancel')}</Button>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('collab.voice.maxLength', { minutes: MAX_SECONDS / 60 })}
            </Typography.Text>
          </Space>
        )}
        {state.step === 'recording' && (
          <Space wrap>
            <Typography.Text role="status" aria-live="polite" data-testid="voice-recording">
              <span style={{ color: '#cf1322' }} aria-hidden>● </span>
              {t('collab.voice.recording', { seconds: Math.floor(state.seconds) })}
            </Typography.Text>
            <Button danger autoFocus onClick={() => void stop()} data-testid="voice-stop">
              {t('collab.voice.stop')}
            </Button>
          </Space>
        )}
        {state.step === 'encoding' && <Typography.Text role="status">{t('collab.voice.encoding')}</Typography.Text>}
        {state.step === 'recorded' && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <audio controls src={state.url} aria-label={t('collab.voice.playback')} data-testid="voice-preview" style={{ width: '100%', maxWidth: 360 }} />
            <Space wrap>
              <Button type="primary" icon={<PaperClipOutlined />} loading={busy} onClick={() => void attach(state.file)} data-testid="voice-attach">
                {t('collab.voice.attach')}
              </Button>
              <Button icon={<DeleteOutlined />} onClick={discard} disabled={busy} data-testid="voice-discard">
                {t('collab.voice.discard')}
              </Button>
            </Space>
          </Space>
        )}
      </Space>
    </div>
  );
}

export default VoiceNote;
