import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAddresses } from "~/.server/accounts/addresses";
import type { Viewer } from "~/.server/accounts/viewer";
import * as MESSAGES from "~/lib/messages";
import * as FORM_MESSAGES from "~/lib/messages/forms";
import { customerWithAddress } from "../../../tests/support/customers";
import { postTo, replyOf, viewerFor } from "../../../tests/support/route-call";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { action } from "./shipping-address";

/**
 * The address book's posts (issue 37), as the page's forms send them: the add form posts no id,
 * the edit form its address's id, the cards' buttons an intent and an id. On the database the run
 * is on (SQLite, or PostgreSQL with DATABASE_URL).
 */
let t: TestDatabase;
let owner: Viewer;
let firstId: string;

const address = {
  intent: "save",
  businessName: "Elm Street Market",
  street: "310 Elm St",
  city: "Fort Worth",
  state: "TX",
  zip: "761021234",
  phone: "(817) 555-0110",
};

async function post(fields: Record<string, string>) {
  const call = postTo("/shipping-address", fields, owner);
  return replyOf(await action({ ...call, params: {} } as never));
}

beforeAll(async () => {
  t = await setupTestDatabase();
  const made = await customerWithAddress(t.db, "addresses@shop.test", { name: "Address Owner" });
  firstId = made.addressId;
  owner = viewerFor({ id: made.id, name: "Address Owner", email: "addresses@shop.test" }, "customer");
});

afterAll(async () => {
  await t.cleanup();
});

describe("the address book's posts", () => {
  it("saves a new address from the add form, which posts no id", async () => {
    const { status, reply } = await post(address);
    expect(status).toBe(200);
    expect(reply).toMatchObject({ ok: true, message: MESSAGES.addressSaved });
    const saved = (await listAddresses(t.db, owner.accountId)).find((a) => a.businessName === address.businessName);
    expect(saved).toMatchObject({ street: "310 Elm St", zip: "76102-1234" });
    expect(reply.data).toEqual({ addressId: saved?.id });
  });

  it("saves an edit under the address's id, and refuses a bad field beside it", async () => {
    const edited = await post({ ...address, id: firstId, street: "400 Main St", zip: "76102" });
    expect(edited.reply).toMatchObject({ ok: true, message: MESSAGES.addressSaved, data: { addressId: firstId } });
    const bad = await post({ ...address, id: firstId, zip: "7610" });
    expect(bad.status).toBe(400);
    expect(bad.reply).toMatchObject({
      ok: false,
      message: FORM_MESSAGES.errorMessage(MESSAGES.zipFormat),
      fieldErrors: { zip: MESSAGES.zipFormat },
      values: { zip: "7610" },
    });
    const addresses = await listAddresses(t.db, owner.accountId);
    expect(addresses.find((a) => a.id === firstId)).toMatchObject({ street: "400 Main St", zip: "76102" });
  });

  it("answers a make-default or delete without an address's id as not found", async () => {
    const notFound = { ok: false, message: FORM_MESSAGES.errorMessage(MESSAGES.addressNotFound) };
    expect(await post({ intent: "default" })).toEqual({ status: 404, reply: notFound });
    expect(await post({ intent: "delete", confirmed: "yes" })).toEqual({ status: 404, reply: notFound });
    const made = await post({ intent: "default", id: firstId });
    expect(made.reply).toMatchObject({ ok: true, message: MESSAGES.defaultAddressUpdated });
  });
});
