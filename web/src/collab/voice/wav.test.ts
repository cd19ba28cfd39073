// The voice-note encoder on generated audio (CON-18): header fields read by hand and by wavefile,
// length after resampling, and content (a sine keeps its pitch; content above 8 kHz is filtered).
import { describe, expect, it } from 'vitest';
import { WaveFile } from 'wavefile';
import { encodeWav, mixDown, resample, writeWav } from './wav';

const sine = (freq: number, rate: number, seconds: number, amp = 0.5) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => amp * Math.sin((2 * Math.PI * freq * i) / rate));

/** Sign changes between consecutive samples. */
function zeroCrossings(s: ArrayLike<number>): number {
  let n = 0;
  for (let i = 1; i < s.length; i++) if ((s[i - 1]! < 0 && s[i]! >= 0) || (s[i - 1]! >= 0 && s[i]! < 0)) n++;
  return n;
}
const rms = (s: ArrayLike<number>, from = 0, to = s.length) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += s[i]! * s[i]!;
  return Math.sqrt(sum / (to - from));
};
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

describe('encodeWav', () => {
  const left = sine(440, 48000, 1);
  const right = sine(440, 48000, 1);
  const wav = encodeWav([left, right], 48000);
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);

  it('writes a RIFF/WAVE PCM header: 16000 Hz, 16 bits, 1 channel (the two are mixed down)', () => {
    expect(ascii(wav, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(ascii(wav, 8, 4)).toBe('WAVE');
    expect(ascii(wav, 12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16); // fmt chunk size
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // channels
    expect(view.getUint32(24, true)).toBe(16000);
    expect(view.getUint32(28, true)).toBe(32000); // byte rate = rate × block align
    expect(view.getUint16(32, true)).toBe(2); // block align = channels × 2 bytes
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(wav, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(16000 * 1 * 2);
  });

  it('1 s at 48 kHz becomes 16000 frames, and wavefile reads it back', () => {
    expect(wav.length).toBe(44 + 32000);
    const file = new WaveFile(wav);
    const fmt = file.fmt as { audioFormat: number; numChannels: number; sampleRate: number; bitsPerSample: number; byteRate: number; blockAlign: number };
    expect(file.container).toBe('RIFF');
    expect(file.format).toBe('WAVE');
    expect(fmt).toMatchObject({ audioFormat: 1, numChannels: 1, sampleRate: 16000, bitsPerSample: 16, byteRate: 32000, blockAlign: 2 });
    expect(file.getSamples(false, Float64Array as unknown as Function)).toHaveLength(16000);
  });

  it('keeps a 440 Hz tone at 440 Hz and at its level', () => {
    const samples = new WaveFile(wav).getSamples(false, Float64Array as unknown as Function) as unknown as Float64Array;
    // 440 cycles → 880 sign changes in one second (±2 for where the edges fall).
    expect(Math.abs(zeroCrossings(samples) - 880)).toBeLessThanOrEqual(2);
    // Amplitude 0.5 → RMS 0.3536 of full scale (32767), away from the edges.
    expect(rms(samples, 1000, 15000) / 32767).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  it('averages the channels: opposite channels cancel, one silent channel halves the level', () => {
    expect(rms(mixDown([left, Float32Array.from(left, (v) => -v)]))).toBe(0);
    expect(rms(mixDown([left, new Float32Array(left.length)]))).toBeCloseTo(rms(left) / 2, 6);
  });
});

describe('resample', () => {
  it('filters what 16 kHz cannot carry instead of folding it into the speech band', () => {
    // 12 kHz is above the 8 kHz Nyquist of the target: picking every third sample would turn it
    // into a full-level 4 kHz tone.
    const high = sine(12000, 48000, 0.5);
    const out = resample(high, 48000);
    expect(rms(out, 200, out.length - 200)).toBeLessThan(0.01);
    const naive = Float32Array.from({ length: 8000 }, (_, i) => high[i * 3]!);
    expect(rms(naive)).toBeGreaterThan(0.3);
  });

  it('handles 44.1 kHz sources (a fractional ratio) and keeps the pitch', () => {
    const out = resample(sine(1000, 44100, 1), 44100);
    expect(out.length).toBe(16000);
    expect(Math.abs(zeroCrossings(out) - 2000)).toBeLessThanOrEqual(2);
    expect(rms(out, 500, 15500)).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  it('refuses a rate of zero', () => {
    expect(() => resample(new Float32Array(4), 0)).toThrow(RangeError);
  });
});

describe('writeWav', () => {
  it('clips beyond full scale and writes interleaved stereo with the right block align', () => {
    const wav = writeWav(Float32Array.from([2, -2, 0.5, -0.5]), 16000, 2);
    const view = new DataView(wav.buffer);
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(28, true)).toBe(64000);
    expect(view.getUint16(32, true)).toBe(4);
    expect(view.getUint32(40, true)).toBe(8);
    expect([0, 1, 2, 3].map((i) => view.getInt16(44 + i * 2, true))).toEqual([32767, -32768, 16384, -16384]);
  });
});
