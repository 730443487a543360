import { formatCents } from "../money";
import { describeScope } from "../rule-book/scope";
import type { ExciseMethod, ExciseScope, OwedBy } from "./engine";
import { RATE_SCALE } from "./engine";

/** The admin list's words for a tax rule: its rate, what it covers, who owes it. */

function trimmed(micros: number, places: number): string {
  const value = micros / RATE_SCALE;
  return value
    .toFixed(places)
    .replace(/(\.\d*?[1-9])0+$/, "$1")
    .replace(/\.0+$/, "");
}

export function describeRate(method: ExciseMethod, rateMicros: number): string {
  if (method === "percent") return `${trimmed(rateMicros, 6)}% of the wholesale price`;
  const dollars = rateMicros % 10_000 === 0 ? formatCents(rateMicros / 10_000) : `$${trimmed(rateMicros, 6)}`;
  return method === "per-ml" ? `${dollars} per ml` : `${dollars} per cartridge or unit`;
}

export function describeExciseScope(scope: ExciseScope): string {
  const parts = [describeScope(scope)].filter(Boolean);
  if (scope.systems?.length) parts.push(`${scope.systems.join(" or ")} system`);
  if (scope.nicotineOnly) parts.push("with nicotine");
  return parts.join("; ");
}

export function owedByLabel(owedBy: OwedBy | string): string {
  return owedBy === "buyer" ? "Buyer owes it" : "Store collects it";
}

export function methodLabel(method: ExciseMethod | string): string {
  return method === "per-ml"
    ? "Per ml"
    : method === "per-unit"
      ? "Per cartridge or unit"
      : "Percent of wholesale price";
}
