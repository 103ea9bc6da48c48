// Development only (docs/decisions/0001): `?inspect` loads this module by dynamic import, and the
// panel follows the app's actor system beside the page. A production build has no reference to it.
import { createRoot } from 'react-dom/client';
import type { AnyActorRef } from 'xstate';
import { appReplayMachine } from './app-replay.ts';
import { InspectorPanel, type ScreenRenderer, createInspectorStore } from './inspector-panel.tsx';

export interface InspectorOptions {
  /** Draws the app for an actor: the screen of an earlier moment, replayed. */
  screen: ScreenRenderer;
}

/** Opens the panel for the system `root` belongs to; call before `root.start()` to record every event. */
export function openInspector(root: AnyActorRef, options: InspectorOptions): () => void {
  const store = createInspectorStore(root);
  const host = document.createElement('div');
  host.className = 'inspector-host';
  document.body.append(host);
  document.body.classList.add('with-inspector');
  const view = createRoot(host);
  view.render(<InspectorPanel store={store} replayMachine={appReplayMachine()} screen={options.screen} />);
  return () => {
    view.unmount();
    host.remove();
    document.body.classList.remove('with-inspector');
    store.dispose();
  };
}
