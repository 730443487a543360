import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { type FormReply, fieldError, postedValue } from "~/lib/form-reply";
import type { BookRule } from "~/lib/rule-book/book";
import type { RuleFields } from "./field-groups";

/** The answer a rule-book page gives its forms: which form it answers (intent), and its fields `F`. */
export type RuleBookReply<F extends string, D = unknown> = FormReply<{ intent: string } & D, F>;

/**
 * A kind's rule form (decision 0045): a new rule, or the one being edited (its id and the version
 * it was read at, so an edit over a newer change is refused). The kit gives the frame, the name and
 * the form's answer (`fields`, typed by the kind's field names `F`); the kind gives the rest,
 * built from the field groups (field-groups.tsx) and its own fields.
 */
export function RuleBookForm<F extends string>({
  id,
  noun,
  editing,
  cancelTo,
  children,
}: {
  /** The section's id, which the cards' Edit links jump to. */
  id: string;
  /** "rule", "tax rule": the heading, the form's name and the button say it. */
  noun: string;
  editing: BookRule | null;
  /** Where Cancel leads while editing (the page without the rule being edited). */
  cancelTo: string;
  children: (fields: RuleFields<F>) => ReactNode;
}) {
  const reply = useSettledActionData<RuleBookReply<F | "name">>();
  const mine = reply?.data?.intent === "save" ? (reply as FormReply<unknown, string>) : undefined;
  const busy = useNavigation().state === "submitting";
  const fields: RuleFields<F | "name"> = {
    value: (name, fallback) => postedValue(mine, name, fallback) ?? fallback,
    error: (name) => fieldError(mine, name),
  };
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const key = editing ? `${editing.id}-${editing.updatedAt}` : "new";
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        {editing ? `Edit ${noun}: ${editing.name}` : `Add a ${noun}`}
      </h3>
      <Form method="post" noValidate className="mt-3 flex flex-col gap-3" key={key} aria-label={Noun}>
        {mine && !mine.ok && mine.message ? <FormMessage tone="error">{mine.message}</FormMessage> : null}
        <input type="hidden" name="intent" value="save" />
        {editing ? (
          <>
            <input type="hidden" name="id" value={editing.id} />
            <input type="hidden" name="updatedAt" value={editing.updatedAt} />
          </>
        ) : null}
        <TextField
          label="Name"
          name="name"
          defaultValue={fields.value("name", editing?.name ?? "")}
          error={fields.error("name")}
        />
        {children(fields)}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {editing ? `Save ${noun}` : `Add ${noun}`}
          </Button>
          {editing ? (
            <Link to={cancelTo} className="inline-flex min-h-11 items-center px-3 text-sm font-semibold text-brand-700">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
