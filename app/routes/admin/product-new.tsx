import { getDb } from "~/.server/db/instance";
import { createProductWithImages } from "~/.server/flows/product-admin";
import { newProductSchema, readUploads, savingProduct } from "~/.server/flows/product-form";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import { ComplianceFacts } from "~/components/admin/compliance-form";
import { ProductForm } from "~/components/admin/product-form";
import { useSettledActionData } from "~/components/use-settled-action-data";
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
  // Every field's problem at once: the product's and the compliance facts'.
  return formAction(form, newProductSchema, async ({ changes, images, facts }) => {
    const uploads = await readUploads(images);
    const id = await savingProduct(
      () => createProductWithImages(getDb(), changes, uploads, actorOf(context), facts),
      BACK_OFFICE_MESSAGES.failedToAddProduct,
      form,
    );
    if (typeof id !== "number") return id;
    return redirectWithToast(`/admin/products?created=${id}`, {
      type: "success",
      message: BACK_OFFICE_MESSAGES.productAdded(changes.name),
    });
  });
}

export default function ProductNew() {
  const reply = useSettledActionData<typeof action>();
  return (
    <section aria-labelledby="new-title" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="new-title" className="mb-4 text-xl font-bold text-slate-900">
        Add product
      </h2>
      <ProductForm reply={reply} submitLabel="Add product">
        <fieldset className="grid gap-3 rounded-md border border-slate-200 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-slate-800">Compliance</legend>
          <p className="text-sm text-slate-600 sm:col-span-2">{BACK_OFFICE_MESSAGES.newProductComplianceIntro}</p>
          <ComplianceFacts values={null} reply={reply} />
        </fieldset>
      </ProductForm>
    </section>
  );
}
