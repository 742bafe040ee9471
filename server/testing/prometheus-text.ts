// A strict reader of Prometheus' text exposition format 0.0.4 (tests only): every line must be a comment, a HELP or
// TYPE line, or a sample of the family its TYPE announced; anything else throws, naming the line.
// (parse-prometheus-text-format, the npm parser, folds a histogram's labelled series into one, so it cannot say which
// routes were counted.)

export type FamilyType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface PrometheusSample {
  /** The sample's own name: a histogram's are <family>_bucket, _sum and _count. */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface PrometheusFamily {
  name: string;
  help: string;
  type: FamilyType;
  samples: PrometheusSample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"`;
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (\\S+)(?: (-?\\d+))?$`);
// Prometheus reads a value with Go's ParseFloat, which takes NaN and Inf in any case (prom-client writes "Nan").
const VALUE = /^(?:[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|inf(?:inity)?)|nan)$/i;
const numberOf = (value: string) =>
  /nan/i.test(value) ? NaN : /inf/i.test(value) ? (value.startsWith('-') ? -Infinity : Infinity) : Number(value);
const SUFFIXES: Record<FamilyType, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

const unescape = (value: string) =>
  value.replace(/\\(["\\n])/g, (_all, escaped: string) => (escaped === 'n' ? '\n' : escaped));

function labelsOf(text: string | undefined, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  if (!text) return labels;
  for (const [, name, value] of text.matchAll(new RegExp(LABEL, 'g'))) {
    if (name! in labels) throw new Error(`A label given twice: ${line}`);
    labels[name!] = unescape(value!);
  }
  return labels;
}

/** Every family of an exposition, by name; throws at the first line that does not follow the format. */
export function parsePrometheusText(text: string): Map<string, PrometheusFamily> {
  const families = new Map<string, PrometheusFamily>();
  let current: PrometheusFamily | undefined;
  const familyNamed = (name: string) => {
    let family = families.get(name);
    if (!family) families.set(name, (family = { name, help: '', type: 'untyped', samples: [] }));
    return family;
  };
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = new RegExp(`^# (HELP|TYPE) (${NAME}) ?(.*)$`).exec(line);
    if (meta) {
      const [, kind, name, rest] = meta;
      current = familyNamed(name!);
      if (kind === 'HELP') current.help = rest!.replace(/\\(\\|n)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
      else if (rest && rest in SUFFIXES && current.samples.length === 0) current.type = rest as FamilyType;
      else throw new Error(`A TYPE line with no known type, or after the family's samples: ${line}`);
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`Not a sample line: ${line}`);
    const [, name, labelText] = sample;
    const value = sample[sample.length - 2]!;
    if (!VALUE.test(value)) throw new Error(`Not a value: ${line}`);
    const family =
      current && SUFFIXES[current.type].some((suffix) => `${current!.name}${suffix}` === name)
        ? current
        : familyNamed(name!);
    if (family !== current && family.samples.length > 0) throw new Error(`A family's samples apart: ${line}`);
    current = family;
    const labels = labelsOf(labelText, line);
    if (family.type === 'histogram' && name!.endsWith('_bucket') && !('le' in labels))
      throw new Error(`A histogram bucket without le: ${line}`);
    family.samples.push({ name: name!, labels, value: numberOf(value) });
  }
  return families;
}
