// How the screen stories render: the real wizard screen (layout, progress, the step) for a driven actor.
import type { ReactNode } from 'react';
import { isLocale } from '../../src/i18n.ts';
import type { WizardRef } from '../../src/machine-refs.ts';
import { WizardScreen } from '../../src/screens/wizard-screen.tsx';
import { SiteContext } from '../../src/site.tsx';
import { SITE } from '../../fixtures/samples.ts';

export function WithSite({ children }: { children: ReactNode }) {
  return <SiteContext.Provider value={SITE}>{children}</SiteContext.Provider>;
}

/** meta.render of the wizard stories: `loaded.wizard` comes from the story's loader. */
export function renderWizard(
  _args: unknown,
  context: { loaded: Record<string, unknown>; globals: Record<string, unknown> },
) {
  const lang = isLocale(context.globals['locale']) ? context.globals['locale'] : 'en';
  return (
    <WithSite>
      <WizardScreen wizard={context.loaded['wizard'] as WizardRef} lang={lang} onLanguage={() => undefined} />
    </WithSite>
  );
}
