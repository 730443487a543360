import { useEffect, useRef } from "react";
import type { FormReply } from "~/lib/form-reply";
import { notify } from "./toast";

export interface ReplyToastOptions {
  /** Said after a success that brings no message of its own; `false`: a success shows no toast. */
  success?: string | false;
  /** Said after a failure that brings no message; `false`: a failure shows no toast (the form says it). */
  error?: string | false;
  /** A field whose error stands in for a failure's missing message (a one-field form). */
  field?: string;
  /**
   * The fetcher's or navigation's state, when the toast waits until the page has reloaded its data
   * ("idle"). Left out, the toast shows as soon as the answer arrives: a row that leaves the list
   * on reload (and its component with it) must tell before it goes.
   */
  state?: string;
  /** Run once per successful answer, after its toast (closing a dialog, emptying a form). */
  onSuccess?: () => void;
}

/** The answers already told: each answer object is told once, whoever renders it again. */
const told = new WeakSet<object>();

/**
 * Shows the toast of a form's answer (the one form contract, lib/form-reply.ts): its message, as
 * a success or an error, once per answer. A re-render, a remount or a changed callback does not
 * show it again; the next answer (a new object) does.
 */
export function useReplyToast(
  reply: FormReply<unknown, string> | null | undefined,
  options: ReplyToastOptions = {},
): void {
  const latest = useRef(options);
  latest.current = options;
  const settled = options.state === undefined || options.state === "idle";
  useEffect(() => {
    if (!reply || !settled || told.has(reply)) return;
    told.add(reply);
    const { success, error, field, onSuccess } = latest.current;
    if (reply.ok) {
      const message = reply.message ?? (success || undefined);
      if (success !== false && message) notify("success", message);
      onSuccess?.();
      return;
    }
    const message = reply.message ?? (field ? reply.fieldErrors?.[field] : undefined) ?? (error || undefined);
    if (error !== false && message) notify("error", message);
  }, [reply, settled]);
}
