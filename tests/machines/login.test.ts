// login (§2 login.welcome, §5 create account, §8 login errors): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type LoginEvent, loginMachine, messageOfQuery } from '../../machines/login.machine.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { NETWORK_FAILURE, SIGNED_IN_ANSWER, pageInput } from '../../fixtures/samples.ts';
import type { CallFailure } from '../../machines/actors.types.ts';
import {
  type EventSamples,
  type ModelSpec,
  FakeCalls,
  allSamples,
  coverage,
  describePath,
  formatReport,
  modelPaths,
  replayPath,
  settle,
  withParent,
} from './harness.ts';

type Snapshot = SnapshotFrom<typeof loginMachine>;

const WRONG: CallFailure = {
  status: 400,
  code: 'ERROR.ERROR_LOGIN_CREDENTIALS',
  errors: { form: 'ERROR.ERROR_LOGIN_CREDENTIALS' },
};
const LOCKED: CallFailure = { status: 429, code: 'ERROR.ERROR_LOGIN', errors: { form: 'ERROR.ERROR_LOGIN' } };
const EXISTS: CallFailure = { status: 409, code: 'ERROR.ACCOUNT_EXISTS', errors: { form: 'ERROR.ACCOUNT_EXISTS' } };
const BAD_FIELD: CallFailure = { status: 400, code: 'ERROR.UNEXPECTED', errors: { email: 'VALIDATION.INVALID_EMAIL' } };

const GOOD_REGISTER = {
  email: 'new@example.com',
  first_name: 'Rosa',
  last_name: 'Diaz',
  password: 'secret1',
  password_again: 'secret1',
  pin: '123456',
  pin_again: '123456',
};

const ANA = { email: 'ana@example.com', password: 'sandbox-pass-1' };

// The form checks the fields (tests/ui/login-page.test.tsx); the machine gets what it sends.
const samples = {
  'login.submit': [
    { type: 'login.submit', values: ANA },
    { type: 'login.submit', values: { email: 'ana@example.com', password: 'nope-nope' } },
  ],
  'register.submit': [
    { type: 'register.submit', values: GOOD_REGISTER },
    { type: 'register.submit', values: { ...GOOD_REGISTER, email: 'ana@example.com' } },
  ],
  'login.mode': [
    { type: 'login.mode', mode: 'register' },
    { type: 'login.mode', mode: 'signIn' },
  ],
} satisfies EventSamples<LoginEvent>;

function build(calls: FakeCalls) {
  // The app is the parent in the site; in the model there is none to tell.
  return provideMachine(loginMachine, calls.all()).provide({ actions: { tellAppSignedIn: () => {} } });
}

const spec: ModelSpec<Snapshot> = {
  build,
  input: pageInput('login'),
  samples: () => allSamples(samples),
  answers: { signIn: () => [SIGNED_IN_ANSWER], register: () => [SIGNED_IN_ANSWER] },
  failures: { signIn: [WRONG, LOCKED, NETWORK_FAILURE], register: [EXISTS, BAD_FIELD] },
  project: ({ context: c }) => [
    c.mode,
    c.signIn?.email,
    c.signIn?.password !== '',
    c.register?.email,
    c.failure,
    Object.keys(c.errors).sort().join(),
    c.showErrors,
  ],
  limit: 5000,
};

describe('login: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThan(10);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('login: behaviour', () => {
  function run(query: Record<string, string> = {}) {
    const calls = new FakeCalls();
    const t = withParent(provideMachine(loginMachine, calls.all()), pageInput('login', { query }));
    const snap = () => t.child.getSnapshot() as Snapshot;
    return { calls, ...t, snap };
  }

  it('sends what the form checked, then tells the app once signed in', async () => {
    const t = run();
    t.child.send({ type: 'login.submit', values: ANA });
    expect(t.snap().hasTag('busy')).toBe(true);
    expect(t.calls.inputs('signIn')).toEqual([ANA]);
    t.calls.resolve('signIn', SIGNED_IN_ANSWER);
    await settle();
    expect(t.received).toContainEqual({ type: 'app.signedIn' });
  });

  it('§8: one message for an unknown user and a wrong password; the email stays, the password is emptied', async () => {
    const t = run();
    t.child.send({ type: 'login.submit', values: { email: 'ana@example.com', password: 'nope-nope' } });
    t.calls.reject('signIn', WRONG);
    await settle();
    expect(t.snap().value).toEqual({ signIn: 'editing' });
    expect(t.snap().context.failure).toBe('ERROR.ERROR_LOGIN_CREDENTIALS');
    expect(t.snap().context.signIn).toEqual({ email: 'ana@example.com', password: '' });
    expect(t.received).not.toContainEqual({ type: 'app.signedIn' });
  });

  it('a field the server refuses is its error; a new submit clears the answer', async () => {
    const t = run({ mode: 'register' });
    expect(t.snap().value).toEqual({ register: 'editing' });
    t.child.send({ type: 'register.submit', values: GOOD_REGISTER });
    expect(t.calls.inputs('register')).toEqual([GOOD_REGISTER]);
    t.calls.reject('register', BAD_FIELD);
    await settle();
    expect(t.snap().context).toMatchObject({ errors: { email: 'VALIDATION.INVALID_EMAIL' }, failure: null });
    t.child.send({ type: 'register.submit', values: GOOD_REGISTER });
    expect(t.snap().context).toMatchObject({ errors: {}, showErrors: false });
    t.calls.resolve('register', SIGNED_IN_ANSWER);
    await settle();
    expect(t.received).toContainEqual({ type: 'app.signedIn' });
  });

  it('?errorMsg shows a known §8 message and ignores anything else', () => {
    expect(run({ errorMsg: 'token_expired' }).snap().context.failure).toBe('ERROR.TOKEN_EXPIRED');
    expect(run({ errorMsg: '<script>' }).snap().context.failure).toBeNull();
    expect(messageOfQuery('ERROR_LOGIN')).toBe('ERROR.ERROR_LOGIN');
  });
});

describe('login: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(loginMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
