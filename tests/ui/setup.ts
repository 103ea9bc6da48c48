// Setup of the `ui` test project (jsdom). Vitest runs without globals, so Testing Library cannot
// register its own cleanup: unmount what each test rendered here.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
