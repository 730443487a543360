import { US_STATES } from "~/lib/us-states";
import { SelectField } from "./ui/field";

const STATE_OPTIONS = US_STATES.map(([value, label]) => ({ value, label }));

export function UsStateSelect({
  name = "state",
  defaultValue,
  error,
  required = true,
}: {
  name?: string;
  defaultValue?: string | undefined;
  error?: string | undefined;
  required?: boolean;
}) {
  return (
    <SelectField
      label="State"
      name={name}
      required={required}
      defaultValue={defaultValue ?? ""}
      error={error}
      placeholder="Choose a state"
      options={STATE_OPTIONS}
    />
  );
}
