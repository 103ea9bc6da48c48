// Setup of the `ui` test project (jsdom). Vitest runs without globals, so Testing Library cannot
// register its own cleanup: unmount what each test rendered here.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { ASYNC_TIMEOUT } from '../wait.ts';

// findBy* and waitFor wait this long, not Testing Library's 1 s (a lazily loaded step on a busy machine).
configure({ asyncUtilTimeout: ASYNC_TIMEOUT });

afterEach(() => {
  cleanup();
});
