import { useEffect, useId, useRef, useState } from "react";
import { Form, useFetcher, useNavigate } from "react-router";
import { Icon } from "~/components/icon";
import type { ProductImage as Image } from "~/lib/images";
import { formatCents } from "~/lib/money";
import { ProductImage } from "./product-image";
import { useListbox } from "./use-listbox";

export interface Suggestion {
  id: number;
  name: string;
  image: Image | null;
  priceCents?: number;
}

/**
 * Header product search: up to 5 suggestions as you type (case-insensitive substring on the
 * name). Up/Down move, Enter opens the highlighted product or, with none highlighted, the
 * results page; Escape closes. Without JavaScript it is a plain GET form to /search.
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const fetcher = useFetcher<{ suggestions: Suggestion[] }>();
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const suggestions = [...query.trim()].length >= 3 ? (fetcher.data?.suggestions ?? []) : [];
  const listbox = useListbox(listId, suggestions, (s) => navigate(`/products/details/${s.id}`));

  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Text typed before the page's JavaScript ran is in the field, not in state: take it over (and
  // look up its suggestions) instead of letting the first render wipe it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    const typed = inputRef.current?.value ?? "";
    if (typed && typed !== query) onChange(typed);
  }, []);

  function onChange(value: string) {
    setQuery(value);
    listbox.typed();
    clearTimeout(timer.current);
    const q = value.trim();
    if ([...q].length >= 3) {
      timer.current = setTimeout(() => fetcher.load(`/api/search-suggestions?${new URLSearchParams({ q })}`), 120);
    }
  }

  function go(path: string) {
    listbox.close();
    navigate(path);
  }

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className={`relative ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        const picked = listbox.activeOption;
        if (picked) go(`/products/details/${picked.id}`);
        else {
          const q = (inputRef.current?.value ?? query).trim();
          if (q) go(`/search?${new URLSearchParams({ q })}`);
        }
      }}
    >
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search products
      </label>
      <input
        id={`${listId}-input`}
        name="q"
        type="search"
        {...listbox.input}
        autoComplete="off"
        placeholder="Search products"
        ref={inputRef}
        value={query}
        maxLength={100}
        onChange={(e) => onChange(e.target.value)}
        onFocus={listbox.show}
        className="block min-h-11 w-full rounded-md border border-slate-300 bg-white py-2 pr-12 pl-3 text-base text-slate-900 placeholder:text-slate-500"
      />
      <button
        type="submit"
        className="absolute top-0 right-0 flex size-11 items-center justify-center text-slate-600 hover:text-brand-700"
      >
        <span className="sr-only">Search</span>
        <Icon name="search" />
      </button>
      <div
        {...listbox.list}
        role="listbox"
        aria-label="Product suggestions"
        className="absolute top-full right-0 left-0 z-40 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg"
      >
        {suggestions.map((s, i) => (
          // Options are reached with aria-activedescendant from the input (use-listbox.ts).
          <div
            key={s.id}
            {...listbox.option(i)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${i === listbox.active ? "bg-brand-50" : "hover:bg-slate-50"}`}
          >
            <span className="w-10 shrink-0">
              <ProductImage image={s.image} alt="" sizes="40px" />
            </span>
            <span className="flex-1 text-slate-900">{s.name}</span>
            {typeof s.priceCents === "number" ? (
              <span className="tabular font-semibold">{formatCents(s.priceCents)}</span>
            ) : null}
          </div>
        ))}
      </div>
    </Form>
  );
}
