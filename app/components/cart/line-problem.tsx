import { Link } from "react-router";
import { blocksOrder, type CheckedLine, lineNotice } from "~/lib/cart-check";
import * as MESSAGES from "~/lib/messages";
import * as SELLING_MESSAGES from "~/lib/messages/selling";
import { Button } from "../ui/button";

/**
 * What the server found wrong with a cart line, said the same way in the cart and at checkout,
 * with the control that fixes it right there (Remove for a line that stops the order).
 */
export function LineProblem({
  name,
  check,
  onRemove,
}: {
  name: string;
  check: CheckedLine | undefined;
  onRemove: () => void;
}) {
  const notice = check ? lineNotice(check) : null;
  if (!check || !notice) return null;
  const blocking = blocksOrder(check);
  return (
    <div className="flex w-full flex-wrap items-center gap-x-3 gap-y-1">
      <p role="status" className={`text-sm font-medium ${blocking ? "text-danger-700" : "text-warn-800"}`}>
        {notice}
      </p>
      {check.compliance?.licenseLabel ? (
        <p className="w-full text-sm text-slate-800">
          {SELLING_MESSAGES.licenseRequired(check.compliance.licenseLabel)}{" "}
          <Link to="/account/business" className="font-semibold text-brand-700 underline">
            {MESSAGES.uploadLicenseLink}
          </Link>
        </p>
      ) : null}
      {blocking ? (
        <Button variant="secondary" className="min-h-9 px-3 text-sm" onClick={onRemove}>
          Remove<span className="sr-only"> {name}</span>
        </Button>
      ) : null}
    </div>
  );
}

/** Shown until the browser cart has been read (on the server and while the page hydrates). */
export function CartLoading({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 text-center" aria-busy="true">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p role="status" className="mt-4 text-lg text-slate-700">
        {MESSAGES.loadingCart}
      </p>
    </div>
  );
}
