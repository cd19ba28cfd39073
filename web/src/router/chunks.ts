// Lazily loaded code that does not arrive. After a deploy a tab opened before it asks for chunks the
// new build may not have, and a flaky network drops one now and then: each lazy import gets one more
// try, then fails as a ChunkLoadError, which the route's error screen (RouteErrorBoundary) shows as
// 'a new version is available — reload' instead of a white screen (issue 22, point 1).
import type { ComponentType } from 'react';

/** How the browsers and Vite's preloader word a chunk that could not be fetched or run as a module. */
const CHUNK_FAILURE = /dynamically imported module|importing a module script failed|failed to load module script|unable to preload css/i;

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(err: unknown): boolean {
  return err instanceof ChunkLoadError || (err instanceof Error && CHUNK_FAILURE.test(err.message));
}

/** Pause before the one retry: a dropped connection has a moment to come back. */
export const CHUNK_RETRY_MS = 400;

/** `load()`, tried once more if it fails; a chunk that fails twice rejects as a ChunkLoadError. */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, CHUNK_RETRY_MS));
    try {
      return await load();
    } catch (again) {
      throw isChunkLoadError(again) ? new ChunkLoadError(again) : again;
    }
  }
}

/** A route's `lazy`: the page module's default export, loaded on first visit (with the retry). */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await loadChunk(load)).default });
