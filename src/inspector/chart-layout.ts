// A statechart laid out for drawing (development only, docs/decisions/0001): states as boxes nested in
// their parents, parallel regions side by side, transitions as routed arrows with their event and guard
// as labels. The layout is ELK's layered algorithm (elkjs, as Stately's visualizer uses), run in the
// page from its bundled build, which needs no web worker.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { ChartNode, ChartTransition } from './inspector-model.ts';

export interface LaidState {
  node: ChartNode;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Transitions that stay in the state, written inside its box. */
  staying: ChartTransition[];
}

export interface LaidTransition {
  id: string;
  source: string;
  target: string;
  label: string;
  /** The arrow's points, start to end. */
  points: { x: number; y: number }[];
  labelAt: { x: number; y: number; width: number; height: number } | null;
}

export interface LaidChart {
  width: number;
  height: number;
  /** Parents before their children, so that drawing in order puts children on top. */
  states: LaidState[];
  transitions: LaidTransition[];
}

/** Text metrics of the chart's 11px monospace-ish labels, close enough for a layout. */
export const CHAR_WIDTH = 6.6;
export const LINE_HEIGHT = 14;
const HEAD = 22;
const PAD = 8;

export function transitionLabel(t: ChartTransition): string {
  return t.guard ? `${t.event} [${t.guard}]` : t.event;
}

function textWidth(text: string): number {
  return Math.ceil(text.length * CHAR_WIDTH) + 2 * PAD;
}

function staying(node: ChartNode): ChartTransition[] {
  return node.transitions.filter((t) => t.targetIds.length === 0);
}

function elkNode(node: ChartNode, edges: ElkExtendedEdge[], known: Set<string>): ElkNode {
  const inside = staying(node);
  const head = HEAD + inside.length * LINE_HEIGHT;
  const width = Math.max(textWidth(node.key), ...inside.map((t) => textWidth(`↺ ${transitionLabel(t)}`)), 60);
  node.transitions.forEach((t, i) => {
    t.targetIds.forEach((target, j) => {
      if (!known.has(target)) return;
      const label = transitionLabel(t);
      edges.push({
        id: `${node.id}#${i}#${j}`,
        sources: [node.id],
        targets: [target],
        labels: [{ text: label, width: textWidth(label) - PAD, height: LINE_HEIGHT }],
      });
    });
  });
  if (node.children.length === 0) return { id: node.id, width, height: head + PAD };
  return {
    id: node.id,
    layoutOptions: {
      'elk.padding': `[top=${head + PAD},left=${PAD},bottom=${PAD},right=${PAD}]`,
      // Regions of a parallel state have no arrows between them: ELK sets them side by side.
      ...(node.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${width}, ${head + PAD})`,
    },
    children: node.children.map((child) => elkNode(child, edges, known)),
  };
}

function ids(node: ChartNode, into: Set<string>): Set<string> {
  into.add(node.id);
  for (const child of node.children) ids(child, into);
  return into;
}

function byId(node: ChartNode, into: Map<string, ChartNode>): Map<string, ChartNode> {
  into.set(node.id, node);
  for (const child of node.children) byId(child, into);
  return into;
}

const elk = new ELK();
const layouts = new WeakMap<ChartNode, Promise<LaidChart>>();

/** The chart laid out; once per chart (charts are kept per machine by chartOf). */
export function layoutChart(chart: ChartNode): Promise<LaidChart> {
  let laid = layouts.get(chart);
  if (!laid) {
    laid = layOut(chart);
    layouts.set(chart, laid);
  }
  return laid;
}

async function layOut(chart: ChartNode): Promise<LaidChart> {
  const edges: ElkExtendedEdge[] = [];
  const root = elkNode(chart, edges, ids(chart, new Set()));
  const graph: ElkNode = {
    id: '(graph)',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '30',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeLabel': '2',
      'elk.edgeLabels.placement': 'CENTER',
      // Every coordinate in the answer is the graph's, so nothing needs adding up.
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
    children: [root],
    edges,
  };
  const out = await elk.layout(graph);
  const nodes = byId(chart, new Map());
  const states: LaidState[] = [];
  const walk = (n: ElkNode) => {
    const node = nodes.get(n.id);
    if (node) {
      states.push({
        node,
        x: n.x ?? 0,
        y: n.y ?? 0,
        width: n.width ?? 0,
        height: n.height ?? 0,
        staying: staying(node),
      });
    }
    for (const child of n.children ?? []) walk(child);
  };
  walk(out);
  const transitions: LaidTransition[] = [];
  const laidEdges: ElkExtendedEdge[] = [];
  const collect = (n: ElkNode) => {
    laidEdges.push(...((n.edges ?? []) as ElkExtendedEdge[]));
    for (const child of n.children ?? []) collect(child);
  };
  collect(out);
  for (const e of laidEdges) {
    const section = e.sections?.[0];
    if (!section) continue;
    const label = e.labels?.[0];
    transitions.push({
      id: e.id,
      source: e.sources[0] ?? '',
      target: e.targets[0] ?? '',
      label: label?.text ?? '',
      points: [section.startPoint, ...(section.bendPoints ?? []), section.endPoint],
      labelAt: label ? { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 } : null,
    });
  }
  return { width: out.width ?? 0, height: out.height ?? 0, states, transitions };
}
