// A machine's statechart drawn as SVG (development only, docs/decisions/0001): states as boxes in
// their parents, transitions as arrows labelled with event and guard, the active states filled.
import { useEffect, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { LINE_HEIGHT, type LaidChart, layoutChart, transitionLabel } from './chart-layout.ts';
import { chartOf } from './inspector-model.ts';

const MARGIN = 4;

function pathOf(points: { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
}

export function ChartSvg({ machine, active, title }: { machine: AnyStateMachine; active: Set<string>; title: string }) {
  const chart = chartOf(machine);
  const [laid, setLaid] = useState<{ chart: unknown; laid: LaidChart } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    layoutChart(chart).then(
      (l) => current && setLaid({ chart, laid: l }),
      (e: unknown) => current && setProblem(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      current = false;
    };
  }, [chart]);
  if (problem)
    return (
      <p role="alert">
        The chart of {machine.id} could not be laid out: {problem}
      </p>
    );
  if (!laid || laid.chart !== chart) return <p>Laying out {machine.id}…</p>;
  const { width, height, states, transitions } = laid.laid;
  const markerId = `inspector-arrow-${machine.id}`;
  return (
    // Scrolled by keyboard too: a chart is often larger than the panel.
    <div className="chart-svg" tabIndex={0}>
      <svg
        role="img"
        aria-label={title}
        width={width + 2 * MARGIN}
        height={height + 2 * MARGIN}
        viewBox={`${-MARGIN} ${-MARGIN} ${width + 2 * MARGIN} ${height + 2 * MARGIN}`}
      >
        <defs>
          <marker id={markerId} viewBox="0 0 8 8" refX="8" refY="4" markerWidth="7" markerHeight="7" orient="auto">
            <path d="M0,0 L8,4 L0,8 z" className="chart-svg__head" />
          </marker>
        </defs>
        {states.map((s) => {
          const isActive = active.has(s.node.id);
          const classes = [
            'chart-svg__state',
            `chart-svg__state--${s.node.type}`,
            isActive ? 'chart-svg__state--active' : '',
            s.node.initial ? 'chart-svg__state--initial' : '',
          ].join(' ');
          return (
            <g key={s.node.id} className={classes} data-state={s.node.id} data-active={isActive ? 'true' : undefined}>
              <rect x={s.x} y={s.y} width={s.width} height={s.height} rx={6} />
              <text x={s.x + 8} y={s.y + 15} className="chart-svg__name">
                {s.node.initial ? '● ' : ''}
                {s === states[0] ? `#${s.node.id}` : s.node.key}
                {s.node.type === 'parallel' ? ' (parallel)' : ''}
                {s.node.type === 'final' ? ' (final)' : ''}
                {s.node.invokes.length > 0 ? ` ⟳ ${s.node.invokes.join(', ')}` : ''}
              </text>
              {s.staying.map((t, i) => (
                <text key={i} x={s.x + 8} y={s.y + 15 + (i + 1) * LINE_HEIGHT} className="chart-svg__staying">
                  ↺ {transitionLabel(t)}
                </text>
              ))}
            </g>
          );
        })}
        {transitions.map((t) => (
          <g key={t.id} className="chart-svg__transition" data-from={t.source} data-to={t.target}>
            <path d={pathOf(t.points)} markerEnd={`url(#${markerId})`} />
            {t.labelAt ? (
              <>
                <rect
                  x={t.labelAt.x - 2}
                  y={t.labelAt.y - 1}
                  width={t.labelAt.width + 4}
                  height={t.labelAt.height + 2}
                  className="chart-svg__label-back"
                />
                <text x={t.labelAt.x} y={t.labelAt.y + t.labelAt.height - 3} className="chart-svg__label">
                  {t.label}
                </text>
              </>
            ) : null}
          </g>
        ))}
      </svg>
    </div>
  );
}
