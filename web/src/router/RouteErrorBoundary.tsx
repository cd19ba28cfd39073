// The route table's error element. It is part of the entry chunk on purpose: the failure it shows most
// is a chunk that would not load (a deploy while the tab was open), and the antd error screen is a
// chunk too — when that one failed as well the page went white (issue 22). A chunk failure shows
// 'a new version is available' with a reload, in plain HTML; any other error the antd screen.
import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BootSpin } from '../components/BootSpin';
import { isChunkLoadError, loadChunk } from './chunks';

const RouteError = lazy(() => loadChunk(() => import('../pages/RouteError')));

// antd's stylesheet may be what failed to arrive: the boot spinner's font (styles.css), set here.
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', sans-serif";

export function NewVersionReload() {
  const { t } = useTranslation();
  return (
    <main data-testid="new-version-reload" role="alert" style={{ minHeight: '60vh', display: 'grid', placeItems: 'center', padding: 24, textAlign: 'center', fontFamily: FONT }}>
      <div>
        <h1 style={{ fontSize: 20, fontWeight: 600, margin: '0 0 8px' }}>{t('common.newVersion')}</h1>
        <p style={{ margin: '0 0 20px', color: 'rgba(0, 0, 0, 0.65)' }}>{t('shell.newVersionHint')}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          style={{ font: 'inherit', padding: '6px 20px', border: 0, borderRadius: 6, background: '#1677ff', color: '#fff', cursor: 'pointer' }}
        >
          {t('shell.reload')}
        </button>
      </div>
    </main>
  );
}

/** Shows `fallback` when the error screen's own chunk cannot be loaded. */
class ChunkBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function RouteErrorBoundary() {
  const error = useRouteError();
  const stale = isChunkLoadError(error);
  useEffect(() => {
    if (stale) console.error('[route]', error); // boot and load errors are logged (spec §8)
  }, [stale, error]);
  if (stale) return <NewVersionReload />;
  return (
    <ChunkBoundary fallback={<NewVersionReload />}>
      <Suspense fallback={<BootSpin />}>
        <RouteError />
      </Suspense>
    </ChunkBoundary>
  );
}
