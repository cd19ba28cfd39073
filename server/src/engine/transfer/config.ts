// Limits of import, export and file upload, read from the environment once when the app is built
// (docs/server.md 'Import and export'). A malformed value stops the start-up naming the variable.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../config';

export interface TransferConfig {
  /** Data rows one import may carry (spec §5, UPL-06). */
  importMaxRows: number;
  /** Bytes of one uploaded .xlsx. */
  importMaxBytes: number;
  /**
   * Bytes an uploaded .xlsx may inflate to (all its parts; one part at most this too): a zip bomb
   * is refused while it streams (zipGuard.ts). Default 100 MB, or 4 KB a row of the row limit.
   */
  importMaxUnzippedBytes: number;
  /** Bytes of one uploaded image or file (UPL-01, UPL-04). */
  uploadMaxBytes: number;
  /** Rows one export may hold; a larger view is refused (narrow the filters). */
  exportMaxRows: number;
  /** Rows per INSERT and per validation batch of an import. */
  batchSize: number;
  /** Days an import's error report stays downloadable. */
  reportTtlDays: number;
  /** Stored uploads: DATA_DIR/files. */
  filesDir: string;
  /** Scratch files of imports and exports (deleted after each request). */
  tmpDir: string;
  /** Files of background jobs (an import's upload, an export or error report): DATA_DIR/jobs. */
  jobsDir: string;
}

export const MB = 1024 * 1024;

function positive(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return value;
}

export function loadTransferConfig(config: Pick<Config, 'dataDir'>, env: Record<string, string | undefined> = process.env): TransferConfig {
  const importMaxRows = positive(env, 'IMPORT_MAX_ROWS', 5000);
  return {
    importMaxRows,
    importMaxUnzippedBytes: positive(env, 'IMPORT_MAX_UNZIPPED_BYTES', Math.max(100 * MB, importMaxRows * 4096)),
    importMaxBytes: positive(env, 'IMPORT_MAX_BYTES', 50 * MB),
    uploadMaxBytes: positive(env, 'UPLOAD_MAX_BYTES', 10 * MB),
    exportMaxRows: positive(env, 'EXPORT_MAX_ROWS', 100_000),
    batchSize: positive(env, 'IMPORT_BATCH_ROWS', 1000),
    reportTtlDays: positive(env, 'IMPORT_REPORT_TTL_DAYS', 7),
    filesDir: env.FILES_DIR ? env.FILES_DIR : join(config.dataDir, 'files'),
    tmpDir: env.TRANSFER_TMP_DIR ? env.TRANSFER_TMP_DIR : tmpdir(),
    jobsDir: env.TRANSFER_JOBS_DIR ? env.TRANSFER_JOBS_DIR : join(config.dataDir, 'jobs'),
  };
}
