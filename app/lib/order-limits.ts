/**
 * Limits of one order (checked on the server; the forms use them too). A module of their own, with
 * nothing else, because the browser cart's storage (cart-lines.ts) reads them on every page: what
 * the shell imports travels in the file every page loads, with every export of its module that
 * any page uses (decision 0010).
 */
export const MAX_ORDER_LINES = 500;
export const MAX_LINE_QUANTITY = 10_000;
/** Longest purchase order number and order notes a customer may give at checkout. */
export const MAX_PO_NUMBER_LENGTH = 40;
export const MAX_NOTES_LENGTH = 500;
