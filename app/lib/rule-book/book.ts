import { datesOverlap, type RuleDates } from "./dates";
import { placesOverlap, type RulePlace } from "./place";

/**
 * A rule-book (decision 0045): rules kept as data that an admin lists, adds, edits, enables and
 * disables, each with a name, a scope over products, a place, effective dates and an enabled flag.
 * What a rule then does is its kind's own (compliance: block or require; excise: a rate). The
 * kinds share this file's contradiction check, with their own comparison plugged in.
 */
export interface BookRule extends RuleDates {
  id: number;
  name: string;
  enabled: boolean;
  /** Drawn from public sources for the demo: shown with a notice. */
  example: boolean;
  /** The version the admin's form read (an edit over a newer change is refused). */
  updatedAt: string;
}

/** How a kind's rules are compared for contradictions. */
export interface ClashTest<R, C> {
  /** The rule's place (a kind with one state per rule gives a list of one). */
  placeOf: (rule: R | C) => RulePlace;
  /**
   * Whether a stored rule and the candidate, in force on a same day at a same place, contradict:
   * the kind's own comparison (overlapping products, effects that disagree).
   */
  clashes: (stored: R, candidate: C) => boolean;
}

/**
 * The enabled rule a candidate contradicts (the rule `exceptId` aside: the one being edited):
 * places that overlap, dates that overlap, and the kind's comparison. Null when there is none.
 * Rules are taken in the order given, so the one named is stable.
 */
export function findClash<R extends Pick<BookRule, "id" | "enabled"> & RuleDates, C extends RuleDates>(
  candidate: C,
  rules: readonly R[],
  exceptId: number | null,
  test: ClashTest<R, C>,
): R | null {
  const place = test.placeOf(candidate);
  return (
    rules.find(
      (r) =>
        r.id !== exceptId &&
        r.enabled &&
        placesOverlap(test.placeOf(r), place) &&
        datesOverlap(r, candidate) &&
        test.clashes(r, candidate),
    ) ?? null
  );
}
