// The statechart inspector beside a story (the `Inspect` toolbar button, or `globals: { inspect: 'on' }`):
// the same panel `?inspect` opens in `npm run dev`, following the story's driven app. A story's
// `parameters.inspectorFlow` opens it replaying that flow from its start.
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyActorRef } from 'xstate';
import { App } from '../../src/app.tsx';
import type { AppRef } from '../../src/machine-refs.ts';
import { appReplayMachine } from '../../src/inspector/app-replay.ts';
import type { Flow } from '../../src/inspector/flow.ts';
import { InspectorPanel, createInspectorStore } from '../../src/inspector/inspector-panel.tsx';

export interface InspectorFlow {
  name: string;
  flow: Flow;
}

export function StoryInspector({ root, flow }: { root: AnyActorRef; flow?: InspectorFlow | undefined }) {
  const { i18n } = useTranslation();
  const store = useMemo(() => createInspectorStore(root), [root]);
  useEffect(() => () => store.dispose(), [store]);
  return (
    <InspectorPanel
      store={store}
      replayMachine={appReplayMachine()}
      screen={(replayed) => <App app={replayed as AppRef} i18n={i18n} />}
      {...(flow ? { initialFlow: flow } : {})}
    />
  );
}
