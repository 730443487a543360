import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FIELD_CONTROL } from "~/components/ui/field";

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
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = query.trim().length >= MIN_TYPED ? (fetcher.data?.suggestions ?? []) : [];
  const showList = open && suggestions.length > 0;

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
    setActive(-1);
    setOpen(true);
    clearTimeout(timer.current);
    const q = value.trim();
    if (q.length >= MIN_TYPED) {
      timer.current = setTimeout(() => fetcher.load(`/admin/products/suggestions?${new URLSearchParams({ q })}`), 120);
    }
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function pick(choice: ProductChoice) {
    setQuery(choice.name);
    setPickedId(String(choice.id));
    close();
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
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          aria-expanded={showList}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${id}-opt-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          value={query}
          onChange={(e) => onChange(e.target.value)}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(close, 150)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" && suggestions.length) {
              e.preventDefault();
              setOpen(true);
              setActive((i) => (i + 1) % suggestions.length);
            } else if (e.key === "ArrowUp" && suggestions.length) {
              e.preventDefault();
              setOpen(true);
              setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
            } else if (e.key === "Enter" && showList && active >= 0) {
              e.preventDefault();
              const choice = suggestions[active];
              if (choice) pick(choice);
            } else if (e.key === "Escape" && showList) {
              e.preventDefault();
              close();
            }
          }}
          className={`${FIELD_CONTROL} border-slate-300`}
        />
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!showList}
          className="absolute top-full right-0 left-0 z-30 mt-1 max-h-80 overflow-y-auto rounded-md border border-slate-200 bg-white shadow-lg"
        >
          {suggestions.map((s, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: options are reached with aria-activedescendant from the input
            <div
              key={s.id}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-brand-50" : "hover:bg-slate-50"}`}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(s);
              }}
              onMouseEnter={() => setActive(i)}
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
