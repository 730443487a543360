/**
 * The sentences of webhooks (issue 42): the back office's endpoints, their deliveries, and the
 * mail to the admins when an endpoint is turned off.
 * Import as a namespace: `import * as WEBHOOK_MESSAGES from "~/lib/messages/webhooks"`.
 */
export const urlInvalid = "Enter the endpoint's full URL, starting with https://.";
export const urlMustBeHttps = "The URL must start with https://.";
export const urlHasCredentials = "The URL may not carry a user name or password.";
export const urlForbiddenAddress =
  "This URL points to a private, loopback or internal address. Webhooks go only to public addresses.";
export const chooseEvents = "Choose at least one event.";
export const unknownEvent = "Choose events from the list.";
export const descriptionTooLong = "Keep the description to 200 characters.";
export const endpointNotFound = "That webhook endpoint no longer exists.";
export const messageNotFound = "That delivery is no longer in this endpoint's log.";
export const endpointAdded = "Webhook endpoint added. Copy its signing secret below.";
export const eventsSaved = "Events saved.";
export const secretRolled = "Secret rolled. The previous secret still signs for 24 hours.";
export const endpointEnabled = "Endpoint enabled.";
export const endpointDisabled = "Endpoint disabled.";
export const replayQueued = "Delivery queued again.";
export const noEndpoints = "No webhook endpoints yet. Add one below.";
export const noDeliveries = "No deliveries yet.";
export const disabledGone = "The receiver answered 410 Gone.";
export const disabledFailing = "Every attempt to deliver failed for three days.";
export const disabledExhausted = "All attempts of a message failed.";
export const disabledByAdmin = "Disabled by an admin.";
export const endpointDisabledMailSubject = (url: string) => `Webhook endpoint disabled: ${url}`;
export const endpointDisabledMailBody = (url: string, reason: string) =>
  `The webhook endpoint ${url} was disabled: ${reason} No more events are sent to it until an admin enables it again.`;
export const previousSecretUntil = (when: string) => `The previous secret also signs until ${when}.`;
export const replayNeedsEnabled = "Enable the endpoint before replaying its deliveries.";
export const webhooksIntro =
  "Each event is sent as a signed POST (Standard Webhooks) and retried for about three days.";
export const secretHint =
  "Your receiver verifies each delivery's webhook-signature header with this secret. Keep it private.";
export const replayHint = "Sends the delivery again now, with the same webhook-id.";
export const attemptUrlInvalid = "The URL is not valid.";
export const attemptHttpsOnly = "Only https URLs are allowed.";
export const attemptRefused = (detail: string) => `Refused: ${detail}.`;
export const attemptTimedOut = (seconds: number) => `No answer within ${seconds} s.`;
