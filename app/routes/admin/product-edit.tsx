import { data, useActionData } from "react-router";
import { requireAdmin } from "~/.server/accounts/viewer";
import { productSaveError, readProductForm } from "~/.server/admin/product-form";
import { updateProductWithImages } from "~/.server/catalog/product-admin";
import { findProduct } from "~/.server/catalog/products";
import { getDb } from "~/.server/db/instance";
import { invalid } from "~/.server/forms";
import { redirectWithToast } from "~/.server/toast";
import { ProductForm } from "~/components/admin/product-form";
import * as MESSAGES from "~/lib/messages";
import type { Route } from "./+types/product-edit";

export function meta() {
  return [{ title: "Edit product" }, { name: "robots", content: "noindex" }];
}

function parseId(value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw data(MESSAGES.productNotFound, { status: 404 });
  return Number(value);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const product = await findProduct(getDb(), parseId(params.productId));
  if (!product) throw data(MESSAGES.productNotFound, { status: 404 });
  return {
    product: {
      id: product.id,
      sku: product.sku,
      name: product.name,
      description: product.description,
      priceCents: product.priceCents,
      stock: product.stock,
      category: product.category,
      images: product.images,
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = parseId(params.productId);
  const read = await readProductForm(await request.formData());
  if (!read.ok) return invalid(read.errors);
  let saved: boolean;
  try {
    saved = await updateProductWithImages(getDb(), id, read.changes, {
      keepKeys: read.keepKeys,
      uploads: read.uploads,
    });
  } catch (error) {
    return productSaveError(error, "Failed to save the product.");
  }
  if (!saved) throw data(MESSAGES.productNotFound, { status: 404 });
  return redirectWithToast("/admin/products", { type: "success", message: `${read.changes.name} saved.` });
}

export default function ProductEdit({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="edit-title" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="edit-title" className="mb-4 text-xl font-bold text-slate-900">
        Edit {loaderData.product.name}
      </h2>
      <ProductForm
        key={loaderData.product.id}
        product={loaderData.product}
        errors={result?.errors}
        submitLabel="Save changes"
      />
    </section>
  );
}
