import { SelectField, TextField } from "~/components/ui/field";
import { fieldError, type ReplyOf } from "~/lib/form-reply";
import type { productComplianceSchema } from "~/lib/schemas/compliance";

const SYSTEMS = [
  { value: "closed", label: "Closed (cartridges, pods, disposables)" },
  { value: "open", label: "Open (refillable, e-liquid)" },
];
const NICOTINE = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

/** The excise facts of a product (issue 31): part of the compliance facts fields. */
export function ExciseFacts({
  v,
  reply,
}: {
  v: (name: "mlPerUnit" | "cartridgesPerUnit" | "vapeSystem" | "containsNicotine") => string;
  reply: ReplyOf<typeof productComplianceSchema, unknown, "labReport"> | undefined;
}) {
  return (
    <>
      <TextField
        label="E-liquid per unit (ml)"
        name="mlPerUnit"
        inputMode="decimal"
        defaultValue={v("mlPerUnit")}
        error={fieldError(reply, "mlPerUnit")}
      />
      <TextField
        label="Cartridges or pods per unit"
        name="cartridgesPerUnit"
        inputMode="numeric"
        defaultValue={v("cartridgesPerUnit")}
        error={fieldError(reply, "cartridgesPerUnit")}
      />
      <SelectField
        label="Vape system"
        name="vapeSystem"
        defaultValue={v("vapeSystem")}
        error={fieldError(reply, "vapeSystem")}
        placeholder="Not set"
        options={SYSTEMS}
      />
      <SelectField
        label="Contains nicotine"
        name="containsNicotine"
        defaultValue={v("containsNicotine")}
        error={fieldError(reply, "containsNicotine")}
        placeholder="Not set"
        options={NICOTINE}
      />
    </>
  );
}
