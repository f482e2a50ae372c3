/**
 * Text measures a reviewer would apply by eye, made explicit: words, key-term coverage of the task, word
 * shingles for near-duplicates, and boilerplate. Pure functions, no I/O.
 */

const STOPWORDS = new Set(
  `a about above after again all also am an and any are as at be because been before being below between both but by
  can could did do does doing done down during each few for from further get got had has have having he her here hers
  him his how i if in into is it its itself just me more most my no nor not now of off on once only or other our out
  over own please same she should so some such than that the their them then there these they this those through to
  too under until up very via was we were what when where which while who whom why will with would you your yours
  must least make sure use using least one two three five ten task proof submit submission`.split(/\s+/),
);

/** Lower-case word tokens (letters/digits of any script), stopwords kept. */
export function words(text: string | null | undefined): string[] {
  if (!text) return [];
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A crude stem so "posts"/"post", "linked"/"link", "mentioning"/"mention" meet. */
export function stem(w: string): string {
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith('es')) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** Content terms: stemmed, without stopwords, numbers or one-letter tokens. */
export function terms(text: string | null | undefined): string[] {
  return words(text)
    .filter((w) => w.length > 2 && !STOPWORDS.has(w) && !/^\d+$/.test(w))
    .map(stem);
}

export interface Coverage {
  /** Weighted share (0-1) of the task's key terms found in the proof. */
  score: number;
  matched: string[];
  missing: string[];
  keyTerms: number;
}

/**
 * Key-term coverage, TF-IDF style: the task's terms weighted by where they appear (requirements count
 * most, then title, then description) and by rarity inside the task text (a term repeated everywhere
 * in the task says less than a specific one). Coverage = weight of the terms the proof uses / total.
 */
export function keywordCoverage(
  task: { title: string; description: string; requirements: string },
  proof: string,
): Coverage {
  const fields: Array<[string[], number]> = [
    [terms(task.requirements), 2],
    [terms(task.title), 1.5],
    [terms(task.description), 1],
  ];
  const weight = new Map<string, number>();
  const freq = new Map<string, number>();
  for (const [ts] of fields) for (const t of ts) freq.set(t, (freq.get(t) ?? 0) + 1);
  for (const [ts, w] of fields) {
    for (const t of new Set(ts)) {
      const idf = 1 / Math.sqrt(freq.get(t) ?? 1);
      weight.set(t, Math.max(weight.get(t) ?? 0, w * idf));
    }
  }
  const have = new Set(terms(proof));
  let total = 0;
  let got = 0;
  const matched: string[] = [];
  const missing: Array<[string, number]> = [];
  for (const [t, w] of weight) {
    total += w;
    if (have.has(t)) {
      got += w;
      matched.push(t);
    } else missing.push([t, w]);
  }
  missing.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { score: total ? got / total : 0, matched, missing: missing.map(([t]) => t), keyTerms: weight.size };
}

/** Word 3-shingles (or the words themselves for very short texts). */
export function shingles(text: string | null | undefined, k = 3): Set<string> {
  const ws = words(text);
  if (ws.length < k) return new Set(ws);
  const out = new Set<string>();
  for (let i = 0; i + k <= ws.length; i++) out.add(ws.slice(i, i + k).join(' '));
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

const BOILERPLATE = [
  /^(done|completed?|finished|ok(ay)?|yes|test(ing)?|n\/?a|none|nothing|see (link|above|attached|image|file)|proof|here|check)[\s.!]*$/i,
  /^(task|job|work)\s+(is\s+)?(done|completed?|finished)[\s.!]*$/i,
  /^i\s+(have\s+)?(done|completed?|finished)(\s+(it|the task|this task))?[\s.!]*$/i,
  /lorem ipsum/i,
  /^(asdf|qwerty|xxx+|aaa+|123+|test123)\b/i,
];

/** True when the text says nothing a reviewer could check ("done", "test", "lorem ipsum", keyboard mash). */
export function isBoilerplate(text: string): boolean {
  const t = text.trim();
  if (!t) return false;
  if (BOILERPLATE.some((re) => re.test(t))) return true;
  const ws = words(t);
  // Mostly the same word again and again ("good good good good good").
  return ws.length >= 5 && new Set(ws).size / ws.length < 0.3;
}

/** The proof text is nothing but a URL (text given where the substance should be). */
export function isOnlyUrl(text: string): boolean {
  return /^\s*https?:\/\/\S+\s*$/i.test(text);
}
