import { useActionData } from "react-router";
import { productSaveError, readProductForm } from "~/.server/admin/product-form";
import { createProductWithImages } from "~/.server/catalog/product-admin";
import { getDb } from "~/.server/db/instance";
import { invalid } from "~/.server/forms";
import { actorOf, formOf } from "~/.server/request-context";
import { redirectWithToast } from "~/.server/toast";
import { ProductForm } from "~/components/admin/product-form";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { MB, type RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/product-new";

/** Up to 10 images of 10 MB each. */
export const handle: RouteHandle = { bodyLimitBytes: 110 * MB };

export function meta() {
  return [{ title: "Add product" }, { name: "robots", content: "noindex" }];
}

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const read = await readProductForm(form);
  if (!read.ok) return invalid(read.errors, form);
  try {
    const id = await createProductWithImages(getDb(), read.changes, read.uploads, actorOf(context));
    return redirectWithToast(`/admin/products?created=${id}`, {
      type: "success",
      message: `${read.changes.name} added.`,
    });
  } catch (error) {
    return productSaveError(error, BACK_OFFICE_MESSAGES.failedToAddProduct, form);
  }
}

export default function ProductNew() {
  const reply = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-title" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="new-title" className="mb-4 text-xl font-bold text-slate-900">
        Add product
      </h2>
      <ProductForm reply={reply} submitLabel="Add product" />
    </section>
  );
}
