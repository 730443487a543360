/**
 * Typos a search forgives (decision 0053): a word of 4 to 7 letters may be one edit away from
 * the catalog's word, a longer one two; shorter words and words with digits (sizes, counts,
 * codes) must be typed right. An edit is a letter missing, extra, wrong, or two letters swapped.
 */

/** How many edits a typed word may be from a catalog word. */
export function typosAllowed(word: string): number {
  if (/\p{N}/u.test(word)) return 0;
  const length = [...word].length;
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}

const rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * The edit distance between a and b (optimal string alignment: insertions, deletions,
 * substitutions and swaps of two neighbors), or max + 1 as soon as it must exceed max.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (n === 0 || m === 0) return Math.max(n, m) <= max ? Math.max(n, m) : max + 1;
  if (m + 1 > (rows[0] as Int32Array).length) for (let k = 0; k < 3; k++) rows[k] = new Int32Array(m + 1);
  let before = rows[0] as Int32Array;
  let previous = rows[1] as Int32Array;
  let current = rows[2] as Int32Array;
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let d = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb)
        d = Math.min(d, (before[j - 2] as number) + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  const distance = previous[m] as number;
  return distance <= max ? distance : max + 1;
}
