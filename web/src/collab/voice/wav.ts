// Voice-note WAV encoder (spec §9, CON-18): Float32 channels at the microphone's rate → one
// mono channel (the channels are averaged: a voice note gains nothing from stereo and mono
// halves the upload) → 16000 Hz → RIFF/WAVE PCM, 16-bit little-endian. Pure: no DOM, no Web Audio.

export const WAV_RATE = 16000;
export const WAV_BITS = 16;

/** Averages the channels into one (channels of unequal length are cut to the shortest). */
export function mixDown(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 0) return new Float32Array(0);
  if (channels.length === 1) return channels[0]!.slice();
  const length = Math.min(...channels.map((c) => c.length));
  const out = new Float32Array(length);
  for (const c of channels) for (let i = 0; i < length; i++) out[i]! += c[i]! / channels.length;
  return out;
}

// Zero crossings of the windowed sinc on each side: enough to keep aliasing of speech out.
const SINC_ZEROS = 8;
const STEPS = 256;

/**
 * Band-limited resampling: each output sample is a Hann-windowed sinc interpolation of the
 * input; when downsampling the sinc's cut-off is lowered to 95 % of the target Nyquist, so the
 * same kernel is the anti-alias low-pass (a plain pick-every-third would fold 8–24 kHz noise
 * into the speech band).
 */
export function resample(input: Float32Array, from: number, to = WAV_RATE): Float32Array {
  if (!(from > 0) || !(to > 0)) throw new RangeError('sample rates must be positive');
  if (from === to) return input.slice();
  const ratio = from / to;
  const outLength = Math.round(input.length / ratio);
  const fc = Math.min(1, 1 / ratio) * (ratio > 1 ? 0.95 : 1); // cut-off as a fraction of the source Nyquist
  const half = Math.ceil(SINC_ZEROS / fc); // kernel half-width in source samples
  // The kernel is tabulated (|d| in steps of 1/STEPS) once: no trigonometry per tap.
  const kernel = new Float32Array(half * STEPS + 2);
  for (let k = 0; k < kernel.length; k++) {
    const d = k / STEPS;
    const x = Math.PI * fc * d;
    kernel[k] = d >= half ? 0 : (d === 0 ? 1 : Math.sin(x) / x) * 0.5 * (1 + Math.cos((Math.PI * d) / half));
  }
  const out = new Float32Array(outLength);
  for (let i = 0; i < outLength; i++) {
    const t = i * ratio;
    const first = Math.max(0, Math.ceil(t - half));
    const last = Math.min(input.length - 1, Math.floor(t + half));
    let sum = 0;
    let weight = 0;
    for (let n = first; n <= last; n++) {
      const pos = Math.abs(t - n) * STEPS;
      const k = Math.floor(pos);
      const w = kernel[k]! + (kernel[k + 1]! - kernel[k]!) * (pos - k);
      sum += input[n]! * w;
      weight += w;
    }
    // Normalising by the kernel's sum keeps the gain at 1, also near both ends.
    out[i] = weight > 0 ? sum / weight : 0;
  }
  return out;
}

/** RIFF/WAVE, fmt chunk of 16 bytes, PCM (format 1), 16-bit; `samples` interleaved when channels > 1. */
export function writeWav(samples: Float32Array, sampleRate: number, channels = 1): Uint8Array {
  const blockAlign = channels * (WAV_BITS / 8);
  const dataSize = samples.length * (WAV_BITS / 8);
  const bytes = new Uint8Array(44 + dataSize);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataSize, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true); // byte rate
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, WAV_BITS, true);
  ascii(36, 'data');
  view.setUint32(40, dataSize, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(44 + i * 2, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true);
  }
  return bytes;
}

/** The recorded channels at `sourceRate` → a 16 kHz, 16-bit, mono WAV file's bytes. */
export function encodeWav(channels: readonly Float32Array[], sourceRate: number): Uint8Array {
  return writeWav(resample(mixDown(channels), sourceRate, WAV_RATE), WAV_RATE, 1);
}
