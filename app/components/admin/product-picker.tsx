import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FIELD_CONTROL } from "~/components/ui/field";
import { useListbox } from "~/components/use-listbox";

/** A product the picker offers: what the admin reads (name and SKU) and what the form posts (id). */
export interface ProductChoice {
  id: number;
  sku: string;
  name: string;
}

/** Suggestions start at this many characters (catalog/search.ts CODE_SUGGESTION_MIN_LENGTH). */
const MIN_TYPED = 2;

/**
 * A back-office field that picks one product of the catalog by search, however large the catalog:
 * as the admin types, the products whose SKU starts with the text or whose name contains it are
 * asked for (/admin/products/suggestions) and offered in a list; choosing one puts its id in the
 * hidden field `name`. The header search box's combobox, for a form field: Down/Up move, Enter or
 * a tap chooses, Escape closes. What is typed is posted as `product`: without JavaScript, or
 * before choosing, the server takes the product whose SKU it is.
 */
export function ProductPicker({
  label,
  name,
  defaultId,
  defaultText,
  error,
  hint,
  className = "",
}: {
  label: string;
  name: string;
  defaultId: string;
  defaultText: string;
  error?: string | undefined;
  hint?: string;
  className?: string;
}) {
  const fetcher = useFetcher<{ suggestions: ProductChoice[] }>();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [query, setQuery] = useState(defaultText);
  const [pickedId, setPickedId] = useState(defaultId);
  const suggestions = query.trim().length >= MIN_TYPED ? (fetcher.data?.suggestions ?? []) : [];
  const listbox = useListbox(id, suggestions, pick);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Text typed before the page's JavaScript ran is in the field, not in state: take it over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    const typed = inputRef.current?.value ?? "";
    if (typed !== query) onChange(typed);
  }, []);

  function onChange(value: string) {
    setQuery(value);
    // The text no longer names the product chosen: the server reads what is typed instead.
    setPickedId("");
    listbox.typed();
    clearTimeout(timer.current);
    const q = value.trim();
    if (q.length >= MIN_TYPED) {
      timer.current = setTimeout(() => fetcher.load(`/admin/products/suggestions?${new URLSearchParams({ q })}`), 120);
    }
  }

  function pick(choice: ProductChoice) {
    setQuery(choice.name);
    setPickedId(String(choice.id));
  }

  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input type="hidden" name={name} value={pickedId} />
        <input
          ref={inputRef}
          id={id}
          name="product"
          type="text"
          {...listbox.input}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          value={query}
          onChange={(e) => onChange(e.target.value)}
          onFocus={listbox.show}
          className={`${FIELD_CONTROL} border-slate-300`}
        />
        <div
          {...listbox.list}
          role="listbox"
          aria-label={`${label} suggestions`}
          className="absolute top-full right-0 left-0 z-30 mt-1 max-h-80 overflow-y-auto rounded-md border border-slate-200 bg-white shadow-lg"
        >
          {suggestions.map((s, i) => (
            // Options are reached with aria-activedescendant from the input (use-listbox.ts).
            <div
              key={s.id}
              {...listbox.option(i)}
              className={`cursor-pointer px-3 py-2 text-sm ${i === listbox.active ? "bg-brand-50" : "hover:bg-slate-50"}`}
            >
              <span className="block font-semibold text-slate-900">{s.name}</span>
              <span className="tabular block text-slate-600">{s.sku}</span>
            </div>
          ))}
        </div>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
