/**
 * Runs the set-up helpers of this folder against the database of a server a spec started itself
 * (other-server.ts): E2E_SETUP_DATA_DIR names its folder, the recipe comes as JSON in the first
 * argument, and the accounts and product ids go out as JSON on the last line.
 */
import "./env";
import { closeDb } from "../../../app/.server/db/instance";
import { freshProduct } from "./admin";
import { createAdminAccount, createCustomer, type TestAccount } from "./data";
import type { SetUpRecipe, SetUpResult } from "./other-server";

if (!process.env.E2E_SETUP_DATA_DIR) throw new Error("E2E_SETUP_DATA_DIR names the server's folder");
const recipe = JSON.parse(process.argv[2] ?? "{}") as SetUpRecipe;
const customers: TestAccount[] = [];
for (const options of recipe.customers ?? []) customers.push(await createCustomer(options));
const admins: TestAccount[] = [];
for (let i = 0; i < (recipe.admins ?? 0); i++) admins.push(await createAdminAccount());
const products: number[] = [];
for (const product of recipe.products ?? []) products.push(await freshProduct(product));
await closeDb();
const result: SetUpResult = { customers, admins, products };
console.log(JSON.stringify(result));
