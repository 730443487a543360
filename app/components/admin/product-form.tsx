import { type ReactNode, useState } from "react";
import { Form, useNavigation } from "react-router";
import { CATEGORIES } from "~/lib/categories";
import { type FieldMessages, type FieldsOf, postedValue, type ReplyOf } from "~/lib/form-reply";
import type { productSchema } from "~/lib/schemas/product";

/** The product form's answer: the product schema's fields, its images and its volume prices (read apart). */
export type ProductFormReply = ReplyOf<typeof productSchema, unknown, "images" | "tiers">;
type ProductField = FieldsOf<ProductFormReply>;

import type { ProductImage as Image } from "~/lib/images";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { centsToDecimalString } from "~/lib/money";
import { type Tier, tiersToText } from "~/lib/tiers";
import { ProductImage } from "../product-image";
import { Button, ButtonLink } from "../ui/button";
import { FormMessage, SelectField, TextAreaField, TextField } from "../ui/field";

export interface ProductFormValues {
  sku: string;
  name: string;
  description: string;
  priceCents: number;
  stock: number;
  category: string;
  images: Image[];
  version: number;
  casePack: number;
  minQuantity: number;
  maxQuantity: number | null;
  tiers: Tier[];
  /** Its own low-stock threshold; null: the store-wide one. */
  lowStockThreshold: number | null;
  /** Where it sits in the warehouse (issue 39); absent on the add form. */
  bin?: string | null;
}

/** Case pack, minimum order and maximum per order (issue 16); empty fields mean single units, one case, no limit. */
function SellingUnitFields({
  product,
  value,
  errors,
}: {
  product: ProductFormValues | undefined;
  value: (name: ProductField, saved: string | undefined) => string | undefined;
  errors: FieldMessages<ProductField>;
}) {
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
      <TextField
        label="Case pack"
        name="casePack"
        inputMode="numeric"
        placeholder="1"
        defaultValue={value("casePack", product ? String(product.casePack) : "")}
        hint={BACK_OFFICE_MESSAGES.casePackHint}
        error={errors.casePack}
      />
      <TextField
        label="Minimum order"
        name="minQuantity"
        inputMode="numeric"
        placeholder="One case"
        defaultValue={value("minQuantity", product ? String(product.minQuantity) : "")}
        hint={BACK_OFFICE_MESSAGES.minimumHint}
        error={errors.minQuantity}
      />
      <TextField
        label="Maximum per order"
        name="maxQuantity"
        inputMode="numeric"
        placeholder="No limit"
        defaultValue={value("maxQuantity", product?.maxQuantity ? String(product.maxQuantity) : "")}
        hint={BACK_OFFICE_MESSAGES.maximumHint}
        error={errors.maxQuantity}
      />
      <TextAreaField
        label="Volume prices"
        name="tiers"
        rows={3}
        maxLength={2000}
        placeholder="50, 119.00"
        defaultValue={value("tiers", product ? tiersToText(product.tiers) : "")}
        hint={BACK_OFFICE_MESSAGES.tiersHint}
        error={errors.tiers}
        className="sm:col-span-3"
      />
    </div>
  );
}

export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/**
 * Add / edit product. Existing images can be removed and reordered (the kept ones are posted
 * in order as `keepImage`); new files are appended.
 */
export function ProductForm({
  product,
  reply,
  submitLabel,
  children,
}: {
  product?: ProductFormValues;
  reply?: ProductFormReply | undefined;
  submitLabel: string;
  /** More fields saved with the product (the new-product form's compliance facts). */
  children?: ReactNode;
}) {
  const errors: FieldMessages<ProductField> = reply?.fieldErrors ?? {};
  /** After a failed save, what the admin had typed; else the product's saved value. */
  const value = (name: ProductField, saved: string | undefined) => postedValue(reply, name, saved);
  const busy = useNavigation().state === "submitting";
  const [images, setImages] = useState<Image[]>(product?.images ?? []);

  const move = (index: number, delta: number) =>
    setImages((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      if (item) next.splice(Math.max(0, Math.min(next.length, index + delta)), 0, item);
      return next;
    });

  return (
    <Form method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-5">
      {reply?.message ? <FormMessage tone="error">{reply.message}</FormMessage> : null}
      {product ? (
        <>
          <input type="hidden" name="version" value={product.version} />
          <input type="hidden" name="stockSeen" value={product.stock} />
        </>
      ) : null}
      {errors.images ? (
        <FormMessage tone="error">
          <span className="block font-semibold">{BACK_OFFICE_MESSAGES.imageUploadFailed}</span>
          {errors.images}
        </FormMessage>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          required
          maxLength={200}
          defaultValue={value("name", product?.name)}
          error={errors.name}
          className="sm:col-span-2"
        />
        <TextField
          label="Price (USD)"
          name="price"
          required
          inputMode="decimal"
          placeholder="12.50"
          defaultValue={value("price", product ? centsToDecimalString(product.priceCents) : "")}
          error={errors.price}
        />
        <TextField
          label="Quantity in stock"
          name="quantity"
          required
          inputMode="numeric"
          placeholder="0"
          defaultValue={value("quantity", product ? String(product.stock) : "")}
          hint={product ? BACK_OFFICE_MESSAGES.stockCountHint : undefined}
          error={errors.quantity}
        />
        <TextField
          label="Low-stock threshold"
          name="lowStockThreshold"
          inputMode="numeric"
          placeholder="Store-wide"
          defaultValue={value("lowStockThreshold", product?.lowStockThreshold?.toString() ?? "")}
          hint={BACK_OFFICE_MESSAGES.lowStockThresholdHint}
          error={errors.lowStockThreshold}
        />
        {product ? (
          <TextField
            label="Bin location"
            name="bin"
            placeholder="A-03-2"
            maxLength={20}
            autoComplete="off"
            defaultValue={value("bin", product.bin ?? "")}
            error={errors.bin}
          />
        ) : null}
        <SelectField
          label="Category"
          name="category"
          required
          defaultValue={value("category", product?.category ?? "")}
          error={errors.category}
          placeholder="Choose a category"
          options={CATEGORIES.map((c) => ({ value: c.slug, label: c.navLabel }))}
        />
        <TextField
          label="SKU"
          name="sku"
          maxLength={64}
          defaultValue={value("sku", product?.sku)}
          hint={product ? undefined : BACK_OFFICE_MESSAGES.skuHint}
          error={errors.sku}
        />
        <SellingUnitFields product={product} value={value} errors={errors} />
        <TextAreaField
          label="Description"
          name="description"
          rows={5}
          maxLength={5000}
          defaultValue={value("description", product?.description)}
          error={errors.description}
          className="sm:col-span-2"
        />
      </div>
      {product ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Current images</legend>
          {images.length === 0 ? <p className="mt-1 text-sm text-slate-600">{BACK_OFFICE_MESSAGES.noImages}</p> : null}
          <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {images.map((img, i) => (
              <li key={img.key} className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-2">
                <input type="hidden" name="keepImage" value={img.key} />
                <ProductImage image={img} alt={`Image ${i + 1}`} sizes="160px" />
                <div className="flex flex-wrap gap-1">
                  <Button
                    variant="secondary"
                    className="min-h-9 px-2"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={`Move image ${i + 1} earlier`}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="secondary"
                    className="min-h-9 px-2"
                    disabled={i === images.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`Move image ${i + 1} later`}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    className="min-h-9 px-2 text-danger-700"
                    onClick={() => setImages((list) => list.filter((x) => x.key !== img.key))}
                    aria-label={`Remove image ${i + 1}`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor="product-images" className="text-sm font-medium text-slate-800">
          {product ? "Add images" : "Images"}
        </label>
        <input
          id="product-images"
          type="file"
          name="images"
          multiple
          accept={IMAGE_ACCEPT}
          className="text-sm file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
          aria-describedby="product-images-hint"
        />
        <p id="product-images-hint" className="text-xs text-slate-600">
          {BACK_OFFICE_MESSAGES.imageUploadHint}
        </p>
      </div>
      {children}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </Button>
        <ButtonLink to="/admin/products" variant="secondary">
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}
