// The voice-note panel in jsdom, with the browser's microphone and Web Audio faked at their edge:
// a refused microphone is explained in both languages; a recording can be played back and is
// handed to the attachment upload as a 16 kHz audio/wav file; everything works from the keyboard.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { WaveFile } from 'wavefile';
import { setLang } from '../../i18n';
import type { ProcessorLike } from './recorder';
import { VoiceNote } from './VoiceNote';

let processor: ProcessorLike | null = null;
class FakeAudioContext {
  sampleRate = 48000;
  state = 'running';
  destination = {};
  createMediaStreamSource() {
    return { connect() {}, disconnect() {} };
  }
  createScriptProcessor() {
    processor = { onaudioprocess: null, connect() {}, disconnect() {} };
    return processor;
  }
  async close() {}
}

const setMicrophone = (getUserMedia: () => Promise<unknown>) =>
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(getUserMedia) } });

beforeEach(() => {
  vi.stubGlobal('AudioContext', FakeAudioContext);
  URL.createObjectURL = vi.fn(() => 'blob:voice');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  processor = null;
  setLang('en');
});

describe('VoiceNote', () => {
  it('explains a refused microphone, in English and in Chinese', async () => {
    setMicrophone(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    setLang('en');
    render(<VoiceNote onAttach={vi.fn()} onClose={vi.fn()} />);
    fireEvent.click(screen.getByTestId('voice-start'));
    expect((await screen.findByRole('alert')).textContent).toContain('Microphone access was refused');
    act(() => setLang('zh'));
    expect((screen.getByRole('alert')).textContent).toContain('麦克风权限被拒绝');
    expect((screen.getByTestId('voice-start')).textContent).toContain('开始录音');
  });

  it('says so when the page cannot record at all (no mediaDevices outside https)', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    render(<VoiceNote onAttach={vi.fn()} onClose={vi.fn()} />);
    fireEvent.click(screen.getByTestId('voice-start'));
    expect((await screen.findByRole('alert')).textContent).toContain('secure (https) connection');
  });

  it('records, plays back and attaches a 16 kHz WAV; focus moves to Stop while recording', async () => {
    const track = { stop: vi.fn() };
    setMicrophone(() => Promise.resolve({ getTracks: () => [track] }));
    const onAttach = vi.fn(async (_file: File) => true);
    const onClose = vi.fn();
    render(<VoiceNote onAttach={onAttach} onClose={onClose} />);
    expect(document.activeElement).toBe(screen.getByTestId('voice-start'));
    fireEvent.click(screen.getByTestId('voice-start'));
    const stop = await screen.findByTestId('voice-stop');
    await waitFor(() => expect(document.activeElement).toBe(stop));
    // 12 blocks of 4096 samples at 48 kHz: 1.024 s of a 440 Hz tone on both channels.
    for (let b = 0; b < 12; b++) {
      const block = Float32Array.from({ length: 4096 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * (b * 4096 + i)) / 48000));
      processor!.onaudioprocess!({ inputBuffer: { numberOfChannels: 2, getChannelData: () => block } });
    }
    fireEvent.click(stop);
    const audio = await screen.findByTestId('voice-preview');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(audio.getAttribute('src')).toBe('blob:voice');
    expect(track.stop).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('voice-attach'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const file = onAttach.mock.calls[0]![0];
    expect(file.type).toBe('audio/wav');
    expect(file.name).toMatch(/^voice-note-\d{8}-\d{6}\.wav$/);
    const wav = new WaveFile(new Uint8Array(await file.arrayBuffer()));
    expect(wav.fmt).toMatchObject({ sampleRate: 16000, bitsPerSample: 16, numChannels: 1 });
    expect(wav.getSamples(false, Float64Array as unknown as Function)).toHaveLength(16384);
  });

  it('keeps the recording when the upload fails, and discard starts over', async () => {
    setMicrophone(() => Promise.resolve({ getTracks: () => [] }));
    const onClose = vi.fn();
    render(<VoiceNote onAttach={async () => false} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('voice-start'));
    fireEvent.click(await screen.findByTestId('voice-stop'));
    fireEvent.click(await screen.findByTestId('voice-attach'));
    await waitFor(() => expect(screen.getByTestId('voice-attach').classList.contains('ant-btn-loading')).toBe(false));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('voice-discard'));
    expect(await screen.findByTestId('voice-start')).toBeTruthy();
  });
});
