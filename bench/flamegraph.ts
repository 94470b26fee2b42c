/*
 * A V8 CPU profile (`node --cpu-prof`, a .cpuprofile) as a flame graph in one SVG, with no
 * network and no extra package: `node --import tsx bench/flamegraph.ts in.cpuprofile out.svg
 * [title]`. Frames are merged by stack (function, file, line), widths are sampled time, colours
 * say where the code lives (ours, React, other packages, Node, the engine's WebAssembly, GC).
 * Also prints the heaviest frames by self time and the share of each kind, for a report.
 * The .cpuprofile itself opens in speedscope or Chrome DevTools for a closer look.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

/** One merged frame of the flame graph: total and self time in microseconds. */
interface Frame {
  name: string;
  kind: Kind;
  total: number;
  self: number;
  children: Map<string, Frame>;
}

export type Kind = 'ours' | 'react' | 'package' | 'node' | 'wasm' | 'gc' | 'idle' | 'other';

const COLOURS: Record<Kind, string> = {
  ours: '#e8743b',
  react: '#5fa8d3',
  package: '#f2c14e',
  node: '#9bc53d',
  wasm: '#b56576',
  gc: '#888888',
  idle: '#dddddd',
  other: '#c9ada7',
};

export function kindOf(frame: ProfileNode['callFrame']): Kind {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'gc';
  if (functionName === '(idle)' || functionName === '(program)') return 'idle';
  if (url.startsWith('wasm://') || /^\$?(func|wasm-function)\[?\d/.test(functionName))
    return 'wasm';
  if (/[\\/]node_modules[\\/](react|react-dom|react-router|@react-router)[\\/]/.test(url))
    return 'react';
  if (url.includes('/node_modules/')) return 'package';
  if (url.startsWith('node:') || (url === '' && functionName !== '')) return 'node';
  if (url.startsWith('file://') || url.startsWith('/')) return 'ours';
  return 'other';
}

const label = (f: ProfileNode['callFrame']) => {
  const file = f.url ? basename(f.url.replace(/^file:\/\//, '')) : '';
  return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}` : ''}`;
};

/** Self time per profile node from the samples (or hit counts when there are none). */
function selfTimes(profile: CpuProfile): Map<number, number> {
  const self = new Map<number, number>();
  const { samples, timeDeltas } = profile;
  if (samples && timeDeltas && samples.length === timeDeltas.length) {
    // Each delta is the time before a sample; charge it to the sample after it.
    for (let i = 0; i < samples.length; i++) {
      const next = timeDeltas[i + 1] ?? 0;
      self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + Math.max(0, next));
    }
  } else {
    const interval = (profile.endTime - profile.startTime) / Math.max(1, sumHits(profile));
    for (const n of profile.nodes) self.set(n.id, (n.hitCount ?? 0) * interval);
  }
  return self;
}
const sumHits = (p: CpuProfile) => p.nodes.reduce((s, n) => s + (n.hitCount ?? 0), 0);

export function mergeProfile(profile: CpuProfile, opts: { dropIdle?: boolean } = {}): Frame {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = selfTimes(profile);
  const root: Frame = { name: 'all', kind: 'other', total: 0, self: 0, children: new Map() };
  const walk = (node: ProfileNode, into: Frame) => {
    const key = label(node.callFrame);
    const kind = kindOf(node.callFrame);
    if (opts.dropIdle && kind === 'idle') return;
    let frame = into.children.get(key);
    if (!frame) {
      frame = { name: key, kind, total: 0, self: 0, children: new Map() };
      into.children.set(key, frame);
    }
    frame.self += self.get(node.id) ?? 0;
    for (const c of node.children ?? []) walk(byId.get(c)!, frame);
  };
  const top = profile.nodes[0]!; // "(root)"
  for (const c of top.children ?? []) walk(byId.get(c)!, root);
  const total = (f: Frame): number => {
    f.total = f.self + [...f.children.values()].reduce((s, c) => s + total(c), 0);
    return f.total;
  };
  total(root);
  return root;
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The flame graph: the root at the bottom, callees above, as Brendan Gregg draws them. */
export function flameSvg(root: Frame, title: string): string {
  const width = 1600;
  const rowHeight = 17;
  const minWidth = 0.3;
  let depth = 0;
  const rects: string[] = [];
  const draw = (f: Frame, x: number, level: number) => {
    const w = (f.total / root.total) * width;
    if (w < minWidth) return;
    depth = Math.max(depth, level);
    rects.push(
      `<g><title>${escape(f.name)} — ${(f.total / 1000).toFixed(1)} ms (${((100 * f.total) / root.total).toFixed(1)}%), self ${(f.self / 1000).toFixed(1)} ms</title>` +
        `<rect x="${x.toFixed(2)}" y="LEVEL${level}" width="${w.toFixed(2)}" height="${rowHeight - 1}" fill="${COLOURS[f.kind]}"/>` +
        (w > 40
          ? `<text x="${(x + 3).toFixed(2)}" y="TEXT${level}">${escape(f.name.slice(0, Math.floor(w / 6.5)))}</text>`
          : '') +
        '</g>',
    );
    let cx = x;
    for (const c of [...f.children.values()].sort((a, b) => a.name.localeCompare(b.name))) {
      draw(c, cx, level + 1);
      cx += (c.total / root.total) * width;
    }
  };
  draw(root, 0, 0);
  const top = 50;
  const legendY = top + (depth + 1) * rowHeight + 10;
  const height = legendY + 30;
  const yOf = (level: number) => top + (depth - level) * rowHeight;
  const body = rects
    .join('\n')
    .replace(/y="LEVEL(\d+)"/g, (_, l: string) => `y="${yOf(Number(l))}"`)
    .replace(/y="TEXT(\d+)"/g, (_, l: string) => `y="${yOf(Number(l)) + rowHeight - 5}"`);
  const legend = (Object.keys(COLOURS) as Kind[])
    .map(
      (k, i) =>
        `<rect x="${10 + i * 120}" y="${legendY}" width="14" height="14" fill="${COLOURS[k]}"/><text x="${28 + i * 120}" y="${legendY + 12}">${k}</text>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="monospace" font-size="11">
<rect width="100%" height="100%" fill="#fff"/>
<text x="10" y="24" font-size="16">${escape(title)}</text>
<text x="10" y="42">${(root.total / 1000).toFixed(0)} ms of samples; width is time; hover a frame for its numbers</text>
${body}
${legend}
</svg>
`;
}

/** The heaviest frames by self time, and the share of each kind of code. */
export function summary(root: Frame, top = 15) {
  const bySelf = new Map<string, { kind: Kind; self: number }>();
  const byKind = new Map<Kind, number>();
  const visit = (f: Frame) => {
    if (f !== root) {
      const e = bySelf.get(f.name) ?? { kind: f.kind, self: 0 };
      e.self += f.self;
      bySelf.set(f.name, e);
      byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + f.self);
    }
    f.children.forEach(visit);
  };
  visit(root);
  const pct = (n: number) => `${((100 * n) / root.total).toFixed(1)}%`;
  return {
    kinds: [...byKind.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, t]) => ({ kind, ms: Math.round(t / 1000), share: pct(t) })),
    frames: [...bySelf.entries()]
      .sort((a, b) => b[1].self - a[1].self)
      .slice(0, top)
      .map(([name, e]) => ({ frame: name.slice(0, 90), kind: e.kind, share: pct(e.self) })),
  };
}

export function profileToSvg(input: string, output: string, title: string) {
  const profile = JSON.parse(readFileSync(input, 'utf8')) as CpuProfile;
  const root = mergeProfile(profile, { dropIdle: true });
  writeFileSync(output, flameSvg(root, title));
  return summary(root);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [input, output, title] = process.argv.slice(2);
  if (!input || !output) {
    console.error('usage: node --import tsx bench/flamegraph.ts in.cpuprofile out.svg [title]');
    process.exit(2);
  }
  const { kinds, frames } = profileToSvg(input, output, title ?? basename(input));
  console.table(kinds);
  console.table(frames);
}
