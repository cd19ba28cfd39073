// The top loading bar (spec §2): one nprogress bar shared by navigations and requests in flight,
// counted so that overlapping work keeps it running until the last piece ends.
import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false, trickleSpeed: 160, minimum: 0.12 });

let active = 0;

export function startProgress(): void {
  active += 1;
  if (active === 1) NProgress.start();
}

export function doneProgress(): void {
  active = Math.max(0, active - 1);
  if (active === 0) NProgress.done();
}

/** Wraps a promise so the bar runs while it is pending. */
export async function withProgress<T>(work: Promise<T>): Promise<T> {
  startProgress();
  try {
    return await work;
  } finally {
    doneProgress();
  }
}
