// A screen in a chunk of its own (docs/decisions/0032): its code and the whole of the payer's language
// (language.ts) load together, the first time it is shown or when `preload` asks ahead (the wizard asks
// for the next step's while the payer is on this one).
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { languageReady } from '../language.ts';

export type LazyScreen<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

export function lazyScreen<P>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), languageReady()]).then(([component]) => ({ default: component }));
    // A failed load (offline) is tried again the next time.
    loading.catch(() => (loading = undefined));
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/** Runs `task` when the browser is idle (soon, where it cannot say). */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}
