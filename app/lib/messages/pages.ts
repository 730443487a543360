/**
 * The descriptions search engines show for the store's public pages (each route's meta). The
 * store's shared sentences are in ../messages.ts; these live apart so that a page carries only the
 * sentences its code names (decisions 0020 and 0078). Import as a namespace:
 * `import * as PAGE_MESSAGES from "~/lib/messages/pages"`.
 */

export const registerPageDescription = (storeName: string) =>
  `Open a wholesale account with ${storeName} to see prices and order online.`;

export const homePageDescription = (storeName: string) =>
  `${storeName}: wholesale disposable vapes, kratom, glass, novelty, accessories and delta products for retailers, with fast local delivery in Dallas-Fort Worth.`;

export const contactPageDescription = (storeName: string) =>
  `Call, email or message ${storeName}: wholesale support Monday to Saturday, 10am to 6pm.`;

export const categoryPageDescription = (heading: string) =>
  `Wholesale ${heading.toLowerCase()} for retailers in Dallas-Fort Worth: browse the range and order in bulk.`;
