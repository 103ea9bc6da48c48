// phoneVerification (§4 phone verification: unverified, attempted, error, by text or call; §5
// international numbers; §8 VERIFY_TOO_MANY): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { VERIFY_TOO_MANY } from '../../contract/phone-verification.ts';
import type { CallFailure } from '../../machines/actors.types.ts';
import {
  type PhoneVerificationEvent,
  type PhoneVerificationInput,
  CALL_FAILED,
  isCodeSent,
  phoneVerificationMachine,
  sendRefusal,
} from '../../machines/phone-verification.machine.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import {
  CODE_CONFIRMED as VERIFIED,
  CODE_SENT as SENT,
  CODE_WRONG as WRONG,
  INTERNATIONAL_FAILURE as INTERNATIONAL,
  NETWORK_FAILURE,
  NO_CALL_PLACED_ANSWER as NO_CALL,
  TOO_MANY_SENDS,
  TOO_MANY_TRIES,
} from '../../fixtures/samples.ts';
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
  start,
  withParent,
} from './harness.ts';

type Snapshot = SnapshotFrom<typeof phoneVerificationMachine>;

const COUSIN: PhoneVerificationInput = { ani: '5125550103', country: 'US', label: 'Cousin' };
const AUNT: PhoneVerificationInput = { ani: '4165550106', country: 'CA', label: 'Aunt (Toronto)' };

const CODE_REFUSED = {
  status: 400,
  code: 'ERROR.UNEXPECTED',
  errors: { code: 'VALIDATION.KEEP_TYPING' },
} as CallFailure;

const samples = {
  'phone.send': [
    { type: 'phone.send', channel: 'sms' },
    { type: 'phone.send', channel: 'call' },
  ],
  // The form sends well-formed codes only (its schema, tests/ui/phone-verification-modal.test.tsx).
  'phone.code.submit': [
    { type: 'phone.code.submit', values: { code: '123 456' } },
    { type: 'phone.code.submit', values: { code: '654321' } },
  ],
  'phone.resend': [{ type: 'phone.resend' }],
  'phone.retry': [{ type: 'phone.retry' }],
} satisfies EventSamples<PhoneVerificationEvent>;

function build(calls: FakeCalls) {
  // In the site the page machine is the parent; in the model there is none to tell.
  return provideMachine(phoneVerificationMachine, calls.all()).provide({ actions: { tellParentVerified: () => {} } });
}

const spec: ModelSpec<Snapshot> = {
  build,
  input: COUSIN,
  samples: () => allSamples(samples),
  answers: {
    sendVerificationCode: () => [SENT, NO_CALL, TOO_MANY_SENDS],
    confirmPhoneCode: () => [VERIFIED, WRONG, TOO_MANY_TRIES],
  },
  failures: {
    sendVerificationCode: [NETWORK_FAILURE, INTERNATIONAL],
    confirmPhoneCode: [NETWORK_FAILURE, CODE_REFUSED, INTERNATIONAL],
  },
  project: ({ context: c }) => [c.channel, c.sent?.code ?? null, c.codeError, c.failure],
  limit: 20_000,
};

describe('phoneVerification: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(10);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('phoneVerification: behaviour', () => {
  function opened(input: PhoneVerificationInput = COUSIN) {
    const calls = new FakeCalls();
    const t = withParent(provideMachine(phoneVerificationMachine, calls.all()), input);
    return { calls, ...t, snap: () => t.child.getSnapshot() as Snapshot };
  }

  it('§4: a text goes to attempted; the right code ends in verified and tells the parent', async () => {
    const t = opened();
    expect(t.snap().value).toBe('unverified');
    t.child.send({ type: 'phone.send', channel: 'sms' });
    expect(t.snap().value).toBe('sending');
    expect(t.calls.inputs('sendVerificationCode')).toEqual([{ ani: '5125550103', channel: 'sms' }]);
    t.calls.resolve('sendVerificationCode', SENT);
    await settle();
    expect(t.snap().value).toBe('attempted');
    t.child.send({ type: 'phone.code.submit', values: { code: '012 345' } });
    expect(t.snap().value).toBe('checking');
    // Spaces are dropped before the code is sent.
    expect(t.calls.inputs('confirmPhoneCode')).toEqual([{ ani: '5125550103', code: '012345' }]);
    t.calls.resolve('confirmPhoneCode', VERIFIED);
    await settle();
    expect(t.snap().status).toBe('done');
    expect(t.received).toContainEqual({ type: 'phone.verified', ani: '5125550103' });
  });

  it('§4: a call also needs a validate_code other than -1', async () => {
    expect(isCodeSent(SENT, 'call')).toBe(true);
    expect(isCodeSent(NO_CALL, 'call')).toBe(false);
    expect(isCodeSent(NO_CALL, 'sms')).toBe(true);
    expect(isCodeSent(TOO_MANY_SENDS, 'sms')).toBe(false);
    const t = opened();
    t.child.send({ type: 'phone.send', channel: 'call' });
    expect(t.calls.inputs('sendVerificationCode')).toEqual([{ ani: '5125550103', channel: 'call' }]);
    t.calls.resolve('sendVerificationCode', NO_CALL);
    await settle();
    expect(t.snap().value).toBe('error');
    expect(t.snap().context.failure).toBe(CALL_FAILED);
    t.child.send({ type: 'phone.retry' });
    expect(t.snap().value).toBe('unverified');
    expect(t.snap().context.failure).toBeNull();
  });

  it('§4/§8: a refused send shows VERIFY_TOO_MANY unless the server names another reason', async () => {
    expect(sendRefusal(TOO_MANY_SENDS)).toBe(VERIFY_TOO_MANY);
    expect(sendRefusal({ success: false, validate_code: -1, errors: {} })).toBe(VERIFY_TOO_MANY);
    expect(sendRefusal({ success: false, validate_code: -1, errors: { form: 'ERROR.PHONE_ALREADY_VERIFIED' } })).toBe(
      'ERROR.PHONE_ALREADY_VERIFIED',
    );
    const t = opened();
    t.child.send({ type: 'phone.send', channel: 'sms' });
    t.calls.resolve('sendVerificationCode', TOO_MANY_SENDS);
    await settle();
    expect(t.snap().value).toBe('error');
    expect(t.snap().context.failure).toBe(VERIFY_TOO_MANY);
  });

  it('a wrong code keeps what was sent, with the message; a failed check keeps it too', async () => {
    const t = opened();
    t.child.send({ type: 'phone.send', channel: 'sms' });
    t.calls.resolve('sendVerificationCode', SENT);
    await settle();
    t.child.send({ type: 'phone.code.submit', values: { code: '123456' } });
    expect(t.snap().value).toBe('checking');
    t.calls.resolve('confirmPhoneCode', WRONG);
    await settle();
    expect(t.snap().value).toBe('attempted');
    expect(t.snap().context.codeError).toBe('ERROR.VERIFY_CODE_WRONG');
    // The form opens with it again if the modal's code entry is drawn afresh.
    expect(t.snap().context.sent).toEqual({ code: '123456' });
    // A network failure keeps the code too, to send it again.
    t.child.send({ type: 'phone.code.submit', values: { code: '123456' } });
    expect(t.snap().context.codeError).toBeNull();
    t.calls.reject('confirmPhoneCode', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toBe('attempted');
    expect(t.snap().context.failure).toBe('ERROR.NETWORK');
    expect(t.snap().context.sent).toEqual({ code: '123456' });
    expect(t.received).toEqual([]);
  });

  it('a 400 about the code goes back to code entry with its message', async () => {
    const t = opened();
    t.child.send({ type: 'phone.send', channel: 'sms' });
    t.calls.resolve('sendVerificationCode', SENT);
    await settle();
    t.child.send({ type: 'phone.code.submit', values: { code: '123456' } });
    t.calls.reject('confirmPhoneCode', CODE_REFUSED);
    await settle();
    expect(t.snap().value).toBe('attempted');
    expect(t.snap().context.codeError).toBe('VALIDATION.KEEP_TYPING');
  });

  it('§8: too many wrong codes go to error; retry starts again with a new code', async () => {
    const t = opened();
    t.child.send({ type: 'phone.send', channel: 'sms' });
    t.calls.resolve('sendVerificationCode', SENT);
    await settle();
    t.child.send({ type: 'phone.code.submit', values: { code: '123456' } });
    t.calls.resolve('confirmPhoneCode', TOO_MANY_TRIES);
    await settle();
    expect(t.snap().value).toBe('error');
    expect(t.snap().context.failure).toBe(VERIFY_TOO_MANY);
    t.child.send({ type: 'phone.retry' });
    t.child.send({ type: 'phone.send', channel: 'call' });
    t.calls.resolve('sendVerificationCode', SENT);
    await settle();
    expect(t.snap().value).toBe('attempted');
    // A new code: the one typed before is cleared.
    expect(t.snap().context.sent).toBeNull();
  });

  it('another code may be asked for from code entry; the one sent before no longer counts', async () => {
    const t = opened();
    t.child.send({ type: 'phone.send', channel: 'sms' });
    t.calls.resolve('sendVerificationCode', SENT);
    await settle();
    t.child.send({ type: 'phone.code.submit', values: { code: '123456' } });
    t.calls.resolve('confirmPhoneCode', WRONG);
    await settle();
    t.child.send({ type: 'phone.resend' });
    expect(t.snap().value).toBe('unverified');
    expect(t.snap().context).toMatchObject({ sent: null, codeError: null, failure: null });
  });

  it('§5: an international number cannot be verified, whatever the page thought', async () => {
    const t = opened(AUNT);
    expect(t.snap().value).toBe('international');
    expect(t.snap().can({ type: 'phone.send', channel: 'sms' })).toBe(false);
    const us = opened();
    us.child.send({ type: 'phone.send', channel: 'sms' });
    us.calls.reject('sendVerificationCode', INTERNATIONAL);
    await settle();
    expect(us.snap().value).toBe('international');
  });

  it('starts afresh for every actor: nothing carries over', async () => {
    const calls = new FakeCalls();
    const machine = provideMachine(phoneVerificationMachine, calls.all());
    const first = start(machine, COUSIN);
    first.send({ type: 'phone.send', channel: 'sms' });
    calls.reject('sendVerificationCode', NETWORK_FAILURE);
    await settle();
    expect(first.getSnapshot().value).toBe('error');
    first.stop();
    const second = start(machine, COUSIN);
    expect(second.getSnapshot().value).toBe('unverified');
    expect(second.getSnapshot().context).toMatchObject({ channel: null, sent: null, failure: null, codeError: null });
    second.stop();
  });
});

describe('phoneVerification: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(phoneVerificationMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
