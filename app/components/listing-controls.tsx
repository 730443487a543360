import type { ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { type FacetChoice, facetSearch } from "~/lib/facets";
import { LISTING_SORT_LABELS, type ListingSort } from "~/lib/listing";
import * as LINE_MESSAGES from "~/lib/messages/lines";
import { Button } from "./ui/button";
import { useHydrated } from "./use-hydrated";

/** How many lines of the listing each availability filter would keep (soldHere null: not offered). */
export interface Availability {
  inStock: number;
  soldHere: number | null;
}

/**
 * A listing's order and its availability filters (in stock; sold to my address, for a customer
 * with an address: issue 38), as a GET form: a choice reloads the list at once; before the
 * page's script runs, the Show button sends the same form. The facets chosen ride along. A
 * search (ranked, not sorted) passes no sorts and keeps its query.
 */
export function ListingControls({
  sorts,
  sort,
  inStockOnly,
  soldHere,
  offerSoldHere,
  availability,
  facets,
  query,
}: {
  sorts: ListingSort[] | null;
  sort: ListingSort;
  inStockOnly: boolean;
  soldHere: boolean;
  /** A customer with an address: "Sold to my address" is offered. */
  offerSoldHere: boolean;
  /** The counts (the first page only). */
  availability: Availability | null;
  facets: FacetChoice;
  query?: string;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const count = (n: number | undefined | null) =>
    n === undefined || n === null ? null : <span className="tabular font-normal text-slate-600"> ({n})</span>;
  return (
    <Form
      method="get"
      aria-label={sorts ? "Sort and filter" : "Filter"}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
    >
      {query !== undefined ? <input type="hidden" name="q" value={query} /> : null}
      {sorts ? (
        <label className="flex items-center gap-2">
          <span className="font-medium text-slate-800">Sort by</span>
          <select
            name="sort"
            defaultValue={sort}
            key={sort}
            className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-base text-slate-900 focus:border-brand-500 focus:outline-2 focus:outline-brand-500"
          >
            {sorts.map((s) => (
              <option key={s} value={s}>
                {LISTING_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <FilterBox
        name="instock"
        value="1"
        checked={inStockOnly}
        label={LINE_MESSAGES.inStockOnly}
        count={count(availability?.inStock)}
      />
      {offerSoldHere ? (
        <FilterBox
          name="sold"
          value="here"
          checked={soldHere}
          label={LINE_MESSAGES.soldToMyAddress}
          count={count(availability?.soldHere)}
        />
      ) : null}
      {/* The filters chosen stay chosen when the order changes. */}
      {[...facetSearch(facets).entries()].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {hydrated ? null : (
        <Button type="submit" variant="secondary">
          Show
        </Button>
      )}
    </Form>
  );
}

/** One availability filter: a box that sends `name=value` when ticked, its label and its count. */
function FilterBox({
  name,
  value,
  checked,
  label,
  count,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  count: ReactNode;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 font-medium text-slate-800">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        key={String(checked)}
        className="size-5 accent-brand-700"
      />
      <span>
        {label}
        {count}
      </span>
    </label>
  );
}
