/**
 * The sentences of a product line's page and its grid (issue 38), word for word. Import as a
 * namespace: `import * as LINE_MESSAGES from "~/lib/messages/lines"`.
 */
/** The grid's caption for a screen reader and the heading above it. */
export function gridHeading(optionNames: readonly string[]): string {
  return optionNames.length ? `Order by ${optionNames.map((n) => n.toLowerCase()).join(" and ")}` : "Order";
}
/** "12 flavors" on a line's card: how many variants it has, by its first option's name. */
export function variantCount(count: number, optionName: string | undefined): string {
  const noun = (optionName ?? "option").toLowerCase();
  const plural = /(s|x|ch|sh)$/.test(noun) ? `${noun}es` : noun.endsWith("y") ? `${noun.slice(0, -1)}ies` : `${noun}s`;
  return `${count} ${count === 1 ? noun : plural}`;
}
/** A grid cell's quantity box, named for a screen reader. */
export function quantityOf(variantName: string): string {
  return `Quantity of ${variantName}`;
}
export const gridTotal = "Total";
export const gridAddToCart = "Add to cart";
export const gridNothingChosen = "Enter a quantity for at least one flavor or strength.";
export const gridUnits = (units: number) => `${units.toLocaleString("en-US")} unit${units === 1 ? "" : "s"}`;
/** What a grid added at once, when every quantity went in. */
export function gridAdded(lineName: string, variants: number, units: number): string {
  return `${lineName}: ${variants} ${variants === 1 ? "item" : "items"} (${gridUnits(units)}) added to cart!`;
}
export const gridWrongLine = "One of the quantities is for a product of another line. Reload the page and try again.";
export const gridQuantityNotWhole = (name: string) => `Enter a whole number of units for ${name}.`;
export const gridNotOrderable = (name: string) => `${name} cannot be ordered now.`;
export const gridNoCombination = "Not made";
export const gridLogInForPrices = "Log in to see prices and order.";
export const lineNotFound = "Product line not found.";
/** A brand's page heading. */
export const brandHeading = (brand: string) => `${brand} products`;
export const brandNotFound = "Brand not found.";
export const cellInStock = "In stock";
export const cellOutOfStock = "Out of stock";
export const cellAvailability = "Availability";
export const optionHeading = "Option";
export const notifyMe = "Notify me";
export const notifyMeOf = (name: string) => `Notify me when ${name} is back in stock`;
export const cellLeft = (stock: number) => `${stock.toLocaleString("en-US")} left`;
export const filtersHeading = "Filters";
export const filtersSummary = (chosen: number) => (chosen ? `Filters (${chosen} chosen)` : "Filters");
export const inStockOnly = "In stock only";
/** The filter keeping the lines the rules let a customer buy at their default address. */
export const soldToMyAddress = "Sold to my address";
