import { useId } from "react";
import { Link, useFetcher } from "react-router";
import { fieldError, type ReplyOf } from "~/lib/form-reply";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import { type ListChoice, NEW_LIST } from "~/lib/saved-lists";
import type { listTargetSchema } from "~/lib/schemas/saved-lists";
import { Button, buttonClass } from "../ui/button";
import { FormMessage, SelectField, TextField } from "../ui/field";

/**
 * Which list products go to: one of the customer's lists, or a new one named here. The name field
 * shows when "New list" is chosen by CSS alone (the chosen option is `:checked`), so the form works
 * the same before the page's JavaScript has run.
 */
export function ListPickerFields({
  lists,
  reply,
  newNameLabel = "New list name",
}: {
  lists: ListChoice[];
  reply?: ReplyOf<typeof listTargetSchema, unknown> | null | undefined;
  newNameLabel?: string;
}) {
  const id = useId();
  if (lists.length === 0) {
    return (
      <>
        <input type="hidden" name="listId" value={NEW_LIST} />
        <TextField
          id={`${id}-name`}
          label={newNameLabel}
          name="newName"
          maxLength={60}
          autoComplete="off"
          placeholder="Weekly restock"
          error={fieldError(reply, "newName")}
        />
      </>
    );
  }
  return (
    <div className="group flex flex-col gap-3">
      <SelectField
        id={`${id}-list`}
        label="List"
        name="listId"
        defaultValue={String(lists[0]?.id)}
        error={fieldError(reply, "listId")}
        options={[
          ...lists.map((l) => ({ value: String(l.id), label: l.name })),
          { value: NEW_LIST, label: "New list…", className: "new-list-option" },
        ]}
      />
      <div className="hidden group-has-[.new-list-option:checked]:block">
        <TextField
          id={`${id}-name`}
          label={newNameLabel}
          name="newName"
          maxLength={60}
          autoComplete="off"
          placeholder="Weekly restock"
          error={fieldError(reply, "newName")}
        />
      </div>
    </div>
  );
}

export type SavedToListReply = ReplyOf<typeof listTargetSchema, { listId: number; listName: string }>;

/**
 * "Save cart as a list" and "Save as list" (a past order): a disclosure with the list picker,
 * posted to /account/lists, which answers what was saved and where (a link to the list).
 */
export function SaveToList({
  title,
  lists,
  hidden,
  disabled = false,
}: {
  title: string;
  lists: ListChoice[];
  /** The fields that say what to save (intent, cart lines or order id). */
  hidden: Record<string, string>;
  disabled?: boolean;
}) {
  const fetcher = useFetcher<SavedToListReply>();
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <details className="group/save rounded-lg border border-slate-200 bg-white">
      <summary
        className={buttonClass(
          "secondary",
          "w-full cursor-pointer list-none border-0 [&::-webkit-details-marker]:hidden group-open/save:rounded-b-none",
        )}
      >
        {title}
      </summary>
      <fetcher.Form method="post" action="/account/lists" className="flex flex-col gap-3 p-3">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <ListPickerFields lists={lists} reply={reply} />
        <Button type="submit" disabled={disabled || fetcher.state !== "idle"}>
          Save list
        </Button>
        {reply?.message ? (
          <FormMessage tone={reply.ok ? "success" : "error"}>
            {reply.message}
            {reply.ok && reply.data ? (
              <>
                {" "}
                <Link to={`/account/lists/${reply.data.listId}`} className="font-semibold underline">
                  {ACCOUNT_MESSAGES.openList(reply.data.listName)}
                </Link>
              </>
            ) : null}
          </FormMessage>
        ) : null}
      </fetcher.Form>
    </details>
  );
}
