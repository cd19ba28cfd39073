// The microphone side of voice notes (spec §9, CON-17): a ScriptProcessorNode with a 4096-sample
// buffer and 2 input channels collects the raw samples; stop() hands them to the WAV encoder.
// ScriptProcessorNode is deprecated but still in every browser and needs no separate worklet
// file to serve; its channelCountMode is 'explicit', so a mono microphone arrives up-mixed as 2.
import { encodeWav } from './wav';

export const BUFFER_SIZE = 4096;
export const INPUT_CHANNELS = 2;

/** The parts of AudioContext the recorder uses (a test hands in a fake). */
export interface AudioContextLike {
  readonly sampleRate: number;
  readonly destination: unknown;
  createMediaStreamSource(stream: MediaStream): { connect(node: unknown): unknown; disconnect(): void };
  createScriptProcessor(bufferSize: number, inputChannels: number, outputChannels: number): ProcessorLike;
  close(): Promise<void>;
}
export interface ProcessorLike {
  onaudioprocess: ((event: { inputBuffer: { numberOfChannels: number; getChannelData(channel: number): Float32Array } }) => void) | null;
  connect(node: unknown): unknown;
  disconnect(): void;
}

export interface Recording {
  /** Seconds recorded so far. */
  seconds(): number;
  /** Stops, releases the microphone and returns the 16 kHz 16-bit WAV. */
  stop(): Promise<Uint8Array>;
  /** Stops and throws the audio away. */
  cancel(): Promise<void>;
}

export function startRecording(stream: MediaStream, context: AudioContextLike): Recording {
  const chunks: Float32Array[][] = Array.from({ length: INPUT_CHANNELS }, () => []);
  let frames = 0;
  const source = context.createMediaStreamSource(stream);
  const processor = context.createScriptProcessor(BUFFER_SIZE, INPUT_CHANNELS, 1);
  processor.onaudioprocess = ({ inputBuffer }) => {
    for (let c = 0; c < INPUT_CHANNELS; c++) {
      // The node reuses its buffers: copy. A 1-channel buffer is used for both channels.
      chunks[c]!.push(inputBuffer.getChannelData(Math.min(c, inputBuffer.numberOfChannels - 1)).slice());
    }
    frames += inputBuffer.getChannelData(0).length;
  };
  source.connect(processor);
  // Chromium fires audioprocess only while the node is connected to the destination; its
  // output buffer is left silent.
  processor.connect(context.destination);

  let stopped = false;
  const release = async () => {
    if (stopped) return;
    stopped = true;
    processor.onaudioprocess = null;
    processor.disconnect();
    source.disconnect();
    for (const track of stream.getTracks()) track.stop();
    await context.close().catch(() => undefined);
  };
  return {
    seconds: () => frames / context.sampleRate,
    async stop() {
      await release();
      const channels = chunks.map((list) => {
        const out = new Float32Array(frames);
        let at = 0;
        for (const chunk of list) {
          out.set(chunk.subarray(0, frames - at), at);
          at += chunk.length;
        }
        return out;
      });
      return encodeWav(channels, context.sampleRate);
    },
    cancel: release,
  };
}

/** The message key explaining why the microphone could not be opened. */
export function micErrorKey(err: unknown): string {
  const name = err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'collab.voice.micDenied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'collab.voice.micMissing';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'collab.voice.micBusy';
    case 'NotSupportedError':
      return 'collab.voice.unsupported';
    default:
      return 'collab.voice.micFailed';
  }
}

/** Asks for the microphone and starts recording; throws the browser's error (see micErrorKey). */
export async function openMicrophone(): Promise<Recording> {
  // No mediaDevices outside a secure context (plain http on another host) or in old browsers.
  if (!navigator.mediaDevices?.getUserMedia || typeof AudioContext === 'undefined') {
    throw Object.assign(new Error('no microphone API'), { name: 'NotSupportedError' });
  }
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 2, echoCancellation: true, noiseSuppression: true } });
  const context = new AudioContext();
  // Some browsers create the context suspended until a gesture; the click that got here is one.
  if (context.state === 'suspended') await context.resume().catch(() => undefined);
  return startRecording(stream, context as unknown as AudioContextLike);
}
