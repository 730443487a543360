import { expect, type Locator, type Page } from "@playwright/test";

/** The question the server shows when a post came without the admin's answer (ConfirmPanel). */
export function confirmStep(page: Page, question: string): Locator {
  return page.getByRole("region", { name: question });
}

/**
 * Taps `button` and answers its question, wherever the page asks it: in the browser's dialog
 * once the page's JavaScript runs, or on the page the server answers with when the tap came
 * before that (Confirm or Cancel). The question must be `question`, word for word.
 */
export async function answerQuestion(page: Page, button: Locator, question: string, yes: boolean): Promise<void> {
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void (yes ? dialog.accept() : dialog.dismiss());
  });
  await button.click();
  const step = confirmStep(page, question);
  await expect.poll(async () => asked.length > 0 || (await step.isVisible())).toBe(true);
  if (asked.length > 0) {
    expect(asked).toEqual([question]);
    return;
  }
  await step.getByRole(yes ? "button" : "link", { name: yes ? "Confirm" : "Cancel", exact: true }).click();
  await expect(step).toBeHidden();
}
