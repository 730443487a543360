/**
 * The sentences of the driver's phone app and the end-of-day settlement (issue 40), word for
 * word. Import as a namespace: `import * as DRIVER from "~/lib/messages/driver"`.
 */
export const notYourStop = "This stop is not on your route for today.";
export const orderCancelled = (orderId: number) => `Order #${orderId} was cancelled: do not hand it over.`;
export const stopClosed = "This stop is already recorded.";
export const orderNotDeliverable = (orderId: number, status: string) =>
  `Order #${orderId} is ${status}: it cannot be delivered now.`;
export const receiverNameRequired = "Write the receiver's printed name.";
export const signatureRequired = "Ask the receiver to sign.";
export const deliveredTooMany = "A quantity delivered cannot be more than was ordered.";
export const reasonRequired = "Say why less was delivered: short or refused.";
export const nothingDelivered = "Nothing was handed over: record the stop as not delivered.";
export const checkNumberRequired = "Write the check's number.";
export const amountRequired = "Enter the amount collected.";
export const unknownAction = "The phone sent an action this store does not know.";
export const keyReused = "This action's key was used for another action.";
export const signatureUnreadable = "The signature could not be read: ask the receiver to sign again.";
export const photoUnreadable = "The photo could not be read: take it again.";
export const deliveredSummary = (stop: number) => `Stop ${stop} delivered.`;
export const partialSummary = (stop: number) => `Stop ${stop} partly delivered.`;
export const notDeliveredSummary = (stop: number) => `Stop ${stop} not delivered.`;
export const collectedSummary = (amount: string) => `Collected ${amount}.`;
export const waitingToSend = (count: number) =>
  count === 1 ? "1 action waits to be sent." : `${count} actions wait to be sent.`;
export const allSent = "Everything is sent.";
export const offlineNotice = "No signal: what you record is kept on this phone and sent when the signal is back.";
export const sendingFailed = (message: string) => `Not recorded: ${message}`;
export const noRouteToday = "No route for you today.";
export const routeStopsCount = (count: number) => (count === 1 ? "1 stop" : `${count} stops`);
export const collectCod = (amount: string) => `Collect ${amount} (cash on delivery).`;
export const collectPrepaid = "Prepaid: nothing to collect.";
export const collectTerms = (terms: string) => `On terms (${terms}): nothing to collect; a payment may be taken.`;
export const savedOnPhone = "Saved on this phone.";
export const signHere = "Signature: the receiver signs in the box with a finger.";
export const signatureCanvasLabel = "Signature pad. The printed name above stands for the signature.";
export const clearSignature = "Clear";
export const deliveryMailSubject = (orderId: number) => `Order #${orderId} was delivered`;
export const deliveryMailBody = (orderId: number, receiver: string, at: string) =>
  `Order #${orderId} was delivered and received by ${receiver} on ${at}.`;
export const partialMailBody = (orderId: number) =>
  `Some items of order #${orderId} were not delivered; the order and its invoice show what was.`;
export const settlementSaved = "Route settled.";
export const settlementDifference = (amount: string) => `Difference of ${amount}.`;
export const settlementMatches = "Counted matches collected.";
export const routeNotSettleable = "This route cannot be settled now.";
export const countFormat = "Enter an amount in dollars and cents, like 125.50.";
export const noteTooLong = "A note has at most 500 characters.";
export const noRoutesThatDay = "No routes that day.";
export const driversOnly = "Only the store's drivers use the delivery pages.";
export const signatureAlt = (name: string) => `Signature of ${name}`;
export const photoAlt = "Photo taken at delivery";
