// The recorder's Web Audio wiring against a small fake AudioContext (CON-17): the processing node
// is a ScriptProcessor of 4096 samples with 2 input channels; what it hears comes out as a 16 kHz WAV.
import { describe, expect, it, vi } from 'vitest';
import { WaveFile } from 'wavefile';
import { BUFFER_SIZE, INPUT_CHANNELS, micErrorKey, startRecording, type AudioContextLike, type ProcessorLike } from './recorder';

function fakeContext(sampleRate = 48000) {
  const processors: { args: number[]; node: ProcessorLike & { connectedTo: unknown[] } }[] = [];
  const destination = { name: 'destination' };
  const source = { connect: vi.fn(), disconnect: vi.fn() };
  const context: AudioContextLike & { closed: boolean } = {
    sampleRate,
    destination,
    closed: false,
    createMediaStreamSource: vi.fn(() => source),
    createScriptProcessor(bufferSize, inputChannels, outputChannels) {
      const node = { onaudioprocess: null, connectedTo: [] as unknown[], connect(n: unknown) { node.connectedTo.push(n); }, disconnect: vi.fn() };
      processors.push({ args: [bufferSize, inputChannels, outputChannels], node });
      return node;
    },
    async close() {
      context.closed = true;
    },
  };
  return { context, processors, source, destination };
}
const fakeStream = () => {
  const track = { stop: vi.fn() };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
};
/** Feeds `blocks` buffers of a 440 Hz tone (left) and silence (right), as the node would. */
function play(node: ProcessorLike, blocks: number, rate = 48000, channels = 2) {
  for (let b = 0; b < blocks; b++) {
    const left = Float32Array.from({ length: BUFFER_SIZE }, (_, i) => 0.8 * Math.sin((2 * Math.PI * 440 * (b * BUFFER_SIZE + i)) / rate));
    const right = new Float32Array(BUFFER_SIZE);
    node.onaudioprocess!({ inputBuffer: { numberOfChannels: channels, getChannelData: (c: number) => (c === 0 ? left : right) } });
  }
}

describe('startRecording', () => {
  it('creates one ScriptProcessorNode with bufferSize 4096 and 2 input channels, fed by the microphone and connected to the output', () => {
    const { context, processors, source, destination } = fakeContext();
    startRecording(fakeStream().stream, context);
    expect(BUFFER_SIZE).toBe(4096);
    expect(INPUT_CHANNELS).toBe(2);
    expect(processors).toHaveLength(1);
    expect(processors[0]!.args.slice(0, 2)).toEqual([4096, 2]);
    expect(source.connect).toHaveBeenCalledWith(processors[0]!.node);
    expect(processors[0]!.node.connectedTo).toEqual([destination]);
  });

  it('turns what the node hears into a 16 kHz 16-bit WAV and lets the microphone go', async () => {
    const { context, processors } = fakeContext();
    const { stream, track } = fakeStream();
    const rec = startRecording(stream, context);
    play(processors[0]!.node, 12); // 49152 samples at 48 kHz
    expect(rec.seconds()).toBeCloseTo(1.024, 3);
    const wav = await rec.stop();
    expect(track.stop).toHaveBeenCalled();
    expect(context.closed).toBe(true);
    expect(processors[0]!.node.onaudioprocess).toBeNull();
    const file = new WaveFile(wav);
    expect(file.fmt).toMatchObject({ sampleRate: 16000, bitsPerSample: 16, numChannels: 1 });
    const samples = file.getSamples(false, Float64Array as unknown as Function) as unknown as Float64Array;
    expect(samples.length).toBe(49152 / 3);
    // Left at 0.8 and right silent, mixed down: a 0.4 tone (peak ≈ 0.4 × 32767).
    const peak = Math.max(...Array.from(samples.subarray(500, 15000), Math.abs));
    expect(peak / 32767).toBeCloseTo(0.4, 2);
  });

  it('records a mono microphone buffer on both channels', async () => {
    const { context, processors } = fakeContext();
    const rec = startRecording(fakeStream().stream, context);
    play(processors[0]!.node, 4, 48000, 1);
    const samples = new WaveFile(await rec.stop()).getSamples(false, Float64Array as unknown as Function) as unknown as Float64Array;
    expect(Math.max(...Array.from(samples.subarray(300, 5000), Math.abs)) / 32767).toBeCloseTo(0.8, 2);
  });

  it('cancel releases the microphone without encoding', async () => {
    const { context } = fakeContext();
    const { stream, track } = fakeStream();
    await startRecording(stream, context).cancel();
    expect(track.stop).toHaveBeenCalled();
    expect(context.closed).toBe(true);
  });
});

describe('micErrorKey', () => {
  it('explains a refused permission, a missing or busy microphone and an unsupported browser', () => {
    expect(micErrorKey(new DOMException('x', 'NotAllowedError'))).toBe('collab.voice.micDenied');
    expect(micErrorKey(new DOMException('x', 'SecurityError'))).toBe('collab.voice.micDenied');
    expect(micErrorKey(new DOMException('x', 'NotFoundError'))).toBe('collab.voice.micMissing');
    expect(micErrorKey(new DOMException('x', 'NotReadableError'))).toBe('collab.voice.micBusy');
    expect(micErrorKey({ name: 'NotSupportedError' })).toBe('collab.voice.unsupported');
    expect(micErrorKey(new Error('?'))).toBe('collab.voice.micFailed');
    expect(micErrorKey(undefined)).toBe('collab.voice.micFailed');
  });
});
