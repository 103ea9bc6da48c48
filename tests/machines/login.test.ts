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

const samples = {
  'login.change': [
    { type: 'login.change', fields: { email: 'ana@example.com', password: 'sandbox-pass-1' } },
    { type: 'login.change', fields: { email: 'not-an-email' } },
  ],
  'login.submit': [{ type: 'login.submit' }],
  'register.change': [
    { type: 'register.change', fields: GOOD_REGISTER },
    { type: 'register.change', fields: { pin_again: '654321' } },
  ],
  'register.submit': [{ type: 'register.submit' }],
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
    c.signIn.email,
    c.signIn.password !== '',
    c.register.pin_again,
    c.register.email,
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

  it('checks the fields before calling the server (§5), then tells the app once signed in', async () => {
    const t = run();
    t.child.send({ type: 'login.submit' });
    expect(t.snap().context.errors).toEqual({ email: 'VALIDATION.REQUIRED', password: 'VALIDATION.REQUIRED' });
    expect(t.calls.inputs('signIn')).toEqual([]);
    t.child.send({ type: 'login.change', fields: { email: 'ana@example.com', password: 'sandbox-pass-1' } });
    expect(t.snap().context.errors).toEqual({});
    t.child.send({ type: 'login.submit' });
    expect(t.calls.inputs('signIn')).toEqual([{ email: 'ana@example.com', password: 'sandbox-pass-1' }]);
    t.calls.resolve('signIn', SIGNED_IN_ANSWER);
    await settle();
    expect(t.received).toContainEqual({ type: 'app.signedIn' });
  });

  it('§8: one message for an unknown user and a wrong password; the email stays, the password is emptied', async () => {
    const t = run();
    t.child.send({ type: 'login.change', fields: { email: 'ana@example.com', password: 'nope-nope' } });
    t.child.send({ type: 'login.submit' });
    t.calls.reject('signIn', WRONG);
    await settle();
    expect(t.snap().value).toEqual({ signIn: 'editing' });
    expect(t.snap().context.failure).toBe('ERROR.ERROR_LOGIN_CREDENTIALS');
    expect(t.snap().context.signIn).toEqual({ email: 'ana@example.com', password: '' });
    expect(t.received).not.toContainEqual({ type: 'app.signedIn' });
  });

  it('§5: create an account: password at least 6 and confirmed, PIN exactly 6 digits and confirmed', async () => {
    const t = run({ mode: 'register' });
    expect(t.snap().value).toEqual({ register: 'editing' });
    t.child.send({
      type: 'register.change',
      fields: { ...GOOD_REGISTER, password: 'abc', pin: '12a456', pin_again: '1' },
    });
    t.child.send({ type: 'register.submit' });
    expect(t.snap().context.errors).toMatchObject({
      password: 'VALIDATION.KEEP_TYPING',
      password_again: 'VALIDATION.DOES_NOT_MATCH',
      pin: 'VALIDATION.MUST_BE_NUMERIC',
      pin_again: 'VALIDATION.DOES_NOT_MATCH',
    });
    t.child.send({ type: 'register.change', fields: GOOD_REGISTER });
    t.child.send({ type: 'register.submit' });
    expect(t.calls.inputs('register')).toEqual([GOOD_REGISTER]);
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
