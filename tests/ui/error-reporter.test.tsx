// The error reporter (§7 client errors POSTed to /development/log_js_error; §8 at most 4 reports,
// one at a time) and the error boundary that shows the unexpected-error page (§8).
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LogJsErrorRequest, StateAllResponse } from '../../contract/api.ts';
import { createApiClient } from '../../src/api/client.ts';
import { sendErrorReport } from '../../src/api/error-reports.ts';
import { ErrorBoundary } from '../../src/components/error-boundary.tsx';
import { createErrorReporter, describeError } from '../../src/error-reporter.ts';
import { createI18n } from '../../src/i18n.ts';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { startServer, type Harness } from './harness.tsx';

/** A send whose calls answer only when the test says so; records how many were under way at once. */
function controlledSend() {
  const sent: LogJsErrorRequest[] = [];
  const pending: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const send = (report: LogJsErrorRequest) =>
    new Promise<void>((resolve, reject) => {
      sent.push(report);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const done = () => {
        inFlight -= 1;
      };
      pending.push({
        resolve: () => {
          done();
          resolve();
        },
        reject: (e) => {
          done();
          reject(e);
        },
      });
    });
  const next = () => {
    const p = pending.shift();
    if (!p) throw new Error('no report is being sent');
    return p;
  };
  return { send, sent, next, mostInFlight: () => mostInFlight, waiting: () => pending.length };
}

/**
 * The next task: every promise callback that an answer set off (the machine's transition, the next
 * send) has run by then. No time passes; the sends here answer only when the test says so.
 */
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the error reporter', () => {
  const reporters: { stop: () => void }[] = [];
  afterEach(() => {
    for (const r of reporters.splice(0)) r.stop();
    window.location.hash = '';
  });

  it('§8: sends one report at a time, in order', async () => {
    const c = controlledSend();
    const reporter = createErrorReporter(c.send);
    reporters.push(reporter);
    reporter.report(new Error('first'));
    reporter.report(new Error('second'));
    reporter.report('third');
    expect(c.sent.map((r) => r.message)).toEqual(['Error: first']);
    c.next().resolve();
    await tick();
    expect(c.sent.map((r) => r.message)).toEqual(['Error: first', 'Error: second']);
    // A failed send does not stop the others, and is not sent again.
    c.next().reject(new Error('offline'));
    await tick();
    expect(c.sent.map((r) => r.message)).toEqual(['Error: first', 'Error: second', 'third']);
    c.next().resolve();
    await tick();
    expect(c.mostInFlight()).toBe(1);
    expect(c.waiting()).toBe(0);
  });

  it('§8: sends at most 4 reports per page load, however many errors come', async () => {
    const c = controlledSend();
    const reporter = createErrorReporter(c.send);
    reporters.push(reporter);
    for (let i = 1; i <= 10; i++) reporter.report(new Error(`number ${i}`));
    for (let i = 0; i < 4; i++) {
      c.next().resolve();
      await tick();
    }
    reporter.report(new Error('number 11'));
    await tick();
    expect(c.sent.map((r) => r.message)).toEqual([
      'Error: number 1',
      'Error: number 2',
      'Error: number 3',
      'Error: number 4',
    ]);
    expect(c.mostInFlight()).toBe(1);
    expect(c.waiting()).toBe(0);
  });

  it("reports the window's uncaught errors and unhandled rejections, with the route", async () => {
    window.location.hash = '#/checkout';
    const c = controlledSend();
    const reporter = createErrorReporter(c.send);
    reporters.push(reporter);
    const stopListening = reporter.listen(window);
    const boom = new TypeError('x is undefined');
    window.dispatchEvent(new ErrorEvent('error', { error: boom, message: boom.message }));
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: { code: 'ERROR.NETWORK' } }));
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'Script error.', filename: 'https://cdn.example/x.js', lineno: 3, colno: 7 }),
    );
    c.next().resolve();
    await tick();
    c.next().resolve();
    await tick();
    expect(c.sent[0]).toEqual({ message: 'TypeError: x is undefined', stack: boom.stack, url: '#/checkout' });
    expect(c.sent[1]).toEqual({ message: '{"code":"ERROR.NETWORK"}', url: '#/checkout' });
    expect(c.sent[2]).toEqual({ message: 'Script error. (https://cdn.example/x.js:3:7)', url: '#/checkout' });
    stopListening();
    // Another listener, so the test runner does not take the event for an error of the test itself.
    const other = vi.fn();
    window.addEventListener('error', other);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('after') }));
    window.removeEventListener('error', other);
    expect(other).toHaveBeenCalledTimes(1);
    c.next().resolve();
    await tick();
    expect(c.sent).toHaveLength(3);
  });

  it('never throws: not when sending fails at once, not for an error that throws, not after stopping', async () => {
    const reporter = createErrorReporter(() => {
      throw new Error('send broke');
    });
    reporters.push(reporter);
    const hostile = {
      get message(): string {
        throw new Error('no message');
      },
      toJSON() {
        throw new Error('no JSON');
      },
      toString() {
        throw new Error('no string');
      },
    };
    expect(() => reporter.report(hostile)).not.toThrow();
    expect(() => reporter.report(null)).not.toThrow();
    await tick();
    reporter.stop();
    expect(() => reporter.report(new Error('late'))).not.toThrow();
  });

  it('describes any thrown value as a report the server accepts', () => {
    expect(describeError(new RangeError('too far'), undefined, '#/x')).toMatchObject({
      message: 'RangeError: too far',
      url: '#/x',
    });
    expect(describeError('', undefined, '')).toEqual({ message: 'Unknown error' });
    expect(describeError(undefined, undefined, '')).toEqual({ message: 'undefined' });
    expect(describeError({}, undefined, '')).toEqual({ message: '[object Object]' });
    expect(describeError('x', '\n    at Broken (page.tsx:3)', '#/')).toEqual({
      message: 'x',
      stack: 'at Broken (page.tsx:3)',
      url: '#/',
    });
    const long = describeError('m'.repeat(3000), 's'.repeat(9000), 'u'.repeat(2500));
    expect([long.message.length, long.stack?.length, long.url?.length]).toEqual([2000, 8000, 2000]);
  });
});

describe('the error reporter over HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer();
  });
  afterAll(async () => {
    await h.close();
  });

  it('§7/§8: POSTs the first 4 of 6 errors to /development/log_js_error, one request at a time', async () => {
    const api = createApiClient({ baseUrl: 'http://localhost/', fetch: h.fetch });
    api.setCsrfToken((await api.get<StateAllResponse>('/state/all')).csrf_token);
    let inFlight = 0;
    let mostInFlight = 0;
    let accepted = 0;
    const reporter = createErrorReporter(async (report) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        await sendErrorReport(api, report);
        accepted += 1;
      } finally {
        inFlight -= 1;
      }
    });
    for (let i = 1; i <= 6; i++) reporter.report(new Error(`report ${i}`));
    // The fourth answered and nothing under way: a fifth would have started as that answer landed.
    await waitFor(() => expect([accepted, inFlight]).toEqual([4, 0]));
    await tick();
    expect(inFlight).toBe(0);
    reporter.stop();
    expect(h.requests.filter((r) => r.url === '/development/log_js_error')).toHaveLength(4);
    expect(mostInFlight).toBe(1);
    // The server stored each (204).
    expect(accepted).toBe(4);
    const bodies = h.requests
      .filter((r) => r.url === '/development/log_js_error')
      .map((r) => (JSON.parse(r.body) as LogJsErrorRequest).message);
    expect(bodies).toEqual(['Error: report 1', 'Error: report 2', 'Error: report 3', 'Error: report 4']);
  });

  it('§7/§8: a report made before the form state has answered waits for the session, then is taken', async () => {
    const api = createApiClient({ baseUrl: 'http://localhost/', fetch: h.fetch });
    const before = h.requests.filter((r) => r.url === '/development/log_js_error').length;
    const sent = sendErrorReport(api, { message: 'Error: early' });
    await tick();
    expect(h.requests.filter((r) => r.url === '/development/log_js_error')).toHaveLength(before);
    api.setCsrfToken((await api.get<StateAllResponse>('/state/all')).csrf_token);
    await expect(sent).resolves.toBeUndefined();
    expect(h.requests.filter((r) => r.url === '/development/log_js_error')).toHaveLength(before + 1);
  });
});

describe('the error boundary', () => {
  function Broken(): never {
    throw new Error('render failed');
  }

  function renderBroken(lang: 'en' | 'es', onError: (error: unknown, stack?: string) => void) {
    const i18n = createI18n(lang);
    return render(
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary onError={onError}>
          <Broken />
        </ErrorBoundary>
      </I18nextProvider>,
    );
  }

  it('§8: shows the unexpected-error page with focus on its heading, a way back, and reports the error', () => {
    // React logs the error it caught; the test has seen it.
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    renderBroken('en', onError);
    const heading = screen.getByRole('heading', { level: 1, name: en.ERROR.HEADING });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('alert')).toHaveProperty('textContent', en.ERROR.UNEXPECTED);
    expect(screen.getByRole('link', { name: en.ERROR_PAGE.BACK_TO_START }).getAttribute('href')).toBe('./');
    expect(document.title).toBe(`${en.ERROR_PAGE.TITLE} - ${en.LAYOUT.SITE_NAME}`);
    expect(onError).toHaveBeenCalledTimes(1);
    const [error, componentStack] = onError.mock.calls[0] as [Error, string];
    expect(error.message).toBe('render failed');
    expect(componentStack).toContain('Broken');
    log.mockRestore();
  });

  it('speaks Spanish, and shows the page even when reporting fails', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBroken('es', () => {
      throw new Error('reporter broke');
    });
    expect(screen.getByRole('heading', { level: 1, name: es.ERROR.HEADING })).toBeTruthy();
    expect(screen.getByRole('link', { name: es.ERROR_PAGE.BACK_TO_START })).toBeTruthy();
    log.mockRestore();
  });
});
