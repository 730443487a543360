/**
 * The rule-book's dates (decision 0045): a rule is in force from its first day to its last day
 * (none: for good), on store dates written YYYY-MM-DD, and only while it is enabled.
 */
export interface RuleDates {
  effectiveFrom: string;
  effectiveUntil: string | null;
}

export function inForce(rule: RuleDates & { enabled: boolean }, date: string): boolean {
  return rule.enabled && rule.effectiveFrom <= date && (rule.effectiveUntil === null || date <= rule.effectiveUntil);
}

export function datesOverlap(a: RuleDates, b: RuleDates): boolean {
  const end = (x: string | null) => x ?? "9999-12-31";
  return a.effectiveFrom <= end(b.effectiveUntil) && b.effectiveFrom <= end(a.effectiveUntil);
}

/** "From 2025-01-01", or "2025-01-01 to 2025-12-31". */
export function describeDates(rule: RuleDates): string {
  return rule.effectiveUntil ? `${rule.effectiveFrom} to ${rule.effectiveUntil}` : `From ${rule.effectiveFrom}`;
}
