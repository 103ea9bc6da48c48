// The statechart inspector's drawing (src/inspector/chart-layout.ts): ELK lays out a machine's states
// as nested boxes, parallel regions side by side, and its transitions as arrows with their labels.
import { describe, expect, it } from 'vitest';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { wizardMachine } from '../../machines/wizard.machine.ts';
import { layoutChart } from '../../src/inspector/chart-layout.ts';
import { chartOf } from '../../src/inspector/inspector-model.ts';

describe('statechart layout', () => {
  it('nests every state in its parent and sets parallel regions side by side', async () => {
    const laid = await layoutChart(chartOf(wizardMachine));
    const box = (id: string) => {
      const s = laid.states.find((x) => x.node.id === id);
      if (!s) throw new Error(`no box for ${id}`);
      return s;
    };
    const inside = (child: string, parent: string) => {
      const c = box(child);
      const p = box(parent);
      return c.x >= p.x && c.y >= p.y && c.x + c.width <= p.x + p.width && c.y + c.height <= p.y + p.height;
    };
    expect(inside('wizard.step.facility', 'wizard.step')).toBe(true);
    expect(inside('wizard.step', 'wizard')).toBe(true);
    // The wizard's two regions (step, autosave): side by side, not overlapping.
    const step = box('wizard.step');
    const autosave = box('wizard.autosave');
    expect(autosave.x >= step.x + step.width || step.x >= autosave.x + autosave.width).toBe(true);
  });

  it('draws each transition with a target as an arrow labelled with its event and guard', async () => {
    const chart = chartOf(checkoutMachine);
    const laid = await layoutChart(chart);
    const withTarget = laid.states.flatMap((s) => s.node.transitions.flatMap((t) => t.targetIds));
    expect(laid.transitions.length).toBe(withTarget.length);
    for (const t of laid.transitions) {
      expect(t.points.length).toBeGreaterThanOrEqual(2);
      expect(t.labelAt).not.toBeNull();
    }
    expect(laid.transitions.some((t) => / \[.+\]$/.test(t.label))).toBe(true);
  });
});
