import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import * as MESSAGES from "~/lib/messages";
import * as QUICK_ORDER_MESSAGES from "~/lib/messages/quick-order";
import * as SELLING_MESSAGES from "~/lib/messages/selling";
import { formatCents } from "~/lib/money";
import { MAX_ORDER_LINES } from "~/lib/orders";
import { casePackLabel, sellingUnitOf } from "~/lib/quantity";
import {
  type AddedToCart,
  addToCartFromCheck,
  linesForCart,
  type QuickOrderCounts,
  type QuickOrderLine,
} from "~/lib/quick-order";
import { useCart } from "../cart/cart-store";
import { Button, ButtonLink } from "../ui/button";
import { FormMessage } from "../ui/field";
import { useHydrated } from "../use-hydrated";

const TONE: Record<QuickOrderLine["status"], string> = {
  ready: "border-slate-200",
  confirm: "border-warn-700",
  bad: "border-danger-600",
};

/**
 * One checked line. Memoized: accepting a suggestion re-renders that line only, so a check of
 * hundreds of lines stays smooth (rows off screen are not even laid out: content-visibility).
 */
const ResultRow = memo(function ResultRow({
  line,
  accepted,
  locked,
  onAccept,
}: {
  line: QuickOrderLine;
  accepted: boolean;
  locked: boolean;
  onAccept: (key: string, accepted: boolean) => void;
}) {
  const product = line.product;
  const pack = product ? casePackLabel(sellingUnitOf(product)) : null;
  const name = product?.name ?? line.code;
  const priced = line.unitPriceCents !== null && line.quantity > 0;
  return (
    <li
      className={`rounded-lg border bg-white p-3 [contain-intrinsic-block-size:auto_7rem] [content-visibility:auto] ${
        line.status === "confirm" && accepted ? "border-ok-700" : TONE[line.status]
      }`}
      data-status={line.status}
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-x-4">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium text-slate-500">{line.where.join(", ")}</p>
          <p className="font-semibold break-words text-slate-900">{name || "—"}</p>
          {product ? (
            <p className="tabular text-sm text-slate-600">
              {SELLING_MESSAGES.skuLabel(product.sku)}
              {pack ? ` · ${pack}` : ""}
              {line.code.toUpperCase() !== product.sku.toUpperCase() ? ` · ${line.code}` : ""}
            </p>
          ) : null}
        </div>
        {/* Under the name on a phone (one wrapped row), beside it on a wider screen. */}
        <div className="tabular flex flex-wrap items-baseline gap-x-3 text-sm sm:block sm:shrink-0 sm:text-right">
          {line.status !== "ready" && line.requested !== null ? (
            <p className="text-slate-600">Asked for {line.requested}</p>
          ) : null}
          {priced ? (
            <>
              <p
                className={`text-base font-bold ${line.status === "confirm" && !accepted ? "text-slate-500" : "text-slate-900"}`}
              >
                {formatCents((line.unitPriceCents ?? 0) * line.quantity)}
              </p>
              <p className="text-slate-600">
                {line.quantity} × {formatCents(line.unitPriceCents ?? 0)}
                {line.status === "confirm" && !accepted ? " if accepted" : ""}
              </p>
            </>
          ) : null}
          {product ? (
            <p className="text-slate-600">{product.stock > 0 ? `${product.stock} in stock` : "None in stock"}</p>
          ) : null}
        </div>
      </div>
      {line.note ? <p className="mt-1 text-sm text-slate-700">{line.note}</p> : null}
      {line.status === "ready" ? (
        <p className="mt-1 text-sm font-semibold text-ok-700">Ready</p>
      ) : (
        <p className={`mt-1 text-sm font-medium ${line.status === "bad" ? "text-danger-700" : "text-warn-800"}`}>
          {line.problem}
        </p>
      )}
      {line.licenseLabel ? (
        <p className="mt-1 text-sm text-slate-800">
          {SELLING_MESSAGES.licenseRequired(line.licenseLabel)}{" "}
          <Link to="/account/business" className="font-semibold text-brand-700 underline">
            {MESSAGES.uploadLicenseLink}
          </Link>
        </p>
      ) : null}
      {line.status === "confirm" && line.suggestion ? (
        <label className="mt-2 flex min-h-11 w-fit cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-900 has-[:checked]:border-ok-700 has-[:checked]:bg-ok-50">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={accepted}
            disabled={locked}
            onChange={(e) => onAccept(line.key, e.target.checked)}
          />
          <span>
            Accept: {line.suggestion}
            <span className="sr-only"> ({name})</span>
          </span>
        </label>
      ) : null}
    </li>
  );
});

/**
 * What the server found for every line, the total of what would go in the cart, and Add all to
 * cart: the ready lines and the suggestions the customer accepted go into the browser cart at
 * the prices the server answered (lib/cart.ts addCheckedLines); the page says how many went in
 * and how many were left out. A check is added once (a second tap would double the quantities).
 */
export function QuickOrderResults({
  lines,
  counts,
  summary,
}: {
  lines: QuickOrderLine[];
  counts: QuickOrderCounts;
  /** The counts in words (made by the server: see the route's loader). */
  summary: string;
}) {
  const hydrated = useHydrated();
  const [, updateCart] = useCart();
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(() => new Set());
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [outcome, setOutcome] = useState<AddedToCart | null>(null);
  const [nothing, setNothing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // A new check: bring its answer into view and put the focus there (a keyboard or screen reader user is told).
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const onAccept = useCallback((key: string, on: boolean) => {
    setNothing(false);
    setAccepted((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const going = useMemo(() => linesForCart(lines, accepted), [lines, accepted]);
  const total = useMemo(() => going.reduce((sum, l) => sum + (l.product?.priceCents ?? 0) * l.quantity, 0), [going]);
  const shown = useMemo(
    () => (onlyProblems ? lines.filter((l) => l.status !== "ready") : lines),
    [lines, onlyProblems],
  );
  const locked = outcome !== null;

  function acceptAll() {
    setNothing(false);
    setAccepted(new Set(lines.filter((l) => l.status === "confirm").map((l) => l.key)));
  }

  function addAll() {
    if (going.length === 0) {
      setNothing(true);
      return;
    }
    const result: { value: AddedToCart | null } = { value: null };
    updateCart((current) => {
      result.value = addToCartFromCheck(current, lines, accepted);
      return result.value.lines;
    });
    setOutcome(result.value);
  }

  return (
    <section aria-labelledby="results-title" className="mt-8 flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="results-title" ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900">
          Checked lines
        </h2>
        <p role="status" className="text-slate-700">
          {summary}
        </p>
      </div>
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <p className="text-lg">
          <span className="font-semibold">Going in the cart:</span>{" "}
          <span className="tabular font-bold" data-testid="quick-order-total">
            {formatCents(total)}
          </span>{" "}
          <span className="text-sm text-slate-600">
            ({going.length} line{going.length === 1 ? "" : "s"})
          </span>
        </p>
        <div className="flex flex-wrap gap-3">
          {counts.confirm > 0 ? (
            <Button variant="secondary" onClick={acceptAll} disabled={!hydrated || locked}>
              Accept all suggestions
            </Button>
          ) : null}
          <Button onClick={addAll} disabled={!hydrated || locked}>
            {locked ? "Added to cart" : "Add all to cart"}
          </Button>
        </div>
      </div>
      {counts.confirm > 0 && !locked ? (
        <p className="text-sm text-slate-700">{QUICK_ORDER_MESSAGES.quickOrderAcceptAllHint}</p>
      ) : null}
      {nothing ? <FormMessage tone="error">{QUICK_ORDER_MESSAGES.quickOrderNothingReady}</FormMessage> : null}
      {outcome ? (
        <FormMessage tone={outcome.added > 0 ? "success" : "error"}>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <span>
              {QUICK_ORDER_MESSAGES.quickOrderAdded(outcome.added, outcome.leftOut)}
              {outcome.noRoom > 0 ? ` ${QUICK_ORDER_MESSAGES.quickOrderCartFull(MAX_ORDER_LINES, outcome.noRoom)}` : ""}
            </span>
            <ButtonLink to="/cart" variant="secondary" className="min-h-9">
              Go to cart
            </ButtonLink>
          </span>
        </FormMessage>
      ) : null}
      {counts.confirm + counts.bad > 0 ? (
        <label className="flex min-h-11 w-fit cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={onlyProblems}
            disabled={!hydrated}
            onChange={(e) => setOnlyProblems(e.target.checked)}
          />
          Show only lines that need attention
        </label>
      ) : null}
      <ol className="flex flex-col gap-2" aria-label="Checked lines">
        {shown.map((line) => (
          <ResultRow
            key={line.key}
            line={line}
            accepted={accepted.has(line.key)}
            locked={locked || !hydrated}
            onAccept={onAccept}
          />
        ))}
      </ol>
    </section>
  );
}
