// A flow as a file (src/inspector/flow.ts): a recorded guest deposit (fixtures/flows/guest-deposit.json,
// recorded by tests/e2e/inspector.spec.ts with RECORD_FLOW=1) replayed into a fresh app whose calls never
// go out reaches the receipt, state for state as recorded; and a recording masks the card.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { appReplayMachine } from '../../src/inspector/app-replay.ts';
import { createRecorder, parseFlow, replayFlow, settledStep, type Flow } from '../../src/inspector/flow.ts';
import { MASK } from '../../src/inspector/inspector-model.ts';

function recordedDeposit(): Flow {
  const flow = parseFlow(readFileSync('fixtures/flows/guest-deposit.json', 'utf8'));
  if (flow instanceof Error) throw flow;
  return flow;
}

describe('a flow as a file', () => {
  it('replays a recorded guest deposit step by step to the receipt', () => {
    const flow = recordedDeposit();
    const machine = appReplayMachine();
    const start = replayFlow(machine, flow, 0);
    expect(start.divergence).toBeNull();
    start.actor.stop();
    const replay = replayFlow(machine, flow, flow.steps.length);
    expect(replay.divergence).toBeNull();
    expect(replay.at).toBe(flow.steps.length);
    const wizard = (replay.actor.getSnapshot() as AnyMachineSnapshot).children['wizard'];
    expect((wizard?.getSnapshot() as AnyMachineSnapshot).matches({ step: 'receipt' })).toBe(true);
    replay.actor.stop();
  });

  it('stands, mid-flow, where the recorded states were', () => {
    const flow = recordedDeposit();
    const submit = flow.steps.find((s) => s.event.type === 'checkout.submit');
    expect(submit).toBeDefined();
    const replay = replayFlow(appReplayMachine(), flow, (submit?.n ?? 1) - 1);
    expect(replay.divergence).toBeNull();
    expect(replay.at).toBe(settledStep(flow, (submit?.n ?? 1) - 1));
    const wizard = (replay.actor.getSnapshot() as AnyMachineSnapshot).children['wizard'];
    expect((wizard?.getSnapshot() as AnyMachineSnapshot).matches({ step: 'checkout' })).toBe(true);
    replay.actor.stop();
  });

  it('says where a replay leaves the recorded flow', () => {
    const flow = recordedDeposit();
    const first = flow.steps.findIndex((s) => s.replay && s.to === 'app / wizard / facilityPicker');
    const changed: Flow = {
      ...flow,
      steps: flow.steps.map((s, i) => (i === first ? { ...s, to: 'app / nobody' } : s)),
    };
    const replay = replayFlow(appReplayMachine(), changed, changed.steps.length);
    expect(replay.divergence).toMatchObject({ n: first + 1, path: 'app / nobody' });
    replay.actor.stop();
  });

  it('saves card numbers, security codes and passwords masked', () => {
    const text = readFileSync('fixtures/flows/guest-deposit.json', 'utf8');
    expect(text).not.toMatch(/"credit_card": "\d/);
    expect(text).toContain(`"credit_card_cvc": "${MASK}"`);
    const recorder = createRecorder();
    const actor = createActor(appReplayMachine(), {
      input: { lang: 'en', route: null, location: { kind: 'wizard', route: 'facility', country: 'US' }, mobile: false },
      inspect: recorder.record,
    });
    actor.start();
    actor.send({ type: 'login.submit', values: { email: 'ana@example.com', password: 'secret' } } as never);
    const saved = JSON.stringify(recorder.flow({ password: 'secret' }));
    expect(saved).not.toContain('secret');
    expect(recorder.steps().some((s) => s.event.type === 'login.submit')).toBe(true);
    actor.stop();
  });

  it('refuses a file that is not a flow', () => {
    expect(parseFlow('{')).toBeInstanceOf(Error);
    expect(parseFlow('{"format":"other"}')).toBeInstanceOf(Error);
    expect(parseFlow('{"format":"statechart-flow","version":2,"steps":[]}')).toBeInstanceOf(Error);
  });
});
