/**
 * A small strict reader of Prometheus' text exposition format 0.0.4
 * (https://prometheus.io/docs/instrumenting/exposition_formats/): every line is a HELP, a TYPE
 * or a sample of a declared family, or the reader throws naming the line.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  types: Map<string, string>;
  samples: Sample[];
  /** The value of the one sample with this name and exactly these labels. */
  value(name: string, labels?: Record<string, string>): number | undefined;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*';
// Prometheus reads values with Go's ParseFloat: NaN and Inf in any case (prom-client writes "Nan").
const VALUE =
  '(?:[+-]?(?:\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|\\.\\d+(?:[eE][+-]?\\d+)?)|[+-]?[iI][nN][fF]|[nN][aA][nN])';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (${VALUE})(?: -?\\d+)?$`);
const LABEL_PAIR = new RegExp(`^(${LABEL})="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"(?:,|$)`);
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest) {
    const m = LABEL_PAIR.exec(rest);
    if (!m) throw new Error(`bad labels in: ${line}`);
    const key = m[1] as string;
    if (key in labels) throw new Error(`label ${key} twice in: ${line}`);
    labels[key] = (m[2] as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(m[0].length);
  }
  return labels;
}

const toNumber = (v: string) =>
  /inf$/i.test(v) ? (v.startsWith('-') ? -Infinity : Infinity) : /nan/i.test(v) ? NaN : Number(v);

/** The family a sample belongs to, given the declared types. */
function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name) && !SUFFIXES[types.get(name) as string]) return name;
  for (const [family, type] of types) {
    for (const suffix of SUFFIXES[type] ?? []) if (name === family + suffix) return family;
  }
  return undefined;
}

export function parsePrometheusText(text: string): Exposition {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a line feed');
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const m = new RegExp(`^# (HELP|TYPE) (${NAME}) ?(.*)$`).exec(line);
      if (!m) {
        if (/^# (HELP|TYPE)/.test(line)) throw new Error(`bad comment: ${line}`);
        continue; // a plain comment
      }
      if (m[1] === 'TYPE') {
        if (!TYPES.has(m[3] as string)) throw new Error(`unknown type: ${line}`);
        if (types.has(m[2] as string)) throw new Error(`TYPE twice: ${line}`);
        types.set(m[2] as string, m[3] as string);
      }
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`bad sample: ${line}`);
    const name = m[1] as string;
    if (!familyOf(name, types)) throw new Error(`sample of an undeclared family: ${line}`);
    samples.push({ name, labels: parseLabels(m[2] ?? '', line), value: toNumber(m[3] as string) });
  }
  const sameLabels = (a: Record<string, string>, b: Record<string, string>) =>
    Object.keys(a).length === Object.keys(b).length &&
    Object.entries(b).every(([k, v]) => a[k] === v);
  return {
    types,
    samples,
    value: (name, labels = {}) =>
      samples.find((s) => s.name === name && sameLabels(s.labels, labels))?.value,
  };
}
