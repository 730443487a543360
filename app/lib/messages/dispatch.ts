/**
 * The sentences of dispatch (issue 40): the day's routes, a route's stops, drivers and vehicles.
 * Import as a namespace: `import * as DISPATCH_MESSAGES from "~/lib/messages/dispatch"`.
 */
export const routeNotFound = "That route no longer exists.";
export const stopNotFound = "That stop is no longer on this route.";
export const routesBuilt = (routes: number, stops: number) =>
  stops === 0
    ? "No stop added: every delivery order of the day is on its route, or its route has left."
    : `${stops} ${stops === 1 ? "stop" : "stops"} added on ${routes} ${routes === 1 ? "route" : "routes"}.`;
export const noRoutes = "No routes for this day yet. Build routes to make one per zone.";
export const noUnrouted = "Every delivery order of the day is on a route.";
export const noStops = "This route has no stops.";
export const stopMoved = "Stop moved.";
export const stopOrderSuggested = "Stops ordered by distance from the warehouse.";
export const assigned = "Driver and vehicle saved.";
export const driverNotFound = "Choose one of the drivers listed.";
export const vehicleNotAvailable = "Choose one of the active vehicles listed.";
export const routeStarted = "This route has left: its driver and vehicle can no longer change.";
export const loadNeedsCrew = "A route is loaded only once it has a driver and a vehicle.";
export const statusNotAllowed = (from: string, to: string) => `A route cannot go from ${from} to ${to}.`;
export const statusSaved = (label: string) => `Route marked ${label.toLowerCase()}.`;
export const routeLocked = "This route has left: its stops can no longer be reordered.";
export const chooseStatus = "Choose a status.";
export const chooseDirection = "Choose up, down or a position.";
export const positionInvalid = "Position must be a whole number from 1 to the number of stops.";
export const vehicleAdded = (name: string) => `Vehicle ${name} added.`;
export const vehicleSaved = (name: string) => `Vehicle ${name} saved.`;
export const vehicleDeactivated = (name: string) => `Vehicle ${name} deactivated.`;
export const vehicleActivated = (name: string) => `Vehicle ${name} is active again.`;
export const vehicleNotFound = "That vehicle no longer exists.";
export const noVehicles = "No vehicles yet. Add the first truck below.";
export const noDrivers = "No drivers yet: invite one on the Sales reps page (a staff invitation as driver).";
export const cancelledStop = "Cancelled: not picked or loaded.";
export const pickListEmpty = "Nothing to pick: every order on this route was cancelled.";
export const chooseDay = "Choose a day, as YYYY-MM-DD.";
export const loadingListEmpty = "Nothing to load: every order on this route was cancelled.";
