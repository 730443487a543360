import { Form, useNavigation } from "react-router";
import { BulkDialog, UnchangedSelect } from "~/components/admin/bulk-dialog";
import { Button } from "~/components/ui/button";
import { FormMessage, SelectField, TextField } from "~/components/ui/field";
import { FLAVOR_CLASSES, PRODUCT_CLASSES } from "~/lib/compliance/vocabulary";
import { fieldError, postedValue, type ReplyOf } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import type { ProductComplianceInput, productComplianceSchema } from "~/lib/schemas/compliance";
import { ExciseFacts } from "./excise-facts";

export interface ComplianceFormValues extends ProductComplianceInput {
  labReport: { type: string; size: number } | null;
}

const text = (v: string | number | boolean | readonly string[] | null) =>
  v === null ? "" : typeof v === "boolean" ? (v ? "yes" : "no") : typeof v === "object" ? v.join(", ") : String(v);

/**
 * The compliance facts fields (everything but the lab report): in the edit page's Compliance form
 * and in the new-product form, where they are saved with the product.
 */
/** The compliance form's answer: its fields are the schema's, and the lab report's file. */
export type ComplianceFormReply = ReplyOf<typeof productComplianceSchema, unknown, "labReport">;

export function ComplianceFacts({
  values,
  reply,
}: {
  values: ProductComplianceInput | null;
  reply: ComplianceFormReply | undefined;
}) {
  const v = (name: keyof ProductComplianceInput) => postedValue(reply, name, text(values ? values[name] : null)) ?? "";
  return (
    <>
      <TextField label="Brand" name="brand" defaultValue={v("brand")} error={fieldError(reply, "brand")} />
      <SelectField
        label="Product class"
        name="productClass"
        defaultValue={v("productClass")}
        error={fieldError(reply, "productClass")}
        placeholder="Not set"
        options={PRODUCT_CLASSES}
      />
      <SelectField
        label="Flavor class (vapes)"
        name="flavorClass"
        defaultValue={v("flavorClass")}
        error={fieldError(reply, "flavorClass")}
        placeholder="Not set"
        options={FLAVOR_CLASSES}
      />
      <TextField
        label="Nicotine strength (mg/mL)"
        name="nicotineMgMl"
        inputMode="decimal"
        defaultValue={v("nicotineMgMl")}
        error={fieldError(reply, "nicotineMgMl")}
      />
      <TextField
        label="Country of manufacture (two-letter code)"
        name="country"
        maxLength={2}
        defaultValue={v("country")}
        error={fieldError(reply, "country")}
      />
      <TextField label="UPC" name="upc" inputMode="numeric" defaultValue={v("upc")} error={fieldError(reply, "upc")} />
      <TextField
        label="THC per container (mg)"
        name="thcMg"
        inputMode="decimal"
        defaultValue={v("thcMg")}
        error={fieldError(reply, "thcMg")}
      />
      <TextField
        label="7-OH share (%)"
        name="sevenOhPercent"
        inputMode="decimal"
        defaultValue={v("sevenOhPercent")}
        error={fieldError(reply, "sevenOhPercent")}
      />
      <TextField
        label="Listed in the vape directory of (states)"
        name="directoryStates"
        className="sm:col-span-2"
        placeholder="for example KY, NC"
        hint={BACK_OFFICE_MESSAGES.directoryStatesHint}
        defaultValue={v("directoryStates")}
        error={fieldError(reply, "directoryStates")}
      />
      <ExciseFacts v={v} reply={reply} />
    </>
  );
}

/**
 * The compliance section of the product edit page (issue 15): brand, class, flavor, nicotine,
 * country, UPC, THC per container, 7-OH share, the states whose vape directory lists it and the lab
 * report. Its own form, saved on its own.
 */
export function ComplianceForm({
  productId,
  values,
  reply,
}: {
  productId: number;
  values: ComplianceFormValues;
  reply: ComplianceFormReply | undefined;
}) {
  const mine = reply && (reply.data as { intent?: string } | undefined)?.intent === "compliance" ? reply : undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="compliance-title" className="mt-6 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="compliance-title" className="mb-1 text-xl font-bold text-slate-900">
        Compliance
      </h2>
      <p className="mb-4 text-sm text-slate-600">{BACK_OFFICE_MESSAGES.complianceFormIntro}</p>
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        aria-label="Compliance"
        className="grid gap-3 sm:grid-cols-2"
      >
        {mine && !mine.ok && mine.message ? (
          <div className="sm:col-span-2">
            <FormMessage tone="error">{mine.message}</FormMessage>
          </div>
        ) : null}
        <input type="hidden" name="intent" value="compliance" />
        <ComplianceFacts values={values} reply={mine} />
        <TextField
          label="Lab report (PDF, JPEG or PNG)"
          name="labReport"
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          className="sm:col-span-2"
          error={fieldError(reply, "labReport")}
          hint={
            values.labReport ? (
              <a
                href={`/products/details/${productId}/lab-report`}
                target="_blank"
                rel="noopener"
                className="text-brand-700 underline"
              >
                {MESSAGES.labReportLink}
              </a>
            ) : (
              BACK_OFFICE_MESSAGES.noLabReport
            )
          }
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            Save compliance
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** Bulk compliance: brand, class, flavor, country and directory listings for the selected products. */
export function BulkComplianceDialog({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  return (
    <BulkDialog
      ids={ids}
      onDone={onDone}
      opener="Bulk compliance"
      openerVariant="secondary"
      title={`Compliance of ${ids.length} selected product${ids.length === 1 ? "" : "s"}`}
      intent="bulk-compliance"
    >
      <TextField label="Brand" name="brand" placeholder="unchanged" />
      <UnchangedSelect label="Product class" name="productClass" options={PRODUCT_CLASSES} />
      <UnchangedSelect label="Flavor class" name="flavorClass" options={FLAVOR_CLASSES} />
      <TextField label="Country of manufacture" name="country" maxLength={2} placeholder="unchanged" />
      <TextField
        label="Add vape directory listings (states)"
        name="addDirectoryStates"
        placeholder="unchanged"
        hint={BACK_OFFICE_MESSAGES.bulkDirectoryStatesHint}
      />
      <TextField label="E-liquid per unit (ml)" name="mlPerUnit" inputMode="decimal" placeholder="unchanged" />
      <TextField
        label="Cartridges or pods per unit"
        name="cartridgesPerUnit"
        inputMode="numeric"
        placeholder="unchanged"
      />
      <UnchangedSelect
        label="Vape system"
        name="vapeSystem"
        options={[
          { value: "closed", label: "Closed" },
          { value: "open", label: "Open" },
        ]}
      />
      <UnchangedSelect
        label="Contains nicotine"
        name="containsNicotine"
        options={[
          { value: "yes", label: "Yes" },
          { value: "no", label: "No" },
        ]}
      />
    </BulkDialog>
  );
}
