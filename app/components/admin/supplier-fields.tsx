import { TextAreaField, TextField } from "~/components/ui/field";
import type { FormReply } from "~/lib/form-reply";

type SupplierField = "name" | "email" | "phone" | "leadTimeDays" | "terms" | "notes" | "active";

export interface SavedSupplier {
  name: string;
  email: string;
  phone: string;
  leadTimeDays: number;
  terms: string;
  notes: string;
  active: boolean;
}

/** A supplier's fields (issue 39): the new supplier form and a supplier's own page. */
export function SupplierFields({
  reply,
  saved,
}: {
  reply: FormReply<unknown, string> | undefined;
  saved?: SavedSupplier;
}) {
  const errors = (reply?.fieldErrors ?? {}) as Partial<Record<SupplierField, string>>;
  const posted = (reply && !reply.ok ? reply.values : undefined) as Partial<Record<SupplierField, string>> | undefined;
  const v = (name: SupplierField, fallback: string) => (posted && name in posted ? (posted[name] ?? "") : fallback);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Supplier name"
        name="name"
        required
        maxLength={100}
        defaultValue={v("name", saved?.name ?? "")}
        error={errors.name}
      />
      <TextField
        label="Order email"
        name="email"
        type="email"
        required
        autoComplete="off"
        defaultValue={v("email", saved?.email ?? "")}
        error={errors.email}
      />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        defaultValue={v("phone", saved?.phone ?? "")}
        error={errors.phone}
      />
      <TextField
        label="Lead time (days)"
        name="leadTimeDays"
        inputMode="numeric"
        required
        defaultValue={v("leadTimeDays", String(saved?.leadTimeDays ?? 7))}
        error={errors.leadTimeDays}
      />
      <TextField
        label="Terms"
        name="terms"
        placeholder="Net 30"
        defaultValue={v("terms", saved?.terms ?? "")}
        error={errors.terms}
      />
      <div className="flex items-center gap-2 self-end pb-2">
        <input
          id="supplier-active"
          type="checkbox"
          name="active"
          className="size-5"
          defaultChecked={posted ? posted.active === "on" : (saved?.active ?? true)}
        />
        <label htmlFor="supplier-active" className="text-sm font-medium text-slate-800">
          Active (suggested and orderable)
        </label>
      </div>
      <TextAreaField
        label="Notes"
        name="notes"
        rows={3}
        className="sm:col-span-2"
        defaultValue={v("notes", saved?.notes ?? "")}
        error={errors.notes}
      />
    </div>
  );
}
