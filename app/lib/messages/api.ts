/**
 * The sentences of the public REST API (issue 42): its problem documents, the API keys page of
 * the back office and the reference page. Import as a namespace:
 * `import * as API_MESSAGES from "~/lib/messages/api"`.
 */
export const keyMissing = "Send the API key as Authorization: Bearer <key>.";
export const keyInvalid = "This API key is not valid or has been revoked.";
export const scopeMissing = (scope: string) => `This API key does not have the ${scope} scope.`;
export const tooManyRequests = "This API key has made too many requests. Try again in a minute.";
export const notFound = "No such resource.";
export const methodNotAllowed = (allowed: string) => `This resource answers ${allowed} only.`;
export const invalidRequest = "The request has invalid parameters or body.";
export const notJson = "Send the body as JSON (Content-Type: application/json).";
export const bodyTooLarge = "The request body is too large.";
export const malformedJson = "The body is not valid JSON.";
export const idempotencyKeyInvalid = "Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores.";
export const idempotencyKeyReused = "This Idempotency-Key was already used with a different body.";
export const idempotencyInProgress = "A request with this Idempotency-Key is still being answered. Retry shortly.";
export const cursorInvalid = "The cursor is not one this API gave.";
export const updatedSinceInvalid = "updated_since must be an ISO 8601 date and time.";
export const conflict = "The request conflicts with the current state of the resource.";
export const internalError = "Something went wrong. The request may be retried.";
export const productNotFound = (ref: string) => `No product ${ref}.`;
export const orderNotFound = "No such order.";
export const businessNotFound = "No such business.";
export const duplicateProduct = (ref: string) => `Product ${ref} appears more than once.`;
export const nothingToChange = "Each item needs a price, a stock or both.";
export const optionsBeyondNames = (count: number) =>
  count === 0
    ? "This line has no options: leave options out."
    : `This line has ${count} option${count === 1 ? "" : "s"}: give at most ${count} values.`;
export const itemNeedsOneRef = "Each item names its product by id or by sku, not both.";

// The back office's API keys page.
export const keysTitle = "API keys";
export const keysIntro =
  "Programs that work with the store (an accounting tool, a marketplace feed) use a key. Each key may do only what its scopes allow.";
export const noKeys = "No API keys yet.";
export const keyNameRequired = "Enter a name for the key.";
export const keyNameTooLong = "A key's name is at most 80 characters.";
export const chooseScope = "Choose at least one scope.";
export const rateInvalid = "Requests per minute must be a whole number from 1 to 100,000.";
export const keyCreated = (name: string) => `Key ${name} created. Copy it now: it is shown only once.`;
export const keyShownOnce = "This is the only time the key is shown. Store it somewhere safe.";
export const keyRevoked = (name: string) => `Key ${name} revoked. Requests with it are refused from now on.`;
export const keyNotFound = "That key no longer exists.";
export const keyAlreadyRevoked = "That key is already revoked.";
export const confirmRevoke = (name: string) => `Revoke the key ${name}? Programs using it stop working at once.`;
export const neverUsed = "Never used";
export const docsLink = "Read the API reference";
export const docsIntro =
  "Every request sends a key as Authorization: Bearer <key>. Lists are paged with cursor and limit and filtered with updated_since; errors are problem documents (RFC 9457).";
