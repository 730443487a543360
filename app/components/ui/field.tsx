import { type ComponentProps, type ReactNode, useId } from "react";

/** The look of a text control: the fields below, and controls built on them (the product picker). */
export const FIELD_CONTROL =
  "block w-full min-h-11 rounded-md border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-2 focus:outline-brand-500 aria-[invalid=true]:border-danger-600";

interface FieldShell {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

function Shell({
  id,
  label,
  error,
  hint,
  className = "",
  required,
  children,
}: FieldShell & { id: string; required?: boolean | undefined; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span aria-hidden="true" data-required-mark className="text-danger-600">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function TextField({
  label,
  error,
  hint,
  className,
  id: givenId,
  ...input
}: FieldShell & Omit<ComponentProps<"input">, "className">) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Shell id={id} label={label} error={error} hint={hint} className={className} required={input.required}>
      <input
        id={id}
        className={`${FIELD_CONTROL} border-slate-300`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </Shell>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  id: givenId,
  ...input
}: FieldShell & Omit<ComponentProps<"textarea">, "className">) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Shell id={id} label={label} error={error} hint={hint} className={className} required={input.required}>
      <textarea
        id={id}
        className={`${FIELD_CONTROL} min-h-28 border-slate-300`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </Shell>
  );
}

/** One choice of a SelectField: a value shown as itself, or a value and its label. */
export type SelectOption = string | { value: string; label: ReactNode; className?: string };

/**
 * A labeled select: `options` are its choices; `placeholder` is a first choice with no value
 * ("Choose a state", "Not set"…).
 */
export function SelectField({
  label,
  error,
  hint,
  className,
  id: givenId,
  options,
  placeholder,
  ...select
}: FieldShell &
  Omit<ComponentProps<"select">, "className" | "children"> & {
    options: readonly SelectOption[];
    placeholder?: string;
  }) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Shell id={id} label={label} error={error} hint={hint} className={className} required={select.required}>
      <select
        id={id}
        className={`${FIELD_CONTROL} border-slate-300`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) =>
          typeof option === "string" ? (
            <option key={option} value={option}>
              {option}
            </option>
          ) : (
            <option key={option.value} value={option.value} className={option.className}>
              {option.label}
            </option>
          ),
        )}
      </select>
    </Shell>
  );
}

export { FormMessage } from "./form-message";
