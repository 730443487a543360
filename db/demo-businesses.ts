import type { Kysely } from "kysely";
import sharp from "sharp";
import { createAddress } from "../app/.server/accounts/addresses";
import { ensureAccount } from "../app/.server/accounts/admins";
import { DEMO_CUSTOMER_EMAIL } from "../app/.server/accounts/demo-accounts";
import { SYSTEM_ACTOR } from "../app/.server/audit/log";
import { addLicense, reviewLicense } from "../app/.server/business/licenses";
import {
  approvalMode,
  findBusiness,
  reviewBusiness,
  reviewedVersion,
  saveBusiness,
} from "../app/.server/business/profile";
import { setAssignment, setSalesRep } from "../app/.server/business/reps";
import { acceptInvitation, inviteMember, setOrderLimit } from "../app/.server/business/team";
import type { DB } from "../app/.server/db/schema";
import { addDays, storeToday } from "../app/lib/business";
import { formatCents } from "../app/lib/money";
import type { LicenseInput } from "../app/lib/schemas/business";

export const DEMO_WAITING_EMAIL = "waiting@demo.store";
export const DEMO_REP_EMAIL = "rep@demo.store";
export const DEMO_OWNER_EMAIL = "owner@demo.store";
export const DEMO_TEAM_BUYER_EMAIL = "clerk@demo.store";
/** The demo team's buyer orders up to this much; above it, the owner approves (issue 29). */
export const DEMO_BUYER_LIMIT_CENTS = 25_000;

/** A stand-in license document: a PNG that says it is a demo, drawn here (no file in the repo). */
async function demoDocument(title: string, number: string): Promise<Buffer> {
  const safe = (s: string) => s.replace(/[<>&"]/g, "");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="850" height="550">
    <rect width="100%" height="100%" fill="#f8fafc" stroke="#1e3a5f" stroke-width="12"/>
    <text x="50" y="120" font-family="sans-serif" font-size="40" font-weight="bold" fill="#1e3a5f">${safe(title)}</text>
    <text x="50" y="220" font-family="sans-serif" font-size="34" fill="#0f172a">No. ${safe(number)}</text>
    <text x="50" y="460" font-family="sans-serif" font-size="28" fill="#b91c1c">DEMO DOCUMENT: NOT A REAL PERMIT</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function license(fields: Omit<LicenseInput, "addressId" | "replacesId">): LicenseInput {
  return { ...fields, addressId: null, replacesId: null };
}

/**
 * The demo businesses (issue 14): the demo customer's business, approved, with approved licenses
 * of which one expires within the month; and a second business with a license to review, whose
 * business also waits for approval when the store approves businesses itself
 * (ACCOUNT_APPROVAL=manual). Then the people of issue 37 (seedDemoTeam). Returns the credentials
 * lines of the logins it made, one a line.
 */
export async function seedDemoBusinesses(db: Kysely<DB>): Promise<string | null> {
  const buyer = await db.selectFrom("users").select("id").where("email", "=", DEMO_CUSTOMER_EMAIL).executeTakeFirst();
  if (!buyer) return null;
  const today = storeToday();
  await saveBusiness(
    db,
    buyer.id,
    {
      legalName: "Demo Corner Store LLC",
      dba: "Demo Corner Store",
      businessType: "convenience-store",
      taxPermit: "32012345678",
    },
    SYSTEM_ACTOR,
  );
  const business = await findBusiness(db, buyer.id);
  if (business) await reviewBusiness(db, buyer.id, { approve: true, seen: reviewedVersion(business) }, SYSTEM_ACTOR);
  for (const l of [
    { type: "sales-tax-permit", title: "Texas Sales and Use Tax Permit", number: "32012345678", expiresOn: null },
    {
      type: "tx-ecig-retailer",
      title: "Texas E-Cigarette Retailer Permit",
      number: "ECIG-448120",
      expiresOn: "2028-05-31",
    },
    {
      type: "tx-dshs-hemp",
      title: "DSHS Retail Hemp Registration",
      number: "HEMP-20417",
      expiresOn: addDays(today, 20),
    },
  ] as const) {
    const added = await addLicense(
      db,
      buyer.id,
      license({ type: l.type, number: l.number, issuingState: "TX", expiresOn: l.expiresOn }),
      await demoDocument(l.title, l.number),
      SYSTEM_ACTOR,
    );
    await reviewLicense(db, added.id, { approve: true }, SYSTEM_ACTOR);
  }

  const waiting = await ensureAccount(db, {
    email: DEMO_WAITING_EMAIL,
    name: "Pat Pending",
    role: "customer",
    username: "patpending",
  });
  const pat = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", DEMO_WAITING_EMAIL)
    .executeTakeFirstOrThrow();
  await createAddress(db, pat.id, {
    businessName: "Pat's Smoke & Vape",
    street: "4100 Lemmon Ave",
    city: "Dallas",
    state: "TX",
    zip: "75219",
    phone: "(214) 555-0123",
    isDefault: true,
  });
  await saveBusiness(
    db,
    pat.id,
    { legalName: "Pat's Smoke & Vape LLC", dba: null, businessType: "smoke-vape-shop", taxPermit: "17654321098" },
    SYSTEM_ACTOR,
  );
  await addLicense(
    db,
    pat.id,
    license({ type: "tx-ecig-retailer", number: "ECIG-771903", issuingState: "TX", expiresOn: "2028-05-31" }),
    await demoDocument("Texas E-Cigarette Retailer Permit", "ECIG-771903"),
    SYSTEM_ACTOR,
  );
  const waits = approvalMode() === "manual" ? "a business in the approval queue" : "a license waiting for review";
  const team = await seedDemoTeam(db, buyer.id);
  return [`Waiting:  ${waiting.email}  password: ${waiting.password} (${waits})`, ...team].join("\n");
}

/**
 * The people a newcomer tries next (issue 37), made with the writes the store's own screens use: a
 * sales rep assigned to the demo customer's business (`repBusinessId`); and a business of two, its
 * owner and a buyer who joined from the owner's invitation, with an order limit (an order above it
 * waits for the owner). Returns their credentials lines.
 */
export async function seedDemoTeam(db: Kysely<DB>, repBusinessId: string): Promise<string[]> {
  const rep = await ensureAccount(db, {
    email: DEMO_REP_EMAIL,
    name: "Rita Rep",
    role: "customer",
    username: "demorep",
  });
  await setSalesRep(db, DEMO_REP_EMAIL, true, SYSTEM_ACTOR);
  const repId = await idOf(db, DEMO_REP_EMAIL);
  const assigned = await setAssignment(db, repId, repBusinessId, true, SYSTEM_ACTOR);

  const owner = await ensureAccount(db, {
    email: DEMO_OWNER_EMAIL,
    name: "Olivia Owner",
    role: "customer",
    username: "demoowner",
  });
  const ownerId = await idOf(db, DEMO_OWNER_EMAIL);
  await createAddress(db, ownerId, {
    businessName: "Demo Market",
    street: "2200 Ross Ave",
    city: "Dallas",
    state: "TX",
    zip: "75201",
    phone: "(214) 555-0177",
    isDefault: true,
  });
  await saveBusiness(
    db,
    ownerId,
    { legalName: "Demo Market LLC", dba: "Demo Market", businessType: "convenience-store", taxPermit: "32087654321" },
    SYSTEM_ACTOR,
  );
  const market = await findBusiness(db, ownerId);
  if (market) await reviewBusiness(db, ownerId, { approve: true, seen: reviewedVersion(market) }, SYSTEM_ACTOR);

  const clerk = await ensureAccount(db, {
    email: DEMO_TEAM_BUYER_EMAIL,
    name: "Cal Clerk",
    role: "customer",
    username: "democlerk",
  });
  const clerkId = await idOf(db, DEMO_TEAM_BUYER_EMAIL);
  const ownerViewer = {
    id: ownerId,
    name: "Olivia Owner",
    email: DEMO_OWNER_EMAIL,
    role: "customer" as const,
    accountId: ownerId,
    memberRole: "owner" as const,
  };
  const { url } = await inviteMember(db, ownerViewer, { email: DEMO_TEAM_BUYER_EMAIL, role: "buyer" });
  await acceptInvitation(db, url.slice(url.lastIndexOf("/") + 1), {
    id: clerkId,
    name: "Cal Clerk",
    email: DEMO_TEAM_BUYER_EMAIL,
  });
  await setOrderLimit(db, ownerViewer, clerkId, DEMO_BUYER_LIMIT_CENTS);

  const limit = formatCents(DEMO_BUYER_LIMIT_CENTS);
  return [
    `Sales rep: ${rep.email}  password: ${rep.password} (orders for ${assigned.business} from /act)`,
    `Owner:    ${owner.email}  password: ${owner.password} (Demo Market: its team, approvals and statement)`,
    `Buyer:    ${clerk.email}  password: ${clerk.password} (Demo Market, orders up to ${limit}; above it the owner approves)`,
  ];
}

async function idOf(db: Kysely<DB>, email: string): Promise<string> {
  return (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}
