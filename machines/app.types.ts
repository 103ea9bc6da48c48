// Context, input and events of the app machine (architecture "Machines": session, routes, language).
import type { SiteInfo } from '../contract/api.ts';
import type { FieldErrors, FormFields, Locale } from '../contract/entities.ts';
import type { AppLocation, PageToAppEvent } from './pages.ts';
import type { WizardRoute } from './wizard.types.ts';
import type { NavScriptFailedEvent } from './nav-header.machine.ts';

export interface AppInput {
  lang: Locale;
  /** The wizard route the page was opened at (from the URL hash), if any. */
  route: WizardRoute | null;
  /** Where the page was opened (from the URL hash); wins over `route` when given. */
  location?: AppLocation;
  /** §2: a phone or tablet (some links are hidden there). */
  mobile?: boolean;
}
export interface AppContext {
  lang: Locale;
  /** The wizard route asked for (null is '/'). */
  route: WizardRoute | null;
  /** Where the payer is or is going: a wizard route or a page of machines/pages.ts. */
  location: AppLocation;
  mobile: boolean;
  /** The server's word (form state logged_in), read at start and after every sign-in or sign-out. */
  signedIn: boolean;
  fields: FormFields | null;
  errors: FieldErrors;
  /** Configured numbers and links (from /state/all). */
  site: SiteInfo | null;
  bootError: string | null;
}
export type AppEvent =
  | { type: 'app.language'; lang: Locale }
  | { type: 'app.retry' }
  /** §7: a 401 answer; the app returns to '/' (the facility step for a guest) and logs it. */
  | { type: 'app.unauthorized' }
  /** The URL changed (back button, a link, a typed address). */
  | { type: 'app.navigate'; location: AppLocation }
  /** The header's sign-out link. */
  | { type: 'app.signOut' }
  /** A guest created an account on the receipt (§4): signed in from now on, staying where they are. */
  | { type: 'app.accountCreated' }
  /** §2 global header: its navigation script did not load (logged; the site's own header stays). */
  | NavScriptFailedEvent
  /** The server answered a request: the session was seen (session-timeout.machine.ts). */
  | { type: 'app.activity' }
  /** The session reached its idle limit (docs/decisions/0045). */
  | { type: 'app.sessionEnded'; signedIn: boolean }
  | PageToAppEvent;
