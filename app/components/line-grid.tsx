import loadGridCart from "lazy-import:~/components/cart/grid-cart";
import { lazy, type ReactNode, Suspense } from "react";
import { Form, Link } from "react-router";
import * as LINE_MESSAGES from "~/lib/messages/lines";
import * as SELLING_MESSAGES from "~/lib/messages/selling";
import * as VOLUME_MESSAGES from "~/lib/messages/volume-prices";
import { formatCents } from "~/lib/money";
import { gridLayout } from "~/lib/product-lines";
import { type LineGrid as Grid, isBuyerVariant, type Variant } from "~/lib/product-types";
import { largestQuantity, smallestQuantity } from "~/lib/quantity";
import { LoginForPrice } from "./price";
import { Button } from "./ui/button";

// The running total and the tap that adds without leaving the page: only for a buyer, loaded
// with the page when it shows them (the JavaScript budget). Without it the form posts.
const GridCart = lazy(() => loadGridCart().then((m) => ({ default: m.GridCart })));

export const GRID_FORM_ID = "line-grid";

/**
 * A product line's variants as one form (issue 38): rows by the first option (and the third),
 * columns by the second; a list when the line has one option. A buyer types a quantity in each
 * box (named for a screen reader by the variant's full name) and adds them all with one button,
 * before the page's script has run too (the form posts every quantity). An out-of-stock cell
 * offers the back-in-stock alert on its variant's page; a cell the rules refuse says why. A
 * visitor sees which variants exist and are in stock, never a price.
 */
export function LineGrid({ grid, chosenId }: { grid: Grid; chosenId: number }) {
  const layout = gridLayout(grid.optionNames.length, grid.variants);
  const buyer = grid.variants.some(isBuyerVariant);
  const heading = LINE_MESSAGES.gridHeading(grid.optionNames);
  return (
    <section aria-labelledby="grid-title" className="flex flex-col gap-3">
      <h2 id="grid-title" className="text-lg font-bold text-slate-900">
        {heading}
      </h2>
      <Form id={GRID_FORM_ID} method="post" noValidate className="flex flex-col gap-3">
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{`${heading}: ${grid.name}`}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {grid.optionNames.filter((_, i) => i !== 1).join(" · ") || LINE_MESSAGES.optionHeading}
                </th>
                {layout.columns.length ? (
                  layout.columns.map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 text-center font-semibold">
                      {c}
                    </th>
                  ))
                ) : (
                  <th scope="col" className="px-3 py-2 text-center font-semibold">
                    {buyer ? VOLUME_MESSAGES.tierQuantityHeading : LINE_MESSAGES.cellAvailability}
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {layout.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="px-3 py-2 align-middle font-medium text-slate-900">
                    {row.label}
                  </th>
                  {row.cells.map((v, i) => (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, fixed
                      key={i}
                      className={`px-2 py-2 text-center align-middle ${v?.id === chosenId ? "bg-brand-50" : ""}`}
                    >
                      {v ? <Cell variant={v} slug={grid.slug} /> : <Muted>{LINE_MESSAGES.gridNoCombination}</Muted>}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {buyer ? (
          <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
            <Suspense fallback={<Button type="submit">{LINE_MESSAGES.gridAddToCart}</Button>}>
              <GridCart grid={grid} formId={GRID_FORM_ID} />
            </Suspense>
          </div>
        ) : (
          <p className="text-sm text-slate-700">
            <LoginForPrice />
          </p>
        )}
      </Form>
    </section>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-xs text-slate-500">{children}</span>;
}

function Cell({ variant: v, slug }: { variant: Variant; slug: string }) {
  if (v.complianceNote) return <span className="block text-xs text-danger-700">{v.complianceNote}</span>;
  if (!isBuyerVariant(v)) return <Muted>{v.inStock ? LINE_MESSAGES.cellInStock : LINE_MESSAGES.cellOutOfStock}</Muted>;
  const limit = largestQuantity(v, v.stock);
  if (limit === 0)
    return (
      <span className="flex flex-col items-center gap-1">
        <Muted>{LINE_MESSAGES.cellOutOfStock}</Muted>
        <Link
          to={`/lines/${slug}?variant=${v.id}`}
          className="text-xs font-semibold text-brand-700 underline"
          aria-label={LINE_MESSAGES.notifyMeOf(v.name)}
        >
          {LINE_MESSAGES.notifyMe}
        </Link>
      </span>
    );
  return (
    <span className="flex flex-col items-center gap-1">
      <input
        type="number"
        name={`q.${v.id}`}
        inputMode="numeric"
        min={0}
        max={limit}
        step={v.casePack}
        placeholder="0"
        aria-label={LINE_MESSAGES.quantityOf(v.name)}
        className="tabular min-h-11 w-20 rounded-md border border-slate-300 bg-white px-2 text-center text-base"
      />
      <span className="tabular text-xs text-slate-700">{formatCents(v.priceCents)}</span>
      <span className="text-xs text-slate-600">
        {LINE_MESSAGES.cellLeft(v.stock)}
        {v.casePack > 1 ? ` · ${SELLING_MESSAGES.inCasesOf(v.casePack)}` : ""}
        {smallestQuantity(v) > v.casePack ? ` · ${SELLING_MESSAGES.minimumOf(smallestQuantity(v))}` : ""}
      </span>
    </span>
  );
}
