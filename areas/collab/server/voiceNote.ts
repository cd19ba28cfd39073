// A .wav attachment is a voice note, and a voice note is audio (issue 22 point 4.4): the bytes must
// be a RIFF/WAVE file of uncompressed PCM whose chunk structure holds together — anything else
// (HTML, SVG, an executable, 'RIFF…WAVE<script>') would otherwise be stored and served as
// audio/wav. At most VOICE_NOTE_MAX_BYTES: what the recorder makes (web/src/collab/voice).
//
// Accepted: 'RIFF' <size> 'WAVE', then chunks (id: four printable ASCII characters, a 32-bit
// little-endian size, the data, a pad byte after an odd size) that exactly fill the RIFF size and
// the file; one 'fmt ' chunk before one 'data' chunk; besides them only LIST (metadata), fact and
// JUNK chunks. The format is PCM (1, or WAVE_FORMAT_EXTENSIBLE with the PCM sub-format) with 1–8
// channels, 8000–192000 Hz, 8/16/24/32 bits, and a block align and byte rate that agree with them;
// the data is a non-empty whole number of blocks.

const PCM = 1;
const EXTENSIBLE = 0xfffe;
/** The KSDATAFORMAT_SUBTYPE_PCM GUID after its first two bytes (which hold the format, 1). */
const PCM_GUID_TAIL = Buffer.from('000000001000800000aa00389b71', 'hex');
const OTHER_CHUNKS = new Set(['LIST', 'fact', 'JUNK', 'junk']);

export interface WaveInfo {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  dataBytes: number;
}

/** The PCM facts of a RIFF/WAVE file, or null when the bytes are not one (see above). */
export function parsePcmWave(bytes: Buffer): WaveInfo | null {
  if (bytes.length < 44 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') return null;
  if (bytes.readUInt32LE(4) + 8 !== bytes.length) return null;
  let format: Omit<WaveInfo, 'dataBytes'> & { blockAlign: number } | null = null;
  let dataBytes: number | null = null;
  let at = 12;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return null;
    const id = bytes.toString('latin1', at, at + 4);
    if (!/^[\x20-\x7e]{4}$/.test(id)) return null;
    const size = bytes.readUInt32LE(at + 4);
    const start = at + 8;
    const end = start + size;
    if (end > bytes.length) return null;
    if (id === 'fmt ') {
      if (format || dataBytes !== null) return null;
      format = formatOf(bytes.subarray(start, end));
      if (!format) return null;
    } else if (id === 'data') {
      if (!format || dataBytes !== null || size === 0 || size % format.blockAlign !== 0) return null;
      dataBytes = size;
    } else if (!OTHER_CHUNKS.has(id)) {
      return null;
    }
    at = end + (size % 2);
  }
  if (at !== bytes.length || !format || dataBytes === null) return null;
  return { channels: format.channels, sampleRate: format.sampleRate, bitsPerSample: format.bitsPerSample, dataBytes };
}

function formatOf(fmt: Buffer): (Omit<WaveInfo, 'dataBytes'> & { blockAlign: number }) | null {
  if (fmt.length < 16) return null;
  const tag = fmt.readUInt16LE(0);
  const channels = fmt.readUInt16LE(2);
  const sampleRate = fmt.readUInt32LE(4);
  const byteRate = fmt.readUInt32LE(8);
  const blockAlign = fmt.readUInt16LE(12);
  const bitsPerSample = fmt.readUInt16LE(14);
  if (tag === EXTENSIBLE) {
    // cbSize 22: valid bits, channel mask, then the sub-format GUID.
    if (fmt.length < 40 || fmt.readUInt16LE(16) < 22 || fmt.readUInt16LE(24) !== PCM || !fmt.subarray(26, 40).equals(PCM_GUID_TAIL)) return null;
  } else if (tag !== PCM) {
    return null;
  }
  if (channels < 1 || channels > 8 || sampleRate < 8000 || sampleRate > 192000 || ![8, 16, 24, 32].includes(bitsPerSample)) return null;
  if (blockAlign !== (channels * bitsPerSample) / 8 || byteRate !== sampleRate * blockAlign) return null;
  return { channels, sampleRate, bitsPerSample, blockAlign };
}
