import * as FORM_MESSAGES from "./messages/forms";
import { US_STATES } from "./us-states";

/**
 * Which state a ZIP code belongs to, from its first three digits (the USPS's sectional center
 * prefixes). Carriers route a parcel by its ZIP, whatever state is typed beside it, so an address
 * is saved only when the two agree (schemas/account.ts) and the compliance rules of the ZIP's
 * state apply to an address saved before they were checked (lib/compliance.ts, issue 26).
 *
 * Each row is a range of prefixes, both ends included: a state's range may hold a few prefixes
 * the USPS has not assigned (they belong to no other state either). Prefixes of no state (000 to
 * 004, 099, and the gaps between states' ranges) are left out: such a ZIP is in no state.
 *
 * Territories and military mail are listed so that a ZIP of theirs is named for what it is; the
 * store's address form takes the 50 states and DC only (us-states.ts), so none of them can be
 * saved with a state of the form: PR, VI, GU (with the Pacific islands that share 969), and the
 * military AA (Americas, 340), AE (Europe, 090 to 098) and AP (Pacific, 962 to 966).
 */
export const ZIP_PREFIX_RANGES: readonly (readonly [from: number, to: number, region: string])[] = [
  [5, 5, "NY"],
  [6, 7, "PR"],
  [8, 8, "VI"],
  [9, 9, "PR"],
  [10, 27, "MA"],
  [28, 29, "RI"],
  [30, 38, "NH"],
  [39, 49, "ME"],
  [50, 54, "VT"],
  [55, 55, "MA"],
  [56, 59, "VT"],
  [60, 69, "CT"],
  [70, 89, "NJ"],
  [90, 98, "AE"],
  [100, 149, "NY"],
  [150, 196, "PA"],
  [197, 199, "DE"],
  [200, 200, "DC"],
  [201, 201, "VA"],
  [202, 205, "DC"],
  [206, 219, "MD"],
  [220, 246, "VA"],
  [247, 268, "WV"],
  [270, 289, "NC"],
  [290, 299, "SC"],
  [300, 319, "GA"],
  [320, 339, "FL"],
  [340, 340, "AA"],
  [341, 349, "FL"],
  [350, 369, "AL"],
  [370, 385, "TN"],
  [386, 397, "MS"],
  [398, 399, "GA"],
  [400, 427, "KY"],
  [430, 459, "OH"],
  [460, 479, "IN"],
  [480, 499, "MI"],
  [500, 528, "IA"],
  [530, 549, "WI"],
  [550, 567, "MN"],
  [569, 569, "DC"],
  [570, 577, "SD"],
  [580, 588, "ND"],
  [590, 599, "MT"],
  [600, 629, "IL"],
  [630, 658, "MO"],
  [660, 679, "KS"],
  [680, 693, "NE"],
  [700, 714, "LA"],
  [716, 729, "AR"],
  [730, 731, "OK"],
  [733, 733, "TX"],
  [734, 749, "OK"],
  [750, 799, "TX"],
  [800, 816, "CO"],
  [820, 831, "WY"],
  [832, 838, "ID"],
  [840, 847, "UT"],
  [850, 865, "AZ"],
  [870, 884, "NM"],
  [885, 885, "TX"],
  [889, 898, "NV"],
  [900, 961, "CA"],
  [962, 966, "AP"],
  [967, 968, "HI"],
  [969, 969, "GU"],
  [970, 979, "OR"],
  [980, 994, "WA"],
  [995, 999, "AK"],
];

/** The names of the regions above that are not states of the address form. */
const OTHER_REGIONS: Record<string, string> = {
  PR: "Puerto Rico",
  VI: "the U.S. Virgin Islands",
  GU: "Guam and the Pacific islands",
  AA: "military mail (AA)",
  AE: "military mail (AE)",
  AP: "military mail (AP)",
};

let byPrefix: (string | null)[] | null = null;

function prefixTable(): (string | null)[] {
  if (byPrefix) return byPrefix;
  const table: (string | null)[] = new Array(1000).fill(null);
  for (const [from, to, region] of ZIP_PREFIX_RANGES) for (let p = from; p <= to; p++) table[p] = region;
  byPrefix = table;
  return table;
}

/**
 * The state (or territory, or military region) of a ZIP code, by its first three digits; null
 * when the ZIP is not one (not five digits, or a prefix of no state).
 */
export function zipRegion(zip: string): string | null {
  const match = /^(\d{3})\d{2}(?:-?\d{4})?$/.exec(zip.trim());
  if (!match) return null;
  return prefixTable()[Number(match[1])] ?? null;
}

/** Whether a ZIP code belongs to the state typed beside it (two-letter code, any case). */
export function zipInState(zip: string, state: string): boolean {
  return zipRegion(zip) === state.trim().toUpperCase();
}

/** "Alabama", "Puerto Rico", "military mail (AE)": what a region code names. */
export function regionName(code: string): string {
  return US_STATES.find(([c]) => c === code)?.[1] ?? OTHER_REGIONS[code] ?? code;
}

/** What is wrong with a ZIP typed beside a state, said for the ZIP field; null when they agree. */
export function zipStateMismatch(zip: string, state: string): string | null {
  if (zipInState(zip, state)) return null;
  const region = zipRegion(zip);
  return FORM_MESSAGES.zipNotInState(
    zip,
    region === null ? null : regionName(region),
    regionName(state.trim().toUpperCase()),
  );
}
