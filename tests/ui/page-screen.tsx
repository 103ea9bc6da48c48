// Renders one page's screen (jsdom) over its real machine, the machine's calls answered by the test
// (FakeCalls): the page's form as the payer uses it, with what the machine was sent.
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { pageInput } from '../../fixtures/samples.ts';
import type { PageRoute } from '../../machines/pages.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { createI18n } from '../../src/i18n.ts';
import type { PageScreenProps } from '../../src/screens/page-screens.ts';
import { SessionContext } from '../../src/session.tsx';
import { SiteContext } from '../../src/site.tsx';
import { FakeCalls, withParent } from '../machines/harness.ts';

export function renderPageScreen(Screen: ComponentType<PageScreenProps>, machine: AnyStateMachine, route: PageRoute) {
  const calls = new FakeCalls();
  const input = pageInput(route, { signedIn: true });
  const run = withParent(provideMachine(machine, calls.all()), input);
  const page = run.child as AnyActorRef;
  const view = render(
    <I18nextProvider i18n={createI18n('en')}>
      <SiteContext.Provider value={input.site}>
        <SessionContext.Provider value={{ signedIn: true, mobile: false, signOut: () => {} }}>
          <main>
            <Screen page={page} />
          </main>
        </SessionContext.Provider>
      </SiteContext.Provider>
    </I18nextProvider>,
  );
  return { calls, page, view, received: run.received, stop: () => run.actor.stop() };
}
