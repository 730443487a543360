import { memo, type Ref, useCallback, useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useListbox } from "~/components/use-listbox";
import * as QUICK_ORDER_MESSAGES from "~/lib/messages/quick-order";
import { formatCents } from "~/lib/money";
import { casePackLabel, SINGLE_UNITS } from "~/lib/quantity";
import type { CodeSuggestion, ScannedProduct } from "~/lib/quick-order";
import { Icon } from "../icon";
import { Button } from "../ui/button";
import { useHydrated } from "../use-hydrated";

export interface TypedLine {
  code: string;
  quantity: string;
}

interface Row extends TypedLine {
  id: number;
  /** The product's name, for a line a scan added (said under its SKU). */
  name?: string;
}

/** What the page's barcode scanner does with the lines: adds a scanned product, and says what it did. */
export interface TypedLinesHandle {
  add(product: ScannedProduct): string;
}

/** Rows shown at first: a few to type into, more appear as the last one is used. */
const FIRST_ROWS = 5;

const input =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500";

/**
 * One typed line: a SKU field with suggestions (SKUs that start with what is typed, then names
 * that contain it, at the customer's prices) and a quantity field. Both are plain fields posted
 * with the form, so what is typed before the page's JavaScript runs is kept and checked; the
 * suggestions come once it runs. Keyboard: Down/Up move through the suggestions, Enter takes
 * one (the quantity field gets the smallest orderable quantity if it is empty, and the focus),
 * Escape closes them. Typing here re-renders this row only.
 */
const TypedRow = memo(function TypedRow({
  row,
  number,
  canRemove,
  onRemove,
  onUsed,
}: {
  row: Row;
  number: number;
  canRemove: boolean;
  onRemove: (id: number) => void;
  onUsed: (id: number) => void;
}) {
  const fetcher = useFetcher<{ suggestions: CodeSuggestion[] }>();
  const hydrated = useHydrated();
  const listId = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [typed, setTyped] = useState(row.name ? row.code : "");
  // The product a picked suggestion (or a scan) stands for, while the field still holds its SKU.
  const [picked, setPicked] = useState<Pick<CodeSuggestion, "sku" | "name"> | null>(
    row.name ? { sku: row.code, name: row.name } : null,
  );
  const suggestions = typed.length >= 2 ? (fetcher.data?.suggestions ?? []) : [];
  const listbox = useListbox(listId, suggestions, pick);
  // On a phone the field shows only the start of a long SKU: the product's name is said under it,
  // for a picked suggestion or a SKU typed in full that a suggestion matches.
  const named =
    picked && picked.sku.toLowerCase() === typed.toLowerCase()
      ? picked
      : (suggestions.find((s) => s.sku.toLowerCase() === typed.toLowerCase()) ?? null);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Text typed before the page's JavaScript ran is in the field: the field being typed in gets
  // its suggestions once the script runs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    const field = codeRef.current;
    if (field?.value.trim() && document.activeElement === field) onInput(field.value);
  }, []);

  function onInput(value: string) {
    const q = value.trim();
    setTyped(q);
    listbox.typed();
    onUsed(row.id);
    clearTimeout(timer.current);
    if (q.length >= 2) {
      timer.current = setTimeout(() => fetcher.load(`/quick-order?${new URLSearchParams({ suggest: q })}`), 150);
    }
  }

  function pick(s: CodeSuggestion) {
    const code = codeRef.current;
    const quantity = quantityRef.current;
    if (code) code.value = s.sku;
    setTyped(s.sku);
    setPicked(s);
    if (!quantity) return;
    if (quantity.value.trim() === "") quantity.value = String(s.smallest);
    quantity.focus();
    quantity.select();
  }

  return (
    <li className="relative flex flex-wrap items-start gap-2">
      <span aria-hidden="true" className="tabular flex min-h-11 w-6 shrink-0 items-center text-sm text-slate-500">
        {number}
      </span>
      <div className="min-w-0 flex-1">
        <label htmlFor={`${listId}-code`} className="sr-only">
          SKU or UPC, line {number}
        </label>
        <input
          ref={codeRef}
          id={`${listId}-code`}
          name="code"
          defaultValue={row.code}
          {...listbox.input}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={200}
          placeholder="SKU or UPC"
          className={input}
          onChange={(e) => onInput(e.target.value)}
          aria-describedby={named ? `${listId}-name` : undefined}
        />
      </div>
      <div className="w-24 shrink-0 sm:w-28">
        <label htmlFor={`${listId}-quantity`} className="sr-only">
          Quantity, line {number}
        </label>
        <input
          ref={quantityRef}
          id={`${listId}-quantity`}
          name="quantity"
          defaultValue={row.quantity}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          placeholder="Qty"
          className={`${input} tabular`}
        />
      </div>
      <button
        type="button"
        className="flex size-11 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:opacity-40"
        onClick={() => onRemove(row.id)}
        disabled={!hydrated || !canRemove}
      >
        <span className="sr-only">Remove line {number}</span>
        <Icon name="close" className="size-5" />
      </button>
      {named ? (
        // Under the line's two fields, as wide as both.
        <p id={`${listId}-name`} className="-mt-1 basis-full pr-13 pl-8 text-sm break-words text-slate-700">
          {named.name}
        </p>
      ) : null}
      <div
        {...listbox.list}
        role="listbox"
        aria-label={`Suggestions for line ${number}`}
        className="absolute top-full right-0 left-8 z-30 mt-1 max-h-80 overflow-y-auto rounded-md border border-slate-200 bg-white shadow-lg"
      >
        {suggestions.map((s, i) => {
          const pack = casePackLabel({ ...SINGLE_UNITS, casePack: s.casePack });
          return (
            // Options are reached with aria-activedescendant from the input (use-listbox.ts).
            <div
              key={s.id}
              {...listbox.option(i)}
              className={`cursor-pointer px-3 py-2 text-sm ${i === listbox.active ? "bg-brand-50" : "hover:bg-slate-50"}`}
            >
              <span className="block font-semibold text-slate-900">{s.name}</span>
              <span className="tabular block text-slate-600">
                {s.sku}
                {pack ? ` · ${pack}` : ""} · {formatCents(s.priceCents)}
              </span>
            </div>
          );
        })}
      </div>
    </li>
  );
});

/**
 * The typed lines of a quick order: a few rows to start with, one more whenever the last is used
 * (up to `max`); longer lists are pasted or uploaded.
 */
export function TypedLines({ initial, max, ref }: { initial: TypedLine[]; max: number; ref?: Ref<TypedLinesHandle> }) {
  const hydrated = useHydrated();
  const listRef = useRef<HTMLOListElement>(null);
  const nextId = useRef(0);
  const [rows, setRows] = useState<Row[]>(() => {
    const make = (line: TypedLine) => ({ id: nextId.current++, ...line });
    const start = initial.filter((l) => l.code || l.quantity).map(make);
    while (start.length < FIRST_ROWS) start.push(make({ code: "", quantity: "" }));
    return start;
  });

  const addRow = useCallback(() => {
    setRows((current) =>
      current.length >= max ? current : [...current, { id: nextId.current++, code: "", quantity: "" }],
    );
  }, [max]);

  const onUsed = useCallback(
    (id: number) => {
      setRows((current) =>
        current.at(-1)?.id === id && current.length < max
          ? [...current, { id: nextId.current++, code: "", quantity: "" }]
          : current,
      );
    },
    [max],
  );

  const onRemove = useCallback((id: number) => {
    setRows((current) => (current.length > 1 ? current.filter((r) => r.id !== id) : current));
  }, []);

  // A scanned product: one case more on the line that already holds its SKU with a whole quantity,
  // else a new line of its smallest orderable quantity in the first empty row (or one more row).
  // The fields are the browser's own (what was typed is read from them), so the rows are read there.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  useImperativeHandle(ref, () => ({
    add(product) {
      const current = rowsRef.current;
      const fields = [...(listRef.current?.querySelectorAll(":scope > li") ?? [])].map((li) => ({
        code: li.querySelector<HTMLInputElement>('input[name="code"]'),
        quantity: li.querySelector<HTMLInputElement>('input[name="quantity"]'),
      }));
      const held = fields.find(
        (f) =>
          f.code?.value.trim().toLowerCase() === product.sku.toLowerCase() &&
          /^\d{1,7}$/.test(f.quantity?.value.trim() ?? ""),
      );
      if (held?.quantity) {
        const quantity = Number(held.quantity.value.trim()) + product.casePack;
        held.quantity.value = String(quantity);
        return QUICK_ORDER_MESSAGES.scanAdded(product.name, quantity, product.casePack);
      }
      const line: Row = {
        id: nextId.current++,
        code: product.sku,
        quantity: String(product.smallest),
        name: product.name,
      };
      const empty = fields.findIndex((f) => !f.code?.value.trim() && !f.quantity?.value.trim());
      if (empty < 0 && current.length >= max) return QUICK_ORDER_MESSAGES.scanListFull;
      const next = empty < 0 ? [...current, line] : current.map((r, i) => (i === empty ? line : r));
      // A row to type into stays at the end.
      if (next.at(-1) === line && next.length < max) next.push({ id: nextId.current++, code: "", quantity: "" });
      setRows(next);
      return QUICK_ORDER_MESSAGES.scanAdded(product.name, product.smallest, product.casePack);
    },
  }));

  return (
    <section aria-labelledby="typed-title" className="flex flex-col gap-2">
      <h2 id="typed-title" className="text-lg font-bold text-slate-900">
        Type SKUs
      </h2>
      <p className="text-sm text-slate-600">{QUICK_ORDER_MESSAGES.quickOrderTypeHint}</p>
      <div aria-hidden="true" className="flex gap-2 pr-13 pl-8 text-sm font-semibold text-slate-700">
        <span className="flex-1">SKU or UPC</span>
        <span className="w-24 sm:w-28">Quantity</span>
      </div>
      <ol ref={listRef} className="flex flex-col gap-2" aria-label="Typed lines">
        {rows.map((row, i) => (
          <TypedRow
            key={row.id}
            row={row}
            number={i + 1}
            canRemove={rows.length > 1}
            onRemove={onRemove}
            onUsed={onUsed}
          />
        ))}
      </ol>
      <div>
        <Button variant="ghost" onClick={addRow} disabled={!hydrated || rows.length >= max}>
          Add a line
        </Button>
      </div>
    </section>
  );
}
