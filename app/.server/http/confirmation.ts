import { CONFIRMED, type ConfirmStep } from "~/lib/confirmation";
import { replyError } from "./forms";

/** Whether the post carries the admin's yes to the page's question (app/lib/confirmation.ts). */
export function isConfirmed(form: FormData): boolean {
  return form.get(CONFIRMED) === "yes";
}

/** The answer to a post that needs confirmation and came without it: the question; nothing changed. */
export function askFirst(step: ConfirmStep["confirm"]) {
  return replyError<ConfirmStep>({ message: step.question }, { status: 200, data: { confirm: step } });
}
