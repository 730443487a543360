import { type ReactNode, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormMessage, SelectField } from "~/components/ui/field";
import { useReplyToast } from "~/components/use-reply-toast";
import type { FormWideReply } from "~/lib/form-reply";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";

/**
 * A bulk edit of the products selected on /admin/products, in a dialog: the selected ids go with
 * the form, empty fields stay as they are, and a success closes the dialog, empties the form for
 * the next selection and clears the selection (`onDone`, stable).
 */
export function BulkDialog({
  ids,
  onDone,
  opener,
  openerVariant = "primary",
  title,
  intent,
  children,
}: {
  ids: number[];
  onDone: () => void;
  /** The button that opens the dialog, without the count. */
  opener: string;
  openerVariant?: "primary" | "secondary";
  title: string;
  /** The action's intent for this edit. */
  intent: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<FormWideReply>();
  const titleId = `bulk-${intent}-title`;
  useReplyToast(fetcher.data, {
    success: "Done.",
    // The dialog shows a refusal itself.
    error: false,
    onSuccess: () => {
      form.current?.reset();
      dialog.current?.close();
      onDone();
    },
  });
  return (
    <>
      <Button variant={openerVariant} disabled={ids.length === 0} onClick={() => dialog.current?.showModal()}>
        {opener} ({ids.length})
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-full max-w-md rounded-lg p-0 shadow-2xl backdrop:bg-slate-950/60"
      >
        <fetcher.Form ref={form} method="post" className="flex flex-col gap-4 p-5">
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-600">{BACK_OFFICE_MESSAGES.bulkEditHint}</p>
          {fetcher.data && !fetcher.data.ok ? <FormMessage tone="error">{fetcher.data.message}</FormMessage> : null}
          {ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          {children}
          <div className="flex gap-3">
            <Button type="submit" name="intent" value={intent} disabled={fetcher.state !== "idle"}>
              Apply to {ids.length}
            </Button>
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
          </div>
        </fetcher.Form>
      </dialog>
    </>
  );
}

/** A choice of a bulk edit: "Unchanged" (the default, which sends nothing) or one of `options`. */
export function UnchangedSelect({
  label,
  name,
  options,
}: {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
}) {
  return <SelectField label={label} name={name} defaultValue="" placeholder="Unchanged" options={options} />;
}
