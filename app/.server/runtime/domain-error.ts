/**
 * A refusal a person can act on, in their words: a SKU already taken, an order changed since the
 * page was opened, an address book full. Each domain throws its own subclass (the message comes
 * from app/lib/messages); every one carries the HTTP status of its answer and the form field it
 * belongs to ("form" when it is about the whole form). `domainErrorReply` (http.ts) turns any of
 * them into the form's answer, in one place; anything else is a bug, not the user's to fix.
 */
export class DomainError extends Error {
  readonly status: number;
  readonly field: string;

  constructor(message: string, options: { status?: number; field?: string } = {}) {
    super(message);
    this.name = new.target.name;
    this.status = options.status ?? 400;
    this.field = options.field ?? "form";
  }
}
