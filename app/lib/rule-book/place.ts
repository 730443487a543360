import { stateName } from "../compliance/vocabulary";

/**
 * The rule-book's places (decision 0045): the states a rule reaches (empty: every destination) and
 * the ZIP codes that narrow them (empty: the whole of each state). A kind that keeps one state per
 * rule (excise) gives it as a list of one.
 */
export interface RulePlace {
  states: readonly string[];
  zips: readonly string[];
}

/** Whether a rule's place reaches a destination (its state, upper or lower case, and its ZIP). */
export function placeReaches(place: RulePlace, d: { state: string; zip: string }): boolean {
  if (place.states.length === 0) return true;
  if (!place.states.includes(d.state.trim().toUpperCase())) return false;
  if (place.zips.length === 0) return true;
  // ZIPs narrow only the states they belong to; a rule cannot tell, so any listed ZIP counts.
  return place.zips.includes(d.zip.trim().slice(0, 5));
}

/** Whether some destination is reached by both places. */
export function placesOverlap(a: RulePlace, b: RulePlace): boolean {
  if (a.states.length === 0 || b.states.length === 0) return true;
  if (!a.states.some((s) => b.states.includes(s))) return false;
  if (a.zips.length === 0 || b.zips.length === 0) return true;
  return a.zips.some((z5) => b.zips.includes(z5));
}

/**
 * A place in words: "All destinations", the states' codes (or, with `names`, their names) and
 * the ZIPs that narrow them.
 */
export function describePlace(place: RulePlace, options: { names?: boolean } = {}): string {
  if (place.states.length === 0) return "All destinations";
  const states = options.names ? place.states.map(stateName) : place.states;
  const zips = place.zips.length ? ` (ZIP ${place.zips.join(", ")})` : "";
  return `${states.join(", ")}${zips}`;
}
