// Stories of the pages outside the wizard (machines/pages.ts): the page's real machine with fake calls
// (from fixtures), driven by events to the state the story names, rendered by the page's real screen
// inside the Layout. The loader checks that the machine is in `machineState` before the story renders,
// so a story cannot claim a state it does not show.
import { Suspense, type ComponentType } from 'react';
import {
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  createActor,
  createMachine,
  fromPromise,
  waitFor,
} from 'xstate';
import type { StoryContext } from '@storybook/react-vite';
import type { CallFailure } from '../../machines/actors.types.ts';
import type { PageInput } from '../../machines/pages.ts';
import { PAGES } from '../../machines/pages.ts';
import { Layout } from '../../src/components/layout.tsx';
import { i18n } from '../../src/i18n.ts';
import { LoadingScreen } from '../../src/screens/status-screens.tsx';
import type { PageScreenProps } from '../../src/screens/page-screens.ts';
import { SessionContext } from '../../src/session.tsx';
import { SiteContext } from '../../src/site.tsx';
import '../../src/styles.css';
import { localeOf, type RenderContext } from './render.tsx';

export interface PageScene {
  /** The page's machine, with its calls provided as fakes. */
  machine: AnyStateMachine;
  input: PageInput;
  /** Events sent in order; each once the machine can take it (a call it waits for has answered). */
  events?: readonly AnyEventObject[];
}

export interface PageStoryParameters {
  /** '<machine id>:<state path>', e.g. 'login:signIn.editing'. */
  machineState: string;
  page: PageScene;
}

/** 'a.b.c' -> { a: { b: 'c' } } */
function valueOf(path: string): string | Record<string, unknown> {
  const parts = path.split('.');
  return parts.reduceRight<string | Record<string, unknown>>((acc, key) => ({ [key]: acc }), parts.pop() ?? '');
}

/** How long a story's machine may take to reach its state (its calls are fakes that answer at once). */
const DRIVE_TIMEOUT = 5000;

interface Machinelike {
  matches: (v: unknown) => boolean;
  can: (e: AnyEventObject) => boolean;
  value: unknown;
}

/**
 * Sends `events` to `actor` in order, each once the actor can take it, then resolves when the actor is
 * in `path`; fails, saying where it is, if it gets to neither.
 */
export async function driveActor(
  actor: AnyActorRef,
  events: readonly AnyEventObject[],
  path: string,
  name: string,
): Promise<void> {
  const at = () => JSON.stringify((actor.getSnapshot() as Machinelike).value);
  try {
    for (const event of events) {
      await waitFor(actor, (s) => (s as Machinelike).can(event), { timeout: DRIVE_TIMEOUT });
      actor.send(event);
    }
    const want = valueOf(path);
    await waitFor(actor, (s) => (s as Machinelike).matches(want), { timeout: DRIVE_TIMEOUT });
  } catch (e) {
    throw new Error(`${name}: the machine is in ${at()}`, { cause: e });
  }
}

/** loaders: the page's actor, started under a parent that takes what it tells the app, in its state. */
export async function drivePage(
  context: Pick<StoryContext, 'parameters' | 'globals'>,
): Promise<{ page: AnyActorRef; stop: () => void }> {
  const { machineState, page } = context.parameters as PageStoryParameters;
  await i18n.changeLanguage(localeOf(context.globals));
  const [id, path = ''] = machineState.split(':');
  if (id !== page.machine.id) throw new Error(`${machineState}: the story's machine is '${page.machine.id}'`);
  const parent = createActor(
    createMachine({ id: 'storyApp', invoke: { id: 'page', src: page.machine, input: page.input }, on: { '*': {} } }),
  );
  parent.start();
  const actor = parent.getSnapshot().children['page'] as AnyActorRef;
  try {
    await driveActor(actor, page.events ?? [], path, machineState);
  } catch (e) {
    parent.stop();
    throw e;
  }
  return { page: actor, stop: () => parent.stop() };
}

export function stopPage(context: Pick<StoryContext, 'loaded'>): () => void {
  const loaded = context.loaded as { stop?: () => void };
  return () => loaded.stop?.();
}

/** meta.render of a page's stories: its screen in the Layout, as the app shows it. */
export function renderPage(Screen: ComponentType<PageScreenProps>) {
  return function render(_args: unknown, context: RenderContext) {
    const page = context.loaded['page'] as AnyActorRef;
    const lang = localeOf(context.globals);
    const input = (context as unknown as { parameters: PageStoryParameters }).parameters.page.input;
    return (
      <SiteContext.Provider value={input.site}>
        <SessionContext.Provider value={{ signedIn: input.signedIn, mobile: input.mobile, signOut: () => {} }}>
          <Layout lang={lang} onLanguage={(l) => void i18n.changeLanguage(l)} progress={PAGES[input.route].progress}>
            <Suspense fallback={<LoadingScreen />}>
              <Screen page={page} />
            </Suspense>
          </Layout>
        </SessionContext.Provider>
      </SiteContext.Provider>
    );
  };
}

/** A call that answers `output`, never answers, or fails with a CallFailure (as src/api/client.ts reports). */
export function call<O, I = unknown>(output: O | 'never' | { fail: CallFailure }) {
  return fromPromise<O, I>(() => {
    if (output === 'never') return new Promise<O>(() => {});
    if (typeof output === 'object' && output !== null && 'fail' in output) return Promise.reject(output.fail);
    return Promise.resolve(output as O);
  });
}
