/**
 * How a product is sold and why a quantity cannot be ordered (the quantity rule, a product's
 * selling unit, a license it needs): the catalog, cart and quick order pages carry them. The
 * store's shared sentences are in ../messages.ts; these live apart so that a page carries only the
 * sentences its code names (decisions 0020 and 0078). Import as a namespace:
 * `import * as SELLING_MESSAGES from "~/lib/messages/selling"`.
 */

/** 'Requires an approved {license}: upload it in Business Profile.' */
export function licenseRequired(licenseLabel: string): string {
  return `Requires an approved ${licenseLabel} for this address.`;
}

export function quantityTooLarge(max: number): string {
  return `A line can hold at most ${max.toLocaleString("en-US")} units.`;
}

export function quantityNotPackMultiple(name: string, casePack: number): string {
  return `${name} is sold in cases of ${casePack}: order a multiple of ${casePack}.`;
}

export function quantityBelowMinimum(name: string, minimum: number): string {
  return `The minimum order of ${name} is ${minimum} units.`;
}

export function quantityAboveMaximum(name: string, maximum: number): string {
  return `At most ${maximum} units of ${name} per order.`;
}

export function quantityAboveStock(name: string, stock: number): string {
  return stock > 0 ? `Only ${stock} left of ${name}. Please lower the quantity.` : `${name} is out of stock.`;
}

export function caseOf(casePack: number): string {
  return `Case of ${casePack}`;
}

export function inCasesOf(casePack: number): string {
  return `in cases of ${casePack}`;
}

export function minimumOf(minimum: number): string {
  return `minimum ${minimum}`;
}

export function maximumOf(maximum: number): string {
  return `maximum ${maximum} per order`;
}

export function skuLabel(sku: string): string {
  return `SKU ${sku}`;
}

export function eachPrice(price: string): string {
  return `${price} each`;
}
