// A screen in a chunk of its own (docs/decisions/0032): its code and the whole of the payer's language
// (language.ts) load together, the first time it is shown or when `preload` asks ahead (the wizard asks
// for the next steps' while the payer is on this one, docs/decisions/0054).
//
// Once loaded, the screen renders at once, without suspending: React 19 holds a Suspense boundary's
// content back for about 300 ms after a fallback was shown (FALLBACK_THROTTLE_MS), and React.lazy
// suspends on its first render even when the module is already there. Only a screen whose code has not
// arrived yet goes through React.lazy and its Suspense boundary (the loading screen).
import { type ComponentType, type FunctionComponent, createElement, lazy, useState } from 'react';
import { languageReady } from '../language.ts';

export type LazyScreen<P> = FunctionComponent<P> & { preload: () => Promise<unknown> };

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), languageReady()]).then(([component]) => {
      loaded = component;
      return { default: component };
    });
    // A failed load (offline) is tried again the next time.
    loading.catch(() => (loading = undefined));
    return loading;
  };
  const Lazy = lazy(preload);
  function Screen(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount the screen.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Screen, { preload });
}
