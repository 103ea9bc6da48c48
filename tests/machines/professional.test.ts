// professional and professionalResult (§2 /account/professional_verification and its result page; §4
// result; §5 Professional form; §6 sso token; §8 outcomes): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { EMPTY_FORM } from '../../contract/entities.ts';
import {
  NETWORK_FAILURE,
  PROFESSIONAL_FACILITIES,
  PROFESSIONAL_FIELDS,
  SSO_TOKEN,
  TOKEN_REFUSED_FAILURE,
  TRAVIS,
  pageInput,
  professionalAnswer,
} from '../../fixtures/samples.ts';
import type { CallFailure } from '../../machines/actors.types.ts';
import { professionalResultMachine } from '../../machines/professional-result.machine.ts';
import { type ProfessionalEvent, professionalMachine, resultPath } from '../../machines/professional.machine.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
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

type Snapshot = SnapshotFrom<typeof professionalMachine>;

/** What a page told the app (the parent also hears that the page stopped). */
const told = (events: readonly EventObject[]) => events.filter((e) => e.type.startsWith('app.'));

const BAD_FIELD: CallFailure = {
  status: 400,
  code: 'ERROR.UNEXPECTED',
  // The request's own fields are not form-state fields: FieldErrors does not name them.
  errors: { barNumber: 'VALIDATION.INVALID_ENTRY' } as CallFailure['errors'],
};
const SERVER_ERROR: CallFailure = { status: 500, code: 'ERROR.UNEXPECTED', errors: { form: 'ERROR.UNEXPECTED' } };
const CONFLICT: CallFailure = { status: 409, code: 'ERROR.UNEXPECTED', errors: {} };
const NEW_TOKEN = { ...SSO_TOKEN, sso_token: 'renewed.token.value' };
const input = pageInput('professional_verification', { signedIn: true });
const withToken = pageInput('professional_verification', {
  signedIn: true,
  fields: { ...EMPTY_FORM, sso_token: 'from.form.state', email: 'ana@example.com' },
});

/** The form's values, valid (the form checks them: tests/ui/professional-page.test.tsx). */
const samples = {
  'professional.submit': [{ type: 'professional.submit', values: PROFESSIONAL_FIELDS }],
  'professional.retry': [{ type: 'professional.retry' }],
} satisfies EventSamples<ProfessionalEvent>;

function build(calls: FakeCalls) {
  // The app is the parent in the site; in the model there is none to tell.
  return provideMachine(professionalMachine, calls.all()).provide({ actions: { tellAppResult: () => {} } });
}

const spec: ModelSpec<Snapshot> = {
  build,
  input,
  samples: () => allSamples(samples),
  answers: {
    loadProfessionalFacilities: () => [PROFESSIONAL_FACILITIES],
    loadSsoToken: () => [SSO_TOKEN],
    renewSsoToken: () => [NEW_TOKEN],
    saveProfessionalRequest: () => [
      professionalAnswer('PENDING'),
      professionalAnswer('EXISTED'),
      professionalAnswer('FAILED'),
    ],
  },
  failures: {
    loadProfessionalFacilities: [NETWORK_FAILURE],
    loadSsoToken: [NETWORK_FAILURE],
    renewSsoToken: [NETWORK_FAILURE],
    saveProfessionalRequest: [TOKEN_REFUSED_FAILURE, BAD_FIELD, SERVER_ERROR, CONFLICT, NETWORK_FAILURE],
  },
  project: ({ context: c }) => [
    c.facilities.length > 0,
    c.token !== '',
    c.sent?.facilityId,
    Object.keys(c.errors).sort().join(),
    c.failure,
    c.renewed,
    c.result?.status,
  ],
};

describe('professional: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(10);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('professional: behaviour', () => {
  /** The page under a parent that records what it tells the app. */
  async function opened(pageInput = input) {
    const calls = new FakeCalls();
    const run = withParent(provideMachine(professionalMachine, calls.all()), pageInput);
    const snap = () => run.child.getSnapshot() as Snapshot;
    const send = (e: ProfessionalEvent) => run.child.send(e);
    return { calls, ...run, snap, send };
  }

  async function editing(pageInput = input) {
    const t = await opened(pageInput);
    t.calls.resolve('loadProfessionalFacilities', PROFESSIONAL_FACILITIES);
    if (t.calls.isPending('loadSsoToken')) t.calls.resolve('loadSsoToken', SSO_TOKEN);
    await settle();
    expect(t.snap().value).toBe('editing');
    return t;
  }

  it('§6: loads the facilities and, with no token in the form state, the token, together', async () => {
    const t = await opened();
    expect(t.calls.isPending('loadProfessionalFacilities')).toBe(true);
    expect(t.calls.isPending('loadSsoToken')).toBe(true);
    t.calls.resolve('loadSsoToken', SSO_TOKEN);
    await settle();
    expect(t.snap().matches('loading')).toBe(true);
    t.calls.resolve('loadProfessionalFacilities', PROFESSIONAL_FACILITIES);
    await settle();
    expect(t.snap().value).toBe('editing');
    expect(t.snap().context.token).toBe(SSO_TOKEN.sso_token);
    expect(t.snap().context.facilities).toEqual(PROFESSIONAL_FACILITIES);
  });

  it('§6: takes the token from the form state without asking for one', async () => {
    const t = await editing(withToken);
    expect(t.calls.inputs('loadSsoToken')).toEqual([]);
    t.send({ type: 'professional.submit', values: PROFESSIONAL_FIELDS });
    expect(t.calls.inputs('saveProfessionalRequest')).toEqual([
      {
        facilityId: 1001,
        barNumber: 'TX-24012345',
        issueState: 'TX',
        issueDate: '2015-06-01',
        businessPhone: '(512) 555-0140',
        phoneEx: '12',
        jwtToken: 'from.form.state',
      },
    ]);
  });

  it.each([
    ['PENDING', 'SUCCESS'],
    ['EXISTED', 'EXISTED'],
    ['FAILED', 'FAILED'],
  ] as const)('§4: an answer %s sends the app to the %s result page', async (status, result) => {
    const t = await editing();
    t.send({ type: 'professional.submit', values: PROFESSIONAL_FIELDS });
    expect(t.snap().value).toBe('submitting');
    t.calls.resolve('saveProfessionalRequest', professionalAnswer(status));
    await settle();
    expect(told(t.received)).toEqual([
      { type: 'app.go', path: `/account/professional_verification_resp/${result}/Harris%20County%20Jail` },
    ]);
  });

  it('§4: an error status maps to EXISTED (409) or FAILED (5xx), named by the chosen facility', async () => {
    for (const [failure, result] of [
      [CONFLICT, 'EXISTED'],
      [SERVER_ERROR, 'FAILED'],
    ] as const) {
      const t = await editing();
      t.send({ type: 'professional.submit', values: { ...PROFESSIONAL_FIELDS, facilityId: String(TRAVIS.id) } });
      t.calls.reject('saveProfessionalRequest', failure);
      await settle();
      expect(told(t.received)).toEqual([{ type: 'app.go', path: resultPath(result, TRAVIS.label) }]);
    }
  });

  it('§6: a refused token is renewed once and the same request sent again', async () => {
    const t = await editing();
    t.send({ type: 'professional.submit', values: PROFESSIONAL_FIELDS });
    t.calls.reject('saveProfessionalRequest', TOKEN_REFUSED_FAILURE);
    await settle();
    expect(t.snap().value).toBe('renewingToken');
    t.calls.resolve('renewSsoToken', NEW_TOKEN);
    await settle();
    expect(t.snap().value).toBe('submitting');
    const sent = t.calls.inputs('saveProfessionalRequest') as { jwtToken: string }[];
    expect(sent.map((r) => r.jwtToken)).toEqual([SSO_TOKEN.sso_token, NEW_TOKEN.sso_token]);
    // Refused again: the payer sees why, with everything entered kept.
    t.calls.reject('saveProfessionalRequest', TOKEN_REFUSED_FAILURE);
    await settle();
    expect(t.snap().value).toBe('editing');
    expect(t.snap().context.failure).toBe('PROFESSIONAL.TOKEN_REFUSED');
    expect(t.snap().context.sent).toEqual(PROFESSIONAL_FIELDS);
    expect(told(t.received)).toEqual([]);
    // A new submit may renew once more.
    t.send({ type: 'professional.submit', values: PROFESSIONAL_FIELDS });
    t.calls.reject('saveProfessionalRequest', TOKEN_REFUSED_FAILURE);
    await settle();
    expect(t.snap().value).toBe('renewingToken');
  });

  it("shows the server's field errors, and a failed call's message, keeping what was entered", async () => {
    const t = await editing();
    t.send({ type: 'professional.submit', values: PROFESSIONAL_FIELDS });
    t.calls.reject('saveProfessionalRequest', BAD_FIELD);
    await settle();
    expect(t.snap().value).toBe('editing');
    expect(t.snap().context.errors).toEqual({ barNumber: 'VALIDATION.INVALID_ENTRY' });
    t.send({ type: 'professional.submit', values: { ...PROFESSIONAL_FIELDS, barNumber: 'TX-24012346' } });
    expect(t.snap().context.errors).toEqual({});
    t.calls.reject('saveProfessionalRequest', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toBe('editing');
    expect(t.snap().context.failure).toBe('ERROR.NETWORK');
    expect(t.snap().context.sent).toEqual({ ...PROFESSIONAL_FIELDS, barNumber: 'TX-24012346' });
  });

  it('a failed load offers a retry, which keeps a token already fetched', async () => {
    const t = await opened();
    t.calls.resolve('loadSsoToken', SSO_TOKEN);
    await settle();
    t.calls.reject('loadProfessionalFacilities', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.failure).toBe('ERROR.NETWORK');
    t.send({ type: 'professional.retry' });
    expect(t.snap().context.failure).toBeNull();
    expect(t.calls.isPending('loadSsoToken')).toBe(false);
    t.calls.resolve('loadProfessionalFacilities', PROFESSIONAL_FACILITIES);
    await settle();
    expect(t.snap().value).toBe('editing');
    expect(t.calls.inputs('loadSsoToken')).toHaveLength(1);
  });
});

describe('professionalResult', () => {
  const resultInput = (requestStatus: string, email = 'ben@example.com') =>
    pageInput('professional_verification_resp', {
      signedIn: true,
      params: { requestStatus, facilityName: 'Harris County Jail' },
      fields: { ...EMPTY_FORM, email },
    });

  it.each([
    ['SUCCESS', 'SUCCESS'],
    ['EXISTED', 'EXISTED'],
    ['FAILED', 'FAILED'],
    ['existed', 'EXISTED'],
  ])('shows %s as %s, with the facility and the email', (requestStatus, status) => {
    const run = withParent(professionalResultMachine, resultInput(requestStatus));
    expect(run.child.getSnapshot().value).toBe('shown');
    expect(run.child.getSnapshot().context).toEqual({
      status,
      facilityName: 'Harris County Jail',
      email: 'ben@example.com',
    });
    expect(told(run.received)).toEqual([]);
    run.actor.stop();
  });

  it('sends the app back to the form for a status that is no result', () => {
    const run = withParent(professionalResultMachine, resultInput('PENDING'));
    expect(told(run.received)).toEqual([{ type: 'app.go', path: '/account/professional_verification' }]);
  });
});

describe('professional: coverage', () => {
  it('reached every state node and took every transition', () => {
    for (const machine of [professionalMachine, professionalResultMachine]) {
      const report = coverage.report(machine);
      console.info(formatReport(report));
      expect(report.missingStates).toEqual([]);
      expect(report.missingTransitions).toEqual([]);
    }
  });
});
