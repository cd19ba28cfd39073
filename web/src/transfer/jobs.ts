// Background imports and exports (docs/jobs.md): start one, follow it (socket.io 'transfer-job'
// events, with a poll every few seconds in case the socket is down), download its file.
import { useEffect, useState } from 'react';
import { call } from '../api/client';
import { onLiveEvent } from '../collab/live';
import { downloadFile, postMultipart } from './api';

export interface TransferJob {
  id: string;
  kind: 'import' | 'export';
  entity: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  done_rows: number;
  total_rows: number | null;
  /** done: {rows, …counts}; failed: the error answer {code, message, data}. */
  result: { rows?: number; message?: string; [k: string]: unknown } | null;
  file_name: string | null;
}

export const JOB_EVENT = 'transfer-job';
const POLL_MS = 3000;

export const startExportJob = (def: { prefix: string; name: string }, q: unknown, p: unknown): Promise<TransferJob> =>
  call<TransferJob>('POST', `${def.prefix}/${def.name}/export-job`, { body: { q: JSON.stringify(q), p: JSON.stringify(p) } });

/** `importPath` is the entity's …/import path; its job sibling is …/import-job. */
export const startImportJob = (importPath: string, file: File, mode: 'create' | 'upsert', onProgress?: (percent: number) => void): Promise<TransferJob> =>
  postMultipart<TransferJob>(importPath.replace(/\/import$/, '/import-job'), [{ file, name: file.name }], { mode }, {}, onProgress);

export const downloadJobFile = (job: TransferJob): Promise<boolean> =>
  downloadFile('utilsapi/transfer-jobs/download', { id: job.id }, job.file_name ?? 'download.xlsx');

export const isOver = (job: TransferJob): boolean => job.status === 'done' || job.status === 'failed';

/** The job as it goes: live events, and a poll while it is not over. */
export function useTransferJob(initial: TransferJob | null): TransferJob | null {
  const [job, setJob] = useState(initial);
  useEffect(() => setJob(initial), [initial]);
  const id = initial?.id;
  useEffect(() => {
    if (!id) return;
    let stopped = false;
    const off = onLiveEvent<TransferJob>(JOB_EVENT, (j) => {
      if (j.id === id) setJob(j);
    });
    const poll = async () => {
      while (!stopped) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        if (stopped) return;
        try {
          const j = await call<TransferJob>('GET', 'utilsapi/transfer-jobs/info', { query: { id } });
          if (stopped) return;
          setJob(j);
          if (isOver(j)) return;
        } catch {
          return; // said already (signed out, gone)
        }
      }
    };
    void poll();
    return () => {
      stopped = true;
      off();
    };
  }, [id]);
  return job;
}
