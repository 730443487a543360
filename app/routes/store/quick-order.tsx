import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { replyError, replyOk } from "~/.server/http/forms";
import { formOf, signedInViewer } from "~/.server/request/context";
import { checkQuickOrder, scannedProduct, suggestCodes } from "~/.server/wholesale/quick-order";
import { BarcodeScanner } from "~/components/quick-order/barcode-scanner";
import { QuickOrderResults } from "~/components/quick-order/results";
import { type TypedLine, TypedLines, type TypedLinesHandle } from "~/components/quick-order/typed-lines";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-message";
import { useSettledActionData } from "~/components/use-settled-action-data";
import type { FormReply } from "~/lib/form-reply";
import * as IMPORT_MESSAGES from "~/lib/messages/imports";
import * as QUICK_ORDER_MESSAGES from "~/lib/messages/quick-order";
import {
  countLines,
  MAX_PASTE_CHARACTERS,
  MAX_QUICK_ORDER_FILE_MB,
  MAX_QUICK_ORDER_LINES,
  MAX_TYPED_LINES,
  type QuickOrderCounts,
  type QuickOrderLine,
} from "~/lib/quick-order";
import { MB, type RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/quick-order";

/**
 * Quick order (issue 16): SKUs or UPCs with quantities, typed (with suggestions), pasted from a
 * spreadsheet or uploaded as a CSV file, checked by the server in one batch (prices, stock,
 * selling units, compliance for the default address); the good lines go in the browser cart.
 * Buyers only (the group). The check is a plain form post, so it works before the page's
 * JavaScript has run; the cart is in the browser, so adding to it waits for the JavaScript.
 */
// A typed line is two fields; the paste and the file one each. The file has its own size message.
// The barcode scanner asks for the camera and compiles its decoder's WebAssembly (headers.ts withCamera).
export const handle: RouteHandle = {
  camera: true,
  bodyLimitBytes: 2 * MAX_QUICK_ORDER_FILE_MB * MB,
  maxFields: 2 * MAX_TYPED_LINES + 8,
};

/** What was entered, given back so that a page rendered by the server keeps it. */
export interface Entered {
  typed: TypedLine[];
  paste: string;
}

export interface QuickOrderData {
  entered: Entered;
  check?: { id: string; lines: QuickOrderLine[]; counts: QuickOrderCounts; summary: string };
}

/** The most of a paste given back to the page (beyond it the customer has far more lines than it takes). */
const ECHOED_PASTE = 200_000;

export function meta() {
  return [{ title: "Quick order" }, { name: "robots", content: "noindex" }];
}

/**
 * The page's limits; with ?suggest=, suggestions for a SKU field being typed, and with ?code=, the
 * product a scanned barcode names (fetchers' requests).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const typed = url.searchParams.get("suggest");
  const code = url.searchParams.get("code")?.trim().slice(0, 64) ?? null;
  // Sentences with numbers are made here: a message function the browser calls sits in the
  // shared shell chunk of every page (the messages module lives there).
  return {
    maxTyped: MAX_TYPED_LINES,
    fileMegabytes: MAX_QUICK_ORDER_FILE_MB,
    limitHint: QUICK_ORDER_MESSAGES.quickOrderLimitHint(MAX_QUICK_ORDER_LINES),
    fileHint: QUICK_ORDER_MESSAGES.quickOrderFileHint(MAX_QUICK_ORDER_FILE_MB),
    suggestions: typed ? await suggestCodes(getDb(), signedInViewer(context).accountId, typed) : [],
    scanned: code === null ? null : { code, product: await scannedProduct(getDb(), code) },
  };
}

/** A field the form may post several times (a typed line's code and quantity): its texts, in order. */
const repeated = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.string()),
);

/**
 * What the quick-order form posts (issue 37): the typed lines (codes and quantities side by side)
 * and the paste. Nothing here is refused: the check says what is wrong with the entry or its lines.
 * The file is no form value: the action reads it apart.
 */
const quickOrderSchema = z.object({
  code: repeated,
  quantity: repeated,
  paste: repeated.transform((texts) => texts[0] ?? ""),
});

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const file = form.get("file");
  return formAction(
    form,
    quickOrderSchema,
    async ({ code: codes, quantity: quantities, paste }) => {
      const entered: Entered = {
        typed: codes.slice(0, MAX_TYPED_LINES).map((code, i) => ({ code, quantity: quantities[i] ?? "" })),
        paste: paste.slice(0, ECHOED_PASTE),
      };
      const result = await checkQuickOrder(getDb(), signedInViewer(context).accountId, {
        codes,
        quantities,
        paste,
        file: file instanceof File ? file : null,
      });
      // A problem with the whole entry is said above the form, which keeps what was entered.
      if (!result.ok) return replyError<QuickOrderData>({ message: result.error }, { data: { entered } });
      const counts = countLines(result.lines);
      return replyOk<QuickOrderData>(undefined, {
        entered,
        check: {
          id: crypto.randomUUID(),
          lines: result.lines,
          counts,
          summary: QUICK_ORDER_MESSAGES.quickOrderSummary(counts.ready, counts.confirm, counts.bad),
        },
      });
    },
    { fields: [] },
  );
}

export default function QuickOrder({ loaderData }: Route.ComponentProps) {
  const actionData = useSettledActionData<typeof action>();
  const reply = actionData as FormReply<QuickOrderData> | undefined;
  const navigation = useNavigation();
  const checking = navigation.state === "submitting" && navigation.formAction === "/quick-order";
  const [refused, setRefused] = useState<string | null>(null);
  const entered = reply?.data?.entered;
  const check = reply?.ok ? reply.data?.check : undefined;
  const error = refused ?? (reply && !reply.ok ? reply.message : undefined);
  const errorRef = useRef<HTMLDivElement>(null);
  const linesRef = useRef<TypedLinesHandle>(null);

  // A refusal is read out and brought into view where the customer is.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: "nearest" });
  }, [error]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Quick order</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{QUICK_ORDER_MESSAGES.quickOrderIntro}</p>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-6 flex flex-col gap-6"
        aria-label="Lines to check"
        onSubmit={(event) => {
          // A file or a paste far over the limits is refused here at once, before it is sent (the
          // server refuses them too). Too many lines are counted by the server, without reading them.
          const form = event.currentTarget;
          const file = (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
          const paste = (form.elements.namedItem("paste") as HTMLTextAreaElement | null)?.value ?? "";
          const problem =
            file && file.size > loaderData.fileMegabytes * MB
              ? IMPORT_MESSAGES.importTooLarge(loaderData.fileMegabytes)
              : paste.length > MAX_PASTE_CHARACTERS
                ? QUICK_ORDER_MESSAGES.quickOrderPasteTooLong
                : null;
          setRefused(problem);
          if (problem) event.preventDefault();
        }}
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="flex flex-col gap-6">
            <BarcodeScanner
              onProduct={(product) => linesRef.current?.add(product) ?? QUICK_ORDER_MESSAGES.scanListFull}
            />
            <TypedLines ref={linesRef} initial={entered?.typed ?? []} max={loaderData.maxTyped} />
          </div>
          <div className="flex flex-col gap-6">
            <div className="flex flex-col gap-2">
              <h2 className="text-lg font-bold text-slate-900">
                <label htmlFor="quick-order-paste">Paste from a spreadsheet</label>
              </h2>
              <p id="quick-order-paste-hint" className="text-sm text-slate-600">
                {QUICK_ORDER_MESSAGES.quickOrderPasteHint}
              </p>
              <textarea
                id="quick-order-paste"
                name="paste"
                rows={8}
                defaultValue={entered?.paste ?? ""}
                aria-describedby="quick-order-paste-hint"
                spellCheck={false}
                autoComplete="off"
                placeholder={"VAP-001\t20\nKRA-014\t12"}
                className="block min-h-40 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-base text-slate-900 placeholder:text-slate-400"
              />
            </div>
            <div className="flex flex-col gap-2">
              <h2 className="text-lg font-bold text-slate-900">
                <label htmlFor="quick-order-file">Upload a CSV file</label>
              </h2>
              <p id="quick-order-file-hint" className="text-sm text-slate-600">
                {loaderData.fileHint}
              </p>
              <input
                id="quick-order-file"
                type="file"
                name="file"
                accept=".csv,.txt,text/csv,text/plain"
                aria-describedby="quick-order-file-hint"
                className="min-h-11 w-full rounded-md border border-slate-300 bg-white p-2 text-sm"
              />
            </div>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={checking}>
            {checking ? "Checking…" : "Check lines"}
          </Button>
          <p className="text-sm text-slate-600">{loaderData.limitHint}</p>
        </div>
      </Form>
      <div ref={errorRef} className="mt-4">
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      </div>
      {check && !refused ? (
        <QuickOrderResults key={check.id} lines={check.lines} counts={check.counts} summary={check.summary} />
      ) : null}
    </div>
  );
}
