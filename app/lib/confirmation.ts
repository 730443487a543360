import type { FormEvent } from "react";

/**
 * Actions that cannot be taken back (delete a product, cancel an order…) happen only once the
 * admin has answered a question yes. The page asks in the browser and posts `confirmed=yes`; a
 * post without it (a form sent before the page's JavaScript ran, a script) changes nothing and
 * is answered with the question, which the page shows with a Confirm button (ConfirmPanel) that
 * posts the same fields again, confirmed. Decision 0023.
 */
export const CONFIRMED = "confirmed";

/** What a post that needed the admin's answer is answered with. */
export interface ConfirmStep {
  confirm: {
    /** The question, word for word as the browser's dialog asks it. */
    question: string;
    /** What the question is about (a product's name and SKU…), when the question does not say. */
    detail?: string;
    /** The fields to post again once confirmed (intent and ids). */
    fields: Record<string, string>;
    /** Whether Confirm destroys something (drawn as a danger button). */
    danger: boolean;
  };
}

/** The question of a reply that asks for confirmation, or null. */
export function confirmStepOf(
  reply: { ok: boolean; data?: unknown } | null | undefined,
): ConfirmStep["confirm"] | null {
  const data = reply && !reply.ok ? reply.data : null;
  return data && typeof data === "object" && "confirm" in data ? (data as ConfirmStep).confirm : null;
}

/**
 * A form's onSubmit: asks `question` in the browser and, if answered yes, hands `submit` the
 * form's fields with the pressed button's value and the answer. Nothing is posted on no.
 */
export function askThenSubmit(
  event: FormEvent<HTMLFormElement>,
  question: string,
  submit: (form: FormData) => void,
): void {
  event.preventDefault();
  if (!window.confirm(question)) return;
  const form = new FormData(event.currentTarget);
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  if (submitter instanceof HTMLButtonElement && submitter.name) form.set(submitter.name, submitter.value);
  form.set(CONFIRMED, "yes");
  submit(form);
}
