import { useEffect, useMemo, useState } from "react";
import * as LINE_MESSAGES from "~/lib/messages/lines";
import { formatCents } from "~/lib/money";
import { type BuyerVariant, isBuyerVariant, type LineGrid } from "~/lib/product-types";
import { quantityProblem } from "~/lib/quantity";
import { notify } from "../toast";
import { Button } from "../ui/button";
import { addAllToBrowserCart } from "./add-to-browser-cart";

/** The quantities typed in a grid form's boxes (`q.<id>`), 0 for empty or not a number. */
function typedQuantities(form: HTMLFormElement): Map<number, number> {
  const typed = new Map<number, number>();
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement) || !element.name.startsWith("q.")) continue;
    const value = element.value.trim();
    typed.set(Number(element.name.slice(2)), /^\d{1,6}$/.test(value) ? Number(value) : value === "" ? 0 : Number.NaN);
  }
  return typed;
}

/** A variant's unit price for this customer when its breaks are reached by `reached`. */
function unitPrice(v: BuyerVariant, reached: number): number {
  let price = v.priceCents;
  for (const b of v.breaks) if (reached >= b.minQuantity && b.priceCents < price) price = b.priceCents;
  return price;
}

/**
 * The grid's running total and its one Add to cart (issue 38): the total of what is typed, at the
 * prices the line's quantity reaches (its variants count together for breaks, but those counted
 * apart), always in view; the tap checks every quantity as the server would and adds them all to
 * the browser cart at once, or none and says why.
 */
export function GridCart({ grid, formId }: { grid: LineGrid; formId: string }) {
  const variants = useMemo(() => grid.variants.filter(isBuyerVariant), [grid]);
  const [typed, setTyped] = useState<Map<number, number>>(new Map());

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    // Quantities typed before the script ran count too.
    setTyped(typedQuantities(form));
    const onInput = () => setTyped(typedQuantities(form));
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      const quantities = typedQuantities(form);
      const items = [];
      for (const v of variants) {
        const q = quantities.get(v.id) ?? 0;
        if (q === 0) continue;
        const problem = Number.isNaN(q)
          ? LINE_MESSAGES.gridQuantityNotWhole(v.name)
          : quantityProblem(v.name, q, v, v.stock);
        if (problem) {
          notify("error", problem);
          form.querySelector<HTMLInputElement>(`input[name="q.${v.id}"]`)?.focus();
          return;
        }
        items.push({
          quantity: q,
          product: {
            id: v.id,
            name: v.name,
            priceCents: v.priceCents,
            stock: v.stock,
            image: null,
            casePack: v.casePack,
            minQuantity: v.minQuantity,
            maxQuantity: v.maxQuantity,
          },
        });
      }
      if (items.length === 0) {
        notify("error", LINE_MESSAGES.gridNothingChosen);
        return;
      }
      addAllToBrowserCart(items);
      form.reset();
      setTyped(new Map());
    };
    form.addEventListener("input", onInput);
    form.addEventListener("submit", onSubmit);
    return () => {
      form.removeEventListener("input", onInput);
      form.removeEventListener("submit", onSubmit);
    };
  }, [formId, variants]);

  const lineQuantity = variants.reduce((sum, v) => sum + (v.apart ? 0 : typed.get(v.id) || 0), 0);
  let units = 0;
  let total = 0;
  for (const v of variants) {
    const q = typed.get(v.id) || 0;
    if (q <= 0) continue;
    units += q;
    total += q * unitPrice(v, v.apart ? q : lineQuantity);
  }
  return (
    <>
      <p className="flex flex-col">
        <span className="text-sm text-slate-600">{LINE_MESSAGES.gridTotal}</span>
        <output className="tabular text-xl font-bold text-slate-900" aria-live="polite" data-testid="grid-total">
          {formatCents(total)}
          <span className="ml-2 text-sm font-normal text-slate-600">{LINE_MESSAGES.gridUnits(units)}</span>
        </output>
      </p>
      <Button type="submit">{LINE_MESSAGES.gridAddToCart}</Button>
    </>
  );
}
