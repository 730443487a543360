/** A group of checkboxes under a legend, with its error below (none, one or several may be ticked). */
export function Checkboxes({
  legend,
  name,
  options,
  checked,
  error,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  checked: readonly string[];
  error?: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((o) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" name={name} value={o.value} defaultChecked={checked.includes(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
      {error ? <FieldAlert>{error}</FieldAlert> : null}
    </fieldset>
  );
}

/** A tick box with its label (a flag of the rule: all products, nicotine only). */
export function Flag({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
      <input type="checkbox" name={name} value="on" defaultChecked={checked} />
      {label}
    </label>
  );
}

/** An error said for a group of fields. */
export function FieldAlert({ children }: { children: string }) {
  return (
    <p className="text-sm text-danger-600" role="alert">
      {children}
    </p>
  );
}
