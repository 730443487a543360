import { data, Link } from "react-router";
import { countVariants, findLineHead } from "~/.server/catalog/lines";
import { productThreshold } from "~/.server/catalog/product-writes";
import { findProduct } from "~/.server/catalog/products";
import { findProductCompliance } from "~/.server/compliance/facts";
import { complianceFormSchema, saveComplianceForm } from "~/.server/compliance/product-form";
import { getDb } from "~/.server/db/instance";
import { updateProductWithImages } from "~/.server/flows/product-admin";
import { productFormSchema, readUploads, savingProduct } from "~/.server/flows/product-form";
import { formAction } from "~/.server/http/form-action";
import { replyError } from "~/.server/http/forms";
import { redirectWithToast } from "~/.server/http/toast";
import { productBin } from "~/.server/inventory/lots";
import { listTiers } from "~/.server/pricing/tiers";
import { actorOf, formOf } from "~/.server/request/context";
import { ComplianceForm, type ComplianceFormReply } from "~/components/admin/compliance-form";
import { ProductForm, type ProductFormReply } from "~/components/admin/product-form";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { intentOf, revalidateAfterConflict } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import * as LINE_EDITOR_MESSAGES from "~/lib/messages/line-editor";
import { MB, type RouteHandle } from "~/lib/route-policy";
import { idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/product-edit";

/** A change refused because the page was out of date reloads the page's data (issue 26). */
export const shouldRevalidate = revalidateAfterConflict;

/** Up to 10 images of 10 MB each. */
export const handle: RouteHandle = { bodyLimitBytes: 110 * MB };

export function meta() {
  return [{ title: "Edit product" }, { name: "robots", content: "noindex" }];
}

function productId(value: string): number {
  const id = idParam(value);
  if (id === null) throw data(MESSAGES.productNotFound, { status: 404 });
  return id;
}

export async function loader({ params }: Route.LoaderArgs) {
  const product = await findProduct(getDb(), productId(params.productId));
  if (!product) throw data(MESSAGES.productNotFound, { status: 404 });
  const [head, variants] = await Promise.all([
    findLineHead(getDb(), product.lineId),
    countVariants(getDb(), product.lineId),
  ]);
  return {
    line: head ? { id: head.id, name: head.name, variants } : null,
    product: {
      id: product.id,
      sku: product.sku,
      name: product.name,
      description: product.description,
      priceCents: product.priceCents,
      stock: product.stock,
      category: product.category,
      images: product.images,
      version: product.version,
      casePack: product.casePack,
      minQuantity: product.minQuantity,
      maxQuantity: product.maxQuantity,
      tiers: await listTiers(getDb(), product.id),
      lowStockThreshold: await productThreshold(getDb(), product.id),
      bin: await productBin(getDb(), product.id),
    },
    compliance: await findProductCompliance(getDb(), product.id),
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  const id = productId(params.productId);
  const form = formOf(context);
  if (intentOf(form) === "compliance") {
    if (!(await findProduct(getDb(), id))) throw data(MESSAGES.productNotFound, { status: 404 });
    return formAction(
      form,
      complianceFormSchema,
      async (input) => {
        await saveComplianceForm(getDb(), id, input, actorOf(context));
        return redirectWithToast(`/admin/products/${id}`, {
          type: "success",
          message: BACK_OFFICE_MESSAGES.complianceSaved,
        });
      },
      { data: { intent: "compliance" } },
    );
  }
  return formAction(form, productFormSchema, async ({ changes, images, keepKeys, opened }) => {
    if (!opened) return replyError({ message: MESSAGES.reloadAndRetry }, { form });
    const uploads = await readUploads(images);
    const saved = await savingProduct(
      () => updateProductWithImages(getDb(), id, changes, { keepKeys, uploads }, opened, actorOf(context)),
      BACK_OFFICE_MESSAGES.failedToSaveProduct,
      form,
    );
    if (saved === false) throw data(MESSAGES.productNotFound, { status: 404 });
    if (saved !== true) return saved;
    return redirectWithToast("/admin/products", {
      type: "success",
      message: BACK_OFFICE_MESSAGES.productSaved(changes.name),
    });
  });
}

export default function ProductEdit({ loaderData }: Route.ComponentProps) {
  const reply = useSettledActionData<typeof action>();
  // The compliance section's own answer (its intent's); the product form's answers name the product's fields.
  const ofCompliance = (reply?.data as { intent?: string } | undefined)?.intent === "compliance";
  const complianceReply = ofCompliance ? (reply as ComplianceFormReply) : undefined;
  const productReply = ofCompliance ? undefined : (reply as ProductFormReply | undefined);
  const { product, compliance, line } = loaderData;
  return (
    <section aria-labelledby="edit-title" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="edit-title" className="mb-4 text-xl font-bold text-slate-900">
        Edit {product.name}
      </h2>
      {line ? (
        <nav aria-label="Product line" className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          {line.variants > 1 ? (
            <span className="text-slate-700">{LINE_EDITOR_MESSAGES.lineOfProduct(line.name, line.variants)}</span>
          ) : null}
          <Link to={`/admin/lines/${line.id}`} className="font-semibold text-brand-800 underline underline-offset-2">
            {LINE_EDITOR_MESSAGES.editLine}
          </Link>
          <Link
            to={`/admin/lines/${line.id}?like=${product.id}`}
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            {LINE_EDITOR_MESSAGES.addVariantLikeThis}
          </Link>
        </nav>
      ) : null}
      {/* A new version (someone else's save) starts the form again from the saved values. */}
      <ProductForm
        key={`${product.id}@${product.version}`}
        product={product}
        reply={productReply}
        submitLabel="Save changes"
      />
      <ComplianceForm
        key={`compliance-${product.id}@${product.version}`}
        productId={product.id}
        values={compliance}
        reply={complianceReply}
      />
    </section>
  );
}
