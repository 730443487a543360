import { Form, useSubmit } from "react-router";
import { FACET_LABELS, FACETS, type Facet, type FacetChoice, type FacetCount } from "~/lib/facets";
import * as LINE_MESSAGES from "~/lib/messages/lines";
import { Button } from "./ui/button";
import { useHydrated } from "./use-hydrated";

/**
 * A listing's filters (issue 38): each facet's values with how many lines of the listing have
 * them, as a GET form (kept in the URL, so a filtered listing can be shared and works without
 * script: the Show button sends it; with script a choice sends it at once). On a phone they fold
 * under one "Filters" summary.
 */
export function FacetFilters({
  counts,
  chosen,
  keep,
}: {
  counts: Partial<Record<Facet, FacetCount[]>>;
  chosen: FacetChoice;
  /** The listing's other choices (its order, availability, a search's words), kept as they are. */
  keep: URLSearchParams;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const shown = FACETS.filter((f) => (counts[f]?.length ?? 0) > 0);
  if (shown.length === 0) return null;
  const chosenCount = FACETS.reduce((n, f) => n + (chosen[f]?.length ?? 0), 0);
  return (
    <details className="mt-4 rounded-lg border border-slate-200 bg-white" open={chosenCount > 0}>
      <summary className="flex min-h-11 cursor-pointer items-center justify-between px-4 text-sm font-semibold text-slate-900">
        {LINE_MESSAGES.filtersSummary(chosenCount)}
      </summary>
      <Form
        method="get"
        aria-label={LINE_MESSAGES.filtersHeading}
        className="flex flex-col gap-4 border-t border-slate-200 p-4 sm:flex-row sm:flex-wrap"
        onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
      >
        {[...keep.entries()].map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        {shown.map((facet) => (
          <fieldset key={facet} className="min-w-40 flex-1">
            <legend className="text-sm font-semibold text-slate-900">{FACET_LABELS[facet]}</legend>
            <ul className="mt-1 flex max-h-56 flex-col gap-0.5 overflow-y-auto">
              {(counts[facet] ?? []).map((v) => (
                <li key={v.value}>
                  <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      name={facet}
                      value={v.value}
                      defaultChecked={chosen[facet]?.includes(v.value) ?? false}
                      className="size-5 accent-brand-700"
                    />
                    <span>
                      {v.label} <span className="tabular text-slate-600">({v.count})</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
        <div className="flex items-end gap-3">
          {hydrated ? null : (
            <Button type="submit" variant="secondary">
              Show
            </Button>
          )}
        </div>
      </Form>
    </details>
  );
}
