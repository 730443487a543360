/**
 * The sentences of the back office's product line editor (issue 38), word for word. Import as a
 * namespace: `import * as LINE_EDITOR_MESSAGES from "~/lib/messages/line-editor"`.
 */

// The page
export const newLineTitle = "New product line";
export const editLineTitle = (name: string) => `Edit line ${name}`;
export const lineIntro =
  "A line is what a buyer thinks of as one product; each variant is sold on its own, with its own SKU, stock and price.";
export const optionsLegend = "Options";
export const optionsHint =
  "Up to three, in order (Flavor, Nicotine, Count). A line with several variants needs at least one.";
export const optionNameLabel = (n: number) => `Option ${n} name`;
export const variantsHeading = "Variants";
export const variantsCaption = (lineName: string) => `Variants of ${lineName || "the new line"}`;
export const variantsHint =
  "Each row is a variant: its values of the options, its codes, price and stock. Images, compliance and excise facts are on its own page.";
export const tiersLabel = "Volume prices of the line";
export const tiersHint =
  'One break a line, as "50, 119.00": from that many units of the line, any flavor, each costs that. Written to every variant not counted apart.';
export const addVariant = "Add a variant";
export const discardVariant = (variant: string) => `Discard ${variant}`;
export const saveLine = "Save line";
export const createLine = "Create line";
export const existingHeading = "Add existing products";
export const existingHint =
  "The SKUs of products to make variants of this line, one a line or separated by commas. They join the table above; give each its values, then save.";
export const existingLabel = "SKUs of existing products";
export const existingAdd = "Add to the table";
export const newVariant = (n: number) => `new variant ${n}`;
export const movingFrom = (lineName: string) => `Moves here from ${lineName}`;
export const likeProduct = (name: string) => `Like ${name}`;
export const brandHint = "Typed as it is printed; one brand whatever its case.";
export const puffsHint = "Of a disposable: what the puff-count filter reads.";
export const notSaved = "Not saved yet";

// The table's columns (and the names of their fields, "SKU of Cloud Blue Razz 5%")
export const columnVariant = "Variant";
export const columnSku = "SKU";
export const columnUpc = "UPC/EAN";
export const columnPrice = "Price (USD)";
export const columnStock = "Stock";
export const columnCasePack = "Case pack";
export const columnMinimum = "Minimum";
export const columnMaximum = "Maximum";
export const columnApart = "Counted apart";
export const columnApartHint =
  "Counted apart: the line's quantity breaks count that variant alone, with breaks of its own.";
export const columnOrder = "Order";
export const columnRemove = "Remove on save";
export const fieldOf = (column: string, variant: string) => `${column} of ${variant}`;
export const removeVariant = (variant: string) => `Remove ${variant}`;

// From the products list and a product's page
export const lineOfProduct = (lineName: string, variants: number) => `Line: ${lineName} (${variants} variants)`;
export const editLine = "Edit its line";
export const editLineNamed = (lineName: string) => `Edit line ${lineName}`;
export const addVariantLikeThis = "Add a variant like this one";

// Answers
export const lineCreated = (name: string) => `${name} created.`;
export const lineSaved = (name: string) => `${name} saved.`;
export const lineNotFound = "That product line no longer exists.";
export const lineChangedSinceOpened =
  "This line changed since you opened it. The page now shows the saved line; make your changes again.";
export const checkTheRows = "Check the fields marked below.";
export const errorAt = (where: string, message: string) => `${where}: ${message}`;
export const removeQuestion = (count: number) =>
  count === 1
    ? "Remove 1 variant from the line? It is deleted from the store; past orders keep its name."
    : `Remove ${count} variants from the line? They are deleted from the store; past orders keep their names.`;
export const productsToAdd = (count: number) =>
  `${count === 1 ? "1 product joins" : `${count} products join`} the table: give ${count === 1 ? "it" : "each"} its values, then save.`;

// Validation
export const lineNameRequired = "Give the line a name.";
export const lineNameTooLong = "Keep the line's name under 200 characters.";
export const lineNameOneLine = "The line's name must be on one line.";
export const puffsInvalid = "Puffs must be a whole number from 1 to 1,000,000.";
export const optionNameTooLong = "Keep an option's name under 40 characters.";
export const optionNameInOrder = (n: number) => `Name option ${n - 1} before option ${n}.`;
export const optionNameRepeated = "Two options have the same name.";
export const optionNameOneLine = "An option's name must be on one line.";
export const optionNeeded = "A line with several variants needs an option that tells them apart (Flavor, Count…).";
export const optionValueMissing = (option: string) => `Enter the ${option} of this variant.`;
export const optionValueTooLong = "Keep an option's value under 60 characters.";
export const optionValueOneLine = "An option's value must be on one line.";
export const variantRepeated = (values: string) => `Another variant is already ${values}: each needs its own values.`;
export const skuRepeated = (sku: string) => `SKU ${sku} is given to two variants.`;
export const skuRequiredOfVariant = "Enter the variant's SKU.";
export const upcRepeated = (upc: string) => `UPC ${upc} is given to two variants.`;
export const upcTaken = (upc: string) => `UPC ${upc} is already used by another product.`;
export const stockRequired = "Enter the stock, 0 or more.";
export const stockInvalid = "Stock is a whole number of units, 0 or more.";
export const orderInvalid = "Order is a whole number from 1 to 999.";
export const atLeastOneVariant = "Add at least one variant.";
export const keepOneVariant = "A line keeps at least one variant: delete the product from the products list instead.";
export const tooManyVariants = (max: number) => `A line is edited here with at most ${max} variants.`;
export const unknownVariant = "A row names a product that no longer exists. Reload the page and try again.";
export const existingRequired = "Enter the SKU of at least one product.";
export const existingTooMany = (max: number) => `Add at most ${max} products at a time.`;
export const existingUnknown = (sku: string) => `No product has the SKU ${sku}.`;
export const existingAlreadyHere = (sku: string) => `${sku} is already a variant of this line.`;
