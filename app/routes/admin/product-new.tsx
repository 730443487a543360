import { useActionData } from "react-router";
import { requireAdmin } from "~/.server/accounts/viewer";
import { productSaveError, readProductForm } from "~/.server/admin/product-form";
import { createProductWithImages } from "~/.server/catalog/product-admin";
import { getDb } from "~/.server/db/instance";
import { invalid } from "~/.server/forms";
import { redirectWithToast } from "~/.server/toast";
import { ProductForm } from "~/components/admin/product-form";
import * as MESSAGES from "~/lib/messages";
import type { Route } from "./+types/product-new";

export function meta() {
  return [{ title: "Add product" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const read = await readProductForm(await request.formData());
  if (!read.ok) return invalid(read.errors);
  try {
    const id = await createProductWithImages(getDb(), read.changes, read.uploads);
    return redirectWithToast(`/admin/products?created=${id}`, {
      type: "success",
      message: `${read.changes.name} added.`,
    });
  } catch (error) {
    return productSaveError(error, MESSAGES.failedToAddProduct);
  }
}

export default function ProductNew() {
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-title" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="new-title" className="mb-4 text-xl font-bold text-slate-900">
        Add product
      </h2>
      <ProductForm errors={result?.errors} submitLabel="Add product" />
    </section>
  );
}
