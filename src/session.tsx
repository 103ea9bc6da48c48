// Whether the payer is signed in (the app machine's word) and the header's sign-out, for the layout.
import { createContext, useContext } from 'react';

export interface Session {
  signedIn: boolean;
  /** A touch device: the visit scheduling link is hidden (§2). */
  mobile: boolean;
  signOut: () => void;
}

export const SessionContext = createContext<Session>({ signedIn: false, mobile: false, signOut: () => {} });

export function useSession(): Session {
  return useContext(SessionContext);
}
