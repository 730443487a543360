/**
 * Product lines and their variants (issue 38; decision 0055), as the server and the page both
 * know them: a line has up to three options (Flavor, Nicotine, Count…) and the variants that exist,
 * each with its value of every option. Not every combination need exist.
 */
export const MAX_LINE_OPTIONS = 3;

/** A line's option names as stored (JSON text), or none when it is not a list of names. */
export function parseOptionNames(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed)
      ? parsed.filter((n): n is string => typeof n === "string").slice(0, MAX_LINE_OPTIONS)
      : [];
  } catch {
    return [];
  }
}

/** A variant's name: the line's, then its option values ("Vaporlux 6000 Blue Razz 5%"). */
export function variantName(lineName: string, values: readonly string[]): string {
  const shown = values.filter((v) => v !== "");
  return shown.length ? `${lineName} ${shown.join(" ")}` : lineName;
}

/** A variant's values of the line's options, as stored ('' where the line has no such option). */
export function optionColumns(values: readonly string[]): { option1: string; option2: string; option3: string } {
  return { option1: values[0] ?? "", option2: values[1] ?? "", option3: values[2] ?? "" };
}

/** The values a variant shows: as many as the line has options. */
export function optionValues(row: { option1: string; option2: string; option3: string }, count: number): string[] {
  return [row.option1, row.option2, row.option3].slice(0, count);
}

export interface GridCell<V> {
  variant: V | null;
}

/**
 * How a line's grid is laid out: with two options or more, one row per combination of every
 * option but the second (flavor rows), one column per value of the second (strength columns);
 * with one option or none, a list (one column). Values keep the order of the variants. A cell
 * without a variant is a combination that does not exist.
 */
export interface GridLayout<V> {
  /** The column headings (values of the second option), or [] for a list. */
  columns: string[];
  rows: { label: string; cells: (V | null)[] }[];
}

export function gridLayout<V extends { options: readonly string[] }>(
  optionCount: number,
  variants: readonly V[],
): GridLayout<V> {
  if (optionCount < 2) {
    return { columns: [], rows: variants.map((v) => ({ label: v.options.filter(Boolean).join(" "), cells: [v] })) };
  }
  const columns: string[] = [];
  const rowKeys: string[] = [];
  const rowLabel = (v: V) => v.options.filter((_, i) => i !== 1).join(" · ");
  for (const v of variants) {
    const column = v.options[1] ?? "";
    if (!columns.includes(column)) columns.push(column);
    const row = rowLabel(v);
    if (!rowKeys.includes(row)) rowKeys.push(row);
  }
  return {
    columns,
    rows: rowKeys.map((label) => ({
      label,
      cells: columns.map(
        (column) => variants.find((v) => rowLabel(v) === label && (v.options[1] ?? "") === column) ?? null,
      ),
    })),
  };
}
