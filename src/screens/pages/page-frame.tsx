// What every page shows before and after its own content, by its table (page-tables.ts): the loading
// screen while it loads or once it is leaving, the failure screen (with its message and its retry event)
// when loading failed. A page calls it first and renders itself when it answers null.
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import { screenOf } from '../../screen-table.ts';
import { FailureScreen, LoadingScreen } from '../status-screens.tsx';
import { PAGE_TABLES, type PageEntry } from './page-tables.ts';

/** The page machine's entry in its table ('creditCards', ...). */
export function usePageEntry(page: AnyActorRef, id: string): PageEntry | null {
  return useSelector(page, (s) => screenOf(PAGE_TABLES[id] ?? {}, id, s) as PageEntry | null);
}

export function usePageFrame(page: AnyActorRef, id: string): ReactNode | null {
  const entry = usePageEntry(page, id);
  const failure = useSelector(page, (s) => (s.context as { failure?: string | null }).failure ?? null);
  if (!entry) return null;
  if (entry.view === 'loading' || entry.terminal) return <LoadingScreen />;
  if (entry.view === 'failed') {
    const retry = entry.retry;
    return <FailureScreen messageKey={failure} onRetry={() => retry && page.send({ type: retry })} />;
  }
  return null;
}
