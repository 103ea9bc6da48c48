// The statechart inspector's reading of machines and actors (src/inspector/inspector-model.ts).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { facilityPickerMachine } from '../../machines/facility-picker.machine.ts';
import { wizardMachine } from '../../machines/wizard.machine.ts';
import { acceptedEvents, activeIds, chartOf, eventText, parsePayload } from '../../src/inspector/inspector-model.ts';

describe('inspector model', () => {
  it('draws a statechart from the machine definition: states, regions, invokes, guarded transitions', () => {
    const chart = chartOf(wizardMachine);
    expect(chart.type).toBe('parallel');
    expect(chart.children.map((c) => c.key)).toEqual(['step', 'autosave']);
    const step = chart.children[0];
    const facility = step?.children.find((c) => c.key === 'facility');
    expect(facility?.invokes).toEqual(['facilityPicker']);
    const routing = step?.children.find((c) => c.key === 'routing');
    expect(routing?.initial).toBe(true);
    expect(routing?.transitions.some((t) => t.event === 'always' && t.targets.includes('receipt'))).toBe(true);
    const waiting = chart.children[1]?.children.find((c) => c.key === 'waiting');
    expect(waiting?.transitions.map((t) => t.event)).toContain('after formSaveThrottle');
  });

  it('marks the active states and lists the events the snapshot takes', () => {
    const actor = createActor(facilityPickerMachine, { input: { country: 'US', region: '', facilityId: null } });
    actor.start();
    const snapshot = actor.getSnapshot();
    expect([...activeIds(snapshot)]).toEqual(['facilityPicker', 'facilityPicker.loading']);
    expect(acceptedEvents(snapshot)).toEqual(['facility.country', 'facility.region']);
    actor.stop();
  });

  it('masks card numbers, security codes and passwords in the log', () => {
    const card = { type: 'card.change', card: { credit_card: '4111111111111111', credit_card_cvc: '123' } };
    const text = eventText(card);
    expect(text).not.toContain('4111');
    expect(text).not.toContain('123');
    const login = { type: 'login.submit', values: { email: 'ana@example.com', password: 'secret' } };
    expect(eventText(login)).not.toContain('secret');
  });

  it('takes a JSON object as the payload of an event to send', () => {
    expect(parsePayload('')).toEqual({});
    expect(parsePayload('{"region":"TX"}')).toEqual({ region: 'TX' });
    expect(parsePayload('[1]')).toBeInstanceOf(Error);
    expect(parsePayload('{')).toBeInstanceOf(Error);
  });
});
