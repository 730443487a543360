/**
 * The sentences of local delivery (issue 40): zones, holidays, delivery days at checkout.
 * Import as a namespace: `import * as DELIVERY_MESSAGES from "~/lib/messages/delivery"`.
 */
export const zoneNameTaken = (name: string) => `A delivery zone named ${name} already exists.`;
export const zoneCreated = (name: string) => `Delivery zone ${name} added.`;
export const zoneSaved = (name: string) => `Delivery zone ${name} saved.`;
export const zoneNotFound = "That delivery zone no longer exists.";
export const noZones = "No delivery zones yet: every order ships by carrier. Add the first zone below.";
export const zipsInvalid = (zip: string) => `${zip} is not a ZIP code: enter 5-digit ZIP codes separated by commas.`;
export const zipsRequired = "Enter at least one ZIP code.";
export const zipTaken = (zip: string, zone: string) => `ZIP code ${zip} is already in the zone ${zone}.`;
export const routeDaysRequired = "Choose at least one route day.";
export const cutoffTimeInvalid = "Cutoff time must be a time of day such as 16:00.";
export const cutoffDaysInvalid = "Days before must be a whole number from 0 to 14.";
export const holidayAdded = (day: string) => `No deliveries on ${day}.`;
export const holidayRemoved = (day: string) => `Deliveries run again on ${day}.`;
export const holidayTaken = (day: string) => `${day} is already a holiday.`;

export const deliveryDayHeading = "Delivery day";
export const deliveryDayHint = (zone: string, cutoff: string) =>
  `Delivered on our own truck (${zone}). Orders close ${cutoff} before each route day.`;
export const deliveryFeeRow = "Delivery";
export const deliveryFreeFrom = (amount: string) => `Free delivery on orders of ${amount} or more.`;
export const deliveryDayGone = "That delivery day is no longer available. Please choose another.";
export const deliveryMinimum = (amount: string, missing: string) =>
  `Delivery to this address needs an order of at least ${amount}: add ${missing} more.`;
export const shipsByCarrier = "This address is outside our delivery area: the order ships by carrier.";
export const deliveryOn = (day: string) => `Delivery on ${day}`;
export const freeFromHint = "Orders with goods of this amount or more are delivered free.";
export const holidaysHint = "No truck runs on these days; orders go to the next route day.";
