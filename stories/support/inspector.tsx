// The statechart inspector beside a story (the `Inspect` toolbar button, or `globals: { inspect: 'on' }`):
// the same panel `?inspect` opens in `npm run dev`, following the story's driven app.
import { useEffect, useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import { InspectorPanel, createInspectorStore } from '../../src/inspector/inspector-panel.tsx';

export function StoryInspector({ root }: { root: AnyActorRef }) {
  const store = useMemo(() => createInspectorStore(root), [root]);
  useEffect(() => () => store.dispose(), [store]);
  return <InspectorPanel store={store} />;
}
