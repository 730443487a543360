import { US_STATES } from "~/lib/us-states";
import { SelectField } from "./ui/field";

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
    <SelectField label="State" name={name} required={required} defaultValue={defaultValue ?? ""} error={error}>
      <option value="">Choose a state</option>
      {US_STATES.map(([code, stateName]) => (
        <option key={code} value={code}>
          {stateName}
        </option>
      ))}
    </SelectField>
  );
}
