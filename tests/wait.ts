// How long a test waits for something the app does by itself (a lazily loaded step, an answer, a
// re-render) before it fails. CI runs on a busy 2-core machine where a step's chunk can take seconds
// to load and compile, so no test relies on a runner's short default (Testing Library's 1 s,
// Playwright's 5 s). A wait that ends early costs nothing; only a real defect reaches this bound.
export const ASYNC_TIMEOUT = 15_000;
