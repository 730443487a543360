import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { LotStatus, PurchaseOrderStatus } from "~/lib/inventory";

/**
 * Row types of every table, as stored. Domain code maps rows to its own types.
 * Timestamps of our own tables are ISO-8601 UTC text; better-auth's tables use
 * the dialect's native date type (Date on PostgreSQL, ISO text on SQLite).
 */
type AuthDate = ColumnType<Date | string, Date | string, Date | string>;
type AuthBool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: AuthBool;
  image: string | null;
  created_at: AuthDate;
  updated_at: AuthDate;
  username: string | null;
  display_username: string | null;
  role: string;
  phone: string | null;
  dob: string | null;
  gender: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** When the store disabled the account (ISO text); NULL while it is in use. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id: string;
  expires_at: AuthDate;
  token: string;
  created_at: AuthDate;
  updated_at: AuthDate;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthDate | null;
  refresh_token_expires_at: AuthDate | null;
  scope: string | null;
  password: string | null;
  created_at: AuthDate;
  updated_at: AuthDate;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthDate;
  created_at: AuthDate;
  updated_at: AuthDate;
}

export interface ProductsTable {
  id: Generated<number>;
  sku: string;
  name: string;
  description: string;
  price_cents: number;
  stock: number;
  category: string;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
  /** Sold only in multiples of this many units (1: single units). */
  case_pack: Generated<number>;
  /** The least one order may hold (a multiple of case_pack). */
  min_quantity: Generated<number>;
  /** The most one order may hold (a multiple of case_pack), or null for no limit. */
  max_quantity: number | null;
  /** Low at or under this many units; NULL: the store-wide threshold (issue 17). */
  low_stock_threshold: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * A product is a variant of a product line (migration 0036, decision 0055): its line, its values
   * of the line's options ('' where none), its place in the line's grid, whether it stands for the
   * line in listings (the first variant), and whether quantity breaks count it apart from the line.
   */
  line_id: number;
  option1: ColumnType<string, string | undefined, string>;
  option2: ColumnType<string, string | undefined, string>;
  option3: ColumnType<string, string | undefined, string>;
  position: ColumnType<number, number | undefined, number>;
  lead: ColumnType<number, number | undefined, number>;
  price_apart: ColumnType<number, number | undefined, number>;
  /** Suggest ordering at or under this many units (migration 0042); null: never. */
  reorder_point: ColumnType<number | null, number | null | undefined, number | null>;
  /** Where it sits in the warehouse (migration 0042). */
  bin: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A product line (migration 0036): the variants a buyer thinks of as one product. */
export interface ProductLinesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  category: string;
  brand_id: number | null;
  /** JSON text: the options' names, up to three ('["Flavor","Nicotine"]'), '[]' for none. */
  option_names: ColumnType<string, string | undefined, string>;
  /** A disposable's puffs, for the puff-count filter; null when it has none. */
  puffs: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
  version: ColumnType<number, number | undefined, number>;
}

/** What the listings' filters choose a line by (migration 0036; catalog/facets.ts keeps it). */
export interface LineFacetsTable {
  line_id: number;
  /** brand, flavor, nicotine, size, count, puffs. */
  facet: string;
  /** The value as the URL carries it (a slug, lower case). */
  value: string;
  /** The value as a person reads it. */
  label: string;
}

/** A brand (migration 0036): its page and filter. name_key is its name in lower case (unique). */
export interface BrandsTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  slug: string;
  created_at: string;
}

export interface StoreSettingsTable {
  name: string;
  value: string;
  updated_at: string;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  media_key: string;
  width: number;
  height: number;
  created_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  ip: string | null;
  created_at: string;
}

export interface AddressesTable {
  id: string;
  user_id: string;
  business_name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  is_default: number;
  created_at: string;
  updated_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: string | null;
  idempotency_key: string;
  status: string;
  /**
   * The order's money (migration 0033, decision 0052): the goods (its lines' quantity × unit
   * price), the excise the store collects, the delivery fee and sales tax; total_cents is what the
   * business owes, their sum (the database refuses anything else). Read and written through
   * orders/money.ts only.
   */
  goods_cents: number;
  excise_cents: ColumnType<number, number | undefined, number>;
  delivery_cents: ColumnType<number, number | undefined, number>;
  tax_cents: ColumnType<number, number | undefined, number>;
  total_cents: number;
  item_count: number;
  ship_business_name: string;
  ship_street: string;
  ship_city: string;
  ship_state: string;
  ship_zip: string;
  ship_phone: string;
  created_at: string;
  updated_at: string;
  /** The customer's purchase order number (up to 40 characters), or null. */
  po_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** The customer's order notes (up to 500 characters), or null. */
  notes: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who placed the order (migration 0021): the member, sales rep or admin, and their name then. */
  placed_by_id: ColumnType<string | null, string | null | undefined, string | null>;
  placed_by_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the order waits In Review (a buyer's order above their limit), NULL otherwise. */
  hold_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The route day the buyer chose (YYYY-MM-DD) and its zone (migration 0043); NULL: shipped by carrier. */
  delivery_date: ColumnType<string | null, string | null | undefined, string | null>;
  delivery_zone_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  position: number;
  name: string;
  sku: string;
  unit_price_cents: number;
  quantity: number;
  /** The product's category, class and brand when the line was written (migration 0031; a trigger fills them). */
  category: ColumnType<string | null, string | null | undefined, string | null>;
  product_class: ColumnType<string | null, string | null | undefined, string | null>;
  brand: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The product line its product belonged to when the line was written, and that line's name then
   * (migration 0039, decision 0060; the same trigger fills them). No foreign key: a line that goes keeps its sales.
   */
  line_id: ColumnType<number | null, number | null | undefined, number | null>;
  line_name: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * Sales of orders not cancelled by dimension, key and UTC hour (migration 0031, decision 0041),
 * kept by triggers on orders and order_items. key '' is none; label is the lines' saved name on
 * product rows.
 */
export interface SalesHourlyTable {
  dim: string;
  key: string;
  hour: string;
  orders: number;
  units: ColumnType<number, number, number>;
  sales_cents: ColumnType<number, number, number>;
  label: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_start: number;
}

export interface CacheVersionsTable {
  name: string;
  version: number;
}

export interface ProductSalesTable {
  product_id: number;
  units: number;
}

export type JobState = "pending" | "done" | "failed";

export interface JobsTable {
  id: string;
  name: string;
  /** JSON text. */
  payload: string;
  unique_key: string | null;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  /** Epoch ms: not run before. */
  run_at: number;
  attempts: Generated<number>;
  max_attempts: number;
  last_error: string | null;
  locked_by: string | null;
  /** Epoch ms: the lease of the worker running it; once past, another worker may take it. */
  locked_until: number | null;
  created_at: string;
  updated_at: string;
}

export type ApprovalState = "pending" | "approved" | "rejected";
export type LicenseStatus = "pending" | "approved" | "rejected" | "expired";

export interface BusinessesTable {
  user_id: string;
  legal_name: string;
  dba: string | null;
  business_type: string;
  /** The 11-digit Texas sales tax permit number, digits only. */
  tax_permit: string | null;
  approval: ColumnType<ApprovalState, ApprovalState | undefined, ApprovalState>;
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
  /** Payment terms (migration 0030): 'prepaid', 'cod', 'net7' … 'net60'; NULL: the store's default. */
  terms: ColumnType<string | null, string | null | undefined, string | null>;
  /** Credit limit in cents; NULL: the store's default. */
  credit_limit_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

export type MemberRole = "owner" | "buyer";

/** A person's place in a business (migration 0021). business_id is the business's key (businesses.user_id). */
export interface BusinessMembersTable {
  user_id: string;
  business_id: string;
  role: MemberRole;
  order_limit_cents: number | null;
  created_at: string;
}

/** A business assigned to a sales rep (migration 0022). */
export interface RepAssignmentsTable {
  rep_id: string;
  business_id: string;
  created_at: string;
}

/** The business a rep or an admin acts for now (migration 0022); one row per person. */
export interface ActingForTable {
  user_id: string;
  business_id: string;
  started_at: string;
}

export interface TeamInvitationsTable {
  id: string;
  business_id: string;
  email: string;
  role: MemberRole;
  token_hash: string;
  invited_by: string;
  expires_at: string;
  accepted_by: string | null;
  accepted_at: string | null;
  created_at: string;
}

export interface StaffInvitationsTable {
  id: string;
  email: string;
  name: string;
  role: "rep" | "driver";
  token_hash: string;
  invited_by: string;
  expires_at: string;
  accepted_by: string | null;
  accepted_at: string | null;
  created_at: string;
}

export interface LicensesTable {
  id: string;
  user_id: string;
  /** The one shipping address it covers; NULL when it covers the whole business, or its address is gone. */
  address_id: string | null;
  /**
   * 1: uploaded for one address, and covers that address only (none once the address is deleted);
   * 0: covers the whole business (migration 0014).
   */
  address_bound: ColumnType<number, number | undefined, number>;
  type: string;
  number: string;
  issuing_state: string;
  /** Calendar date YYYY-MM-DD, or NULL for types that do not expire. */
  expires_on: string | null;
  document_key: string;
  document_type: string;
  document_size: number;
  status: ColumnType<LicenseStatus, LicenseStatus | undefined, LicenseStatus>;
  rejection_reason: string | null;
  replaces_id: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  actor_name: string;
  action: string;
  subject_type: string;
  subject_id: string;
  summary: string;
  /** JSON text of the changed fields before and after, or NULL. */
  before: string | null;
  after: string | null;
  created_at: string;
  /** How many times a deleted customer's name and email were taken out of the row (migration 0013). */
  erasures: Generated<number>;
}

export interface ProductComplianceTable {
  product_id: number;
  brand: string | null;
  product_class: string | null;
  flavor_class: string | null;
  nicotine_mg_ml: number | null;
  /** ISO 3166-1 alpha-2 code. */
  country: string | null;
  upc: string | null;
  /** Total THC per container, mg. */
  thc_mg: number | null;
  seven_oh_percent: number | null;
  /** JSON text: the states whose vape directory lists the product (two-letter codes), '[]' for none. */
  directory_states: Generated<string>;
  lab_report_key: string | null;
  lab_report_type: string | null;
  lab_report_size: number | null;
  updated_at: string;
  /** E-liquid ml in one selling unit (migration 0027, issue 31). */
  ml_per_unit: ColumnType<number | null, number | null | undefined, number | null>;
  /** Closed cartridges or pods in one selling unit. */
  cartridges_per_unit: ColumnType<number | null, number | null | undefined, number | null>;
  /** 'open' or 'closed'. */
  vape_system: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 yes, 0 no, null not known. */
  contains_nicotine: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ComplianceRulesTable {
  id: Generated<number>;
  name: string;
  /** JSON text: RuleScope (app/lib/compliance.ts). */
  scope: string;
  /** JSON text: state codes; empty = every destination. */
  states: string;
  /** JSON text: 5-digit ZIP codes narrowing the states; empty = the whole states. */
  zips: string;
  effective_from: string;
  effective_until: string | null;
  effect: "block" | "require-license" | "require-listing";
  license_type: string | null;
  reason: string;
  /** Short form of the reason for listings ("state ban"). */
  label: string;
  enabled: number;
  example: number;
  created_at: string;
  updated_at: string;
}

export type PriceGroupKind = "percent" | "explicit";

export interface PriceGroupsTable {
  id: Generated<number>;
  name: string;
  kind: PriceGroupKind;
  /** Basis points off the list price (1250 = 12.5 %); kind 'percent' only. */
  percent_off_bp: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PriceGroupPricesTable {
  group_id: number;
  product_id: number;
  price_cents: number;
}

export interface CustomerPriceGroupsTable {
  user_id: string;
  group_id: number;
}

export interface PriceTiersTable {
  product_id: number;
  /** From this many units (at least 2). */
  min_quantity: number;
  /** Unit price at list from that quantity. */
  price_cents: number;
}

export interface OrderLineComplianceTable {
  order_item_id: number;
  order_id: number;
  rules_version: ColumnType<number | string, number, number>;
  /** JSON text: the rules evaluated for the line and what each said. */
  evaluated: string;
  checked_at: string;
}

/** An excise tax as data (migration 0028, issue 31). */
export interface ExciseRulesTable {
  id: Generated<number>;
  name: string;
  state: string;
  /** JSON text: 5-digit ZIPs narrowing the state; empty = the whole state. */
  zips: string;
  /** JSON text: ExciseScope (app/lib/excise/engine.ts). */
  scope: string;
  method: "per-ml" | "per-unit" | "percent";
  /** The rate times 1,000,000 (dollars for per-ml and per-unit, percent for percent). */
  rate_micros: ColumnType<number | string, number, number>;
  effective_from: string;
  effective_until: string | null;
  owed_by: "store" | "buyer";
  wording: string;
  source: string | null;
  source_date: string | null;
  enabled: number;
  example: number;
  created_at: string;
  updated_at: string;
}

/** An order line's excise under one rule, as computed when the order was placed or edited. */
export interface OrderLineExciseTable {
  id: Generated<number>;
  order_id: number;
  order_item_id: number;
  product_id: number | null;
  rule_id: number | null;
  state: string;
  rule_name: string;
  wording: string;
  owed_by: string;
  method: string;
  rate_micros: ColumnType<number | string, number, number>;
  quantity: number;
  ml_milli: ColumnType<number | string, number, number>;
  cartridges: number;
  wholesale_cents: ColumnType<number | string, number, number>;
  amount_cents: ColumnType<number | string, number, number>;
  created_at: string;
}

/** A PACT Act filing marked filed (migration 0029, issue 31): one per destination state and month. */
export interface PactFilingsTable {
  state: string;
  /** YYYY-MM: the month of the shipments. */
  month: string;
  /** YYYY-MM-DD: the day it was filed. */
  filed_on: string;
  filed_by: string;
  note: string | null;
  created_at: string;
}

/** A completed order's shipment (migration 0029, issue 31). */
export interface OrderShipmentsTable {
  order_id: number;
  carrier: string;
  tracking: string;
  recorded_by: string;
  recorded_at: string;
}

/** A customer's named list of products (issue 16). */
export interface SavedListsTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface SavedListItemsTable {
  list_id: number;
  product_id: number;
  quantity: number;
  added_at: string;
}

/** "Notify me": pending while notified_at is null. */
export interface StockAlertsTable {
  user_id: string;
  product_id: number;
  created_at: string;
  notified_at: string | null;
}

/** A catalog file staged by its dry run until its Apply (migration 0018). */
export interface ImportStagingTable {
  /** Random, 32 hex digits: what Apply posts. */
  id: string;
  /** The admin who uploaded it: the only one who may apply it. */
  admin_id: string;
  file_name: string;
  /** The file's text (read as a product CSV before it was staged). */
  content: string;
  /** The file's size in bytes. */
  size: number;
  created_at: string;
  /** Epoch ms: not applied after this, and deleted by the prune-staged-imports job. */
  expires_at: number;
}

/** A numbered series of documents and its last number (migration 0030). */
export interface DocCountersTable {
  name: string;
  value: number;
}

export type InvoiceKind = "invoice" | "credit";

/** An invoice or a credit note (migration 0030). */
export interface InvoicesTable {
  id: Generated<number>;
  number: number;
  kind: InvoiceKind;
  business_id: string;
  order_id: number;
  terms: string;
  /** Calendar days, YYYY-MM-DD (store time zone). */
  issued_on: string;
  due_on: string;
  total_cents: number;
  balance_cents: number;
  created_at: string;
  /** Why it was issued, when not the order's completion: a cancellation, a correction (migration 0033). */
  memo: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface InvoiceLinesTable {
  invoice_id: number;
  position: number;
  name: string;
  sku: string;
  unit_price_cents: number;
  quantity: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  business_id: string;
  received_on: string;
  amount_cents: number;
  method: string;
  reference: string | null;
  unapplied_cents: number;
  idempotency_key: string;
  recorded_by: string | null;
  voided_at: string | null;
  created_at: string;
}

/** A payment's or a credit note's share of an invoice. */
export interface PaymentApplicationsTable {
  id: Generated<number>;
  invoice_id: number;
  payment_id: number | null;
  credit_id: number | null;
  amount_cents: number;
  reversed_at: string | null;
  created_at: string;
}

/** A product's search document (migration 0035; decision 0053): what a buyer may type to find it. */
export interface SearchDocumentsTable {
  product_id: number;
  /** The product's name: the order results are shown in. */
  name: string;
  words: string;
  codes: string;
}

/** Every code (SKU, UPC) of a product, lower-cased: the exact jump. */
export interface SearchCodesTable {
  code: string;
  product_id: number;
}

/** The words of the search documents, append-only: the vocabulary typos are corrected against. */
export interface SearchTermsTable {
  id: Generated<number>;
  term: string;
}

/** One-way synonyms of the search: a query's phrase also matches its synonym. */
export interface SearchSynonymsTable {
  phrase: string;
  synonym: string;
}

/** A supplier the store buys from (migration 0042, issue 39). name_key: its name in lower case (unique). */
export interface SuppliersTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  email: string;
  phone: ColumnType<string, string | undefined, string>;
  lead_time_days: ColumnType<number, number | undefined, number>;
  terms: ColumnType<string, string | undefined, string>;
  notes: ColumnType<string, string | undefined, string>;
  active: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** A person at a supplier. */
export interface SupplierContactsTable {
  id: Generated<number>;
  supplier_id: number;
  name: string;
  role: ColumnType<string, string | undefined, string>;
  email: ColumnType<string, string | undefined, string>;
  phone: ColumnType<string, string | undefined, string>;
}

/** A product a supplier sells: its SKU there, cost (cents) and pack size. Admin-only. */
export interface SupplierItemsTable {
  supplier_id: number;
  product_id: number;
  supplier_sku: ColumnType<string, string | undefined, string>;
  unit_cost_cents: number;
  pack_size: ColumnType<number, number | undefined, number>;
  preferred: ColumnType<number, number | undefined, number>;
}

export type { PurchaseOrderStatus } from "~/lib/inventory";

export interface PurchaseOrdersTable {
  id: Generated<number>;
  number: number;
  supplier_id: number;
  status: PurchaseOrderStatus;
  notes: ColumnType<string, string | undefined, string>;
  expected_on: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface PurchaseOrderLinesTable {
  id: Generated<number>;
  purchase_order_id: number;
  product_id: number | null;
  position: number;
  name: string;
  sku: string;
  supplier_sku: ColumnType<string, string | undefined, string>;
  unit_cost_cents: number;
  quantity_ordered: number;
  quantity_received: ColumnType<number, number | undefined, number>;
}

export type { LotStatus } from "~/lib/inventory";

/**
 * A lot (migration 0042, decision 0066): units of one product received at once. products.stock is
 * the units in no lot plus the on-hand units of its available lots.
 */
export interface LotsTable {
  id: Generated<number>;
  code: string;
  code_key: string;
  product_id: number | null;
  name: string;
  sku: string;
  supplier_id: number | null;
  purchase_order_line_id: number | null;
  status: ColumnType<LotStatus, LotStatus | undefined, LotStatus>;
  /** YYYY-MM-DD, the last day it may be sold; null: it does not expire. */
  expires_on: string | null;
  batch_date: string | null;
  unit_cost_cents: number;
  quantity_received: number;
  on_hand: number;
  lab_report_key: string | null;
  lab_report_type: string | null;
  lab_report_size: number | null;
  published: ColumnType<number, number | undefined, number>;
  /** THC per container, in micrograms, from the lab report. */
  delta9_ug: number | null;
  thca_ug: number | null;
  received_at: string;
  received_by: string | null;
  updated_at: string;
}

/** Which lots an order's product was sold from. */
export interface OrderLotsTable {
  order_id: number;
  product_id: number;
  lot_id: number;
  quantity: number;
}

export interface RecallsTable {
  id: Generated<number>;
  lot_id: number;
  reason: string;
  action: string;
  status: ColumnType<"open" | "closed", "open" | "closed" | undefined, "open" | "closed">;
  notices: ColumnType<number, number | undefined, number>;
  created_by: string | null;
  created_at: string;
  closed_at: string | null;
}

/** A count or adjustment of stock, with its reason (migration 0042). */
export interface StockAdjustmentsTable {
  id: Generated<number>;
  product_id: number;
  lot_id: number | null;
  delta: number;
  counted: number | null;
  reason: string;
  note: ColumnType<string, string | undefined, string>;
  actor_id: string | null;
  actor_name: string;
  created_at: string;
}

/** A delivery zone (migration 0043, issue 40): its route days ("1,4": ISO weekdays), cutoff, fee and minimum. */
export interface DeliveryZonesTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  route_days: string;
  cutoff_days_before: ColumnType<number, number | undefined, number>;
  /** "HH:MM", store time. */
  cutoff_time: ColumnType<string, string | undefined, string>;
  fee_cents: ColumnType<number, number | undefined, number>;
  /** Goods from which delivery is free; NULL: the fee is always charged. */
  free_from_cents: ColumnType<number | null, number | null | undefined, number | null>;
  minimum_cents: ColumnType<number, number | undefined, number>;
  active: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface DeliveryZoneZipsTable {
  zip: string;
  zone_id: number;
}

export interface StoreHolidaysTable {
  day: string;
  name: string;
}

export interface VehiclesTable {
  id: Generated<number>;
  name: string;
  plate: ColumnType<string, string | undefined, string>;
  active: ColumnType<number, number | undefined, number>;
}

/** One zone's run on one day (migration 0043): planned → loaded → out → done → settled. */
export interface DeliveryRoutesTable {
  id: Generated<number>;
  zone_id: number;
  day: string;
  driver_id: ColumnType<string | null, string | null | undefined, string | null>;
  vehicle_id: ColumnType<number | null, number | null | undefined, number | null>;
  status: ColumnType<string, string | undefined, string>;
  created_at: string;
  updated_at: string;
}

/** An order on a route, in stop order (position): pending, delivered, partial or not_delivered. */
export interface DeliveryStopsTable {
  id: Generated<number>;
  route_id: number;
  order_id: number;
  position: number;
  status: ColumnType<string, string | undefined, string>;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: string;
  /** Proof of delivery (migration 0044): the receiver's printed name, signature and photo (document keys). */
  receiver_name: ColumnType<string | null, string | null | undefined, string | null>;
  signature_key: ColumnType<string | null, string | null | undefined, string | null>;
  photo_key: ColumnType<string | null, string | null | undefined, string | null>;
  delivered_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where it was delivered, in microdegrees; NULL: the phone gave no position. */
  latitude_e6: ColumnType<number | null, number | null | undefined, number | null>;
  longitude_e6: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Per order line of a stop, what was handed over and why less: short or refused (migration 0044). */
export interface DeliveryStopLinesTable {
  id: Generated<number>;
  stop_id: number;
  order_item_id: number;
  name: string;
  sku: string;
  ordered: number;
  delivered: number;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Cash or a check taken at a stop by its driver, and the receivables payment it became (migration 0044). */
export interface DeliveryCollectionsTable {
  id: Generated<number>;
  stop_id: number;
  route_id: number;
  driver_id: string;
  method: "cash" | "check";
  check_number: ColumnType<string | null, string | null | undefined, string | null>;
  amount_cents: number;
  payment_id: number;
  collected_at: string;
}

/** An action a driver's phone sent, by its idempotency key, and its answer (JSON; NULL while applied). */
export interface DeliverySyncActionsTable {
  key: string;
  driver_id: string;
  stop_id: number;
  kind: string;
  result: ColumnType<string | null, string | null | undefined, string | null>;
  received_at: string;
  applied_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A route's cash and checks as counted in at the end of the day (migration 0044). */
export interface DriverSettlementsTable {
  route_id: number;
  expected_cash_cents: number;
  expected_check_cents: number;
  counted_cash_cents: number;
  counted_check_cents: number;
  note: ColumnType<string, string | undefined, string>;
  settled_by: string | null;
  settled_at: string;
}

/** A business's resale certificate, Texas Form 01-339 (migration 0045; decision 0071). */
export interface ResaleCertificatesTable {
  id: string;
  user_id: string;
  kind: "signed" | "uploaded";
  purchaser_name: string;
  purchaser_street: string;
  purchaser_city: string;
  purchaser_state: string;
  purchaser_zip: string;
  purchaser_phone: ColumnType<string, string | undefined, string>;
  /** The 11-digit Texas sales and use tax permit number, or NULL with permit_pending_reason. */
  permit_number: string | null;
  permit_pending_reason: string | null;
  business_description: ColumnType<string, string | undefined, string>;
  items_description: string;
  /** JSON text of the product classes it describes as bought for resale. */
  product_classes: string;
  signer_name: string;
  signer_title: ColumnType<string, string | undefined, string>;
  /** Calendar date YYYY-MM-DD. */
  signed_on: string;
  signature_kind: "drawn" | "typed" | "paper";
  signature_text: string | null;
  document_key: string;
  document_type: string;
  document_size: number;
  status: ColumnType<CertificateStatus, CertificateStatus | undefined, CertificateStatus>;
  rejection_reason: string | null;
  /** The day the admin checked the permit in the Comptroller's permit search. */
  permit_checked_on: string | null;
  verified_by: string | null;
  verified_at: string | null;
  /** The store's renewal date (YYYY-MM-DD), or NULL: in force until revoked. */
  expires_on: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
  revoked_reason: string | null;
  created_at: string;
  updated_at: string;
}

export type CertificateStatus = "pending" | "verified" | "rejected" | "revoked";

/** Where the store collects sales tax and how a sale there is sourced (migration 0045). */
export interface SalesTaxStatesTable {
  state: string;
  collects: ColumnType<number, number | undefined, number>;
  sourcing: ColumnType<"origin" | "destination", "origin" | "destination" | undefined, "origin" | "destination">;
  origin_zip: string | null;
  // delivery_taxable and excise_taxable are read by nothing since migration 0048: sales_tax_rules say it.
  pending_grace_days: ColumnType<number, number | undefined, number>;
  updated_at: string;
}

export type JurisdictionKind = "state" | "city" | "transit" | "county" | "special";

/** A sales tax rate of one jurisdiction, in force between two days (migration 0045). */
export interface SalesTaxJurisdictionsTable {
  id: Generated<number>;
  state: string;
  kind: JurisdictionKind;
  name: string;
  code: ColumnType<string, string | undefined, string>;
  /** Parts per million: 6.25% is 62500. */
  rate_ppm: number;
  effective_from: string;
  effective_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface SalesTaxJurisdictionZipsTable {
  jurisdiction_id: number;
  zip: string;
}

/** An order line's sales tax in one jurisdiction, or its exemption (migration 0045). */
export interface OrderLineTaxTable {
  id: Generated<number>;
  order_id: number;
  /** The order line's position; NULL for the delivery fee. */
  position: number | null;
  product_id: number | null;
  jurisdiction_id: number | null;
  jurisdiction_name: string;
  jurisdiction_kind: string;
  state: string;
  rate_ppm: number;
  base_cents: number;
  tax_cents: number;
  exempt: ColumnType<number, number | undefined, number>;
  certificate_id: string | null;
  /** The taxability rule that exempted the line, and its name then (migration 0048). */
  rule_id: ColumnType<number | null, number | null | undefined, number | null>;
  rule_name: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

/**
 * A sales-tax taxability rule of one state (migration 0048, decision 0075): its subject (products
 * its scope covers, the delivery fee, the excise the store collects) exempt or taxable.
 */
export interface SalesTaxRulesTable {
  id: Generated<number>;
  name: string;
  state: string;
  subject: "products" | "delivery" | "excise";
  /** JSON text: ProductScope (app/lib/rule-book/scope.ts); a fee's rule covers all. */
  scope: string;
  verdict: "exempt" | "taxable";
  effective_from: string;
  effective_until: string | null;
  enabled: number;
  example: number;
  created_at: string;
  updated_at: string;
}

/** A key of the public REST API (migration 0046, decision 0072): only its secret's SHA-256 is kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  /** The visible start of the secret ("sk_live_abcd1234"), unique. */
  prefix: string;
  /** SHA-256 of the whole secret, hex; unique (each request looks its key up by it). */
  secret_hash: string;
  /** The scopes, space separated (lib/api-scopes.ts). */
  scopes: string;
  rate_limit_per_minute: number;
  created_by: string | null;
  created_by_name: string;
  created_at: string;
  last_used_at: ColumnType<string | null, string | null | undefined, string | null>;
  last_used_ip: ColumnType<string | null, string | null | undefined, string | null>;
  revoked_at: ColumnType<string | null, string | null | undefined, string | null>;
  revoked_by_name: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A POST's Idempotency-Key per API key and the answer it got (migration 0046); kept 24 hours. */
export interface ApiIdempotencyTable {
  key_id: number;
  idem_key: string;
  request_hash: string;
  /** NULL while the first request with this key is still being answered. */
  status: ColumnType<number | null, number | null | undefined, number | null>;
  body: ColumnType<string | null, string | null | undefined, string | null>;
  /** Epoch milliseconds (bigint on PostgreSQL, read back as a string). */
  created_ms: ColumnType<number | string, number, number>;
}

/** Where an admin wants events sent (migration 0047, issue 42); events is a JSON array of event types. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  description: ColumnType<string, string | undefined, string>;
  events: string;
  secret: string;
  /** The secret before the last roll, still signing until previous_secret_until (ISO). */
  previous_secret: ColumnType<string | null, string | null | undefined, string | null>;
  previous_secret_until: ColumnType<string | null, string | null | undefined, string | null>;
  enabled: ColumnType<number, number | undefined, number>;
  disabled_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When its deliveries began failing (ISO); NULL: the last one went through. */
  failing_since: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** One event for one endpoint (migration 0047): its id is the webhook-id header; payload is the signed body. */
export interface WebhookMessagesTable {
  id: string;
  endpoint_id: number;
  event_type: string;
  payload: string;
  status: ColumnType<"pending" | "delivered" | "failed", "pending" | "delivered" | "failed" | undefined>;
  /** Attempts in the current round (a replay starts a new round). */
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<string | null, string | null | undefined, string | null>;
  delivered_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

/** Each try of a webhook message (migration 0047): the status code, or the error, and how long. */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  message_id: string;
  attempted_at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface DB {
  api_keys: ApiKeysTable;
  api_idempotency: ApiIdempotencyTable;
  resale_certificates: ResaleCertificatesTable;
  sales_tax_states: SalesTaxStatesTable;
  sales_tax_jurisdictions: SalesTaxJurisdictionsTable;
  sales_tax_jurisdiction_zips: SalesTaxJurisdictionZipsTable;
  order_line_tax: OrderLineTaxTable;
  sales_tax_rules: SalesTaxRulesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_attempts: WebhookAttemptsTable;
  delivery_stop_lines: DeliveryStopLinesTable;
  delivery_collections: DeliveryCollectionsTable;
  delivery_sync_actions: DeliverySyncActionsTable;
  driver_settlements: DriverSettlementsTable;
  delivery_zones: DeliveryZonesTable;
  delivery_zone_zips: DeliveryZoneZipsTable;
  store_holidays: StoreHolidaysTable;
  vehicles: VehiclesTable;
  delivery_routes: DeliveryRoutesTable;
  delivery_stops: DeliveryStopsTable;
  suppliers: SuppliersTable;
  supplier_contacts: SupplierContactsTable;
  supplier_items: SupplierItemsTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  lots: LotsTable;
  order_lots: OrderLotsTable;
  recalls: RecallsTable;
  stock_adjustments: StockAdjustmentsTable;
  search_documents: SearchDocumentsTable;
  search_codes: SearchCodesTable;
  search_terms: SearchTermsTable;
  search_synonyms: SearchSynonymsTable;
  doc_counters: DocCountersTable;
  invoices: InvoicesTable;
  product_lines: ProductLinesTable;
  brands: BrandsTable;
  line_facets: LineFacetsTable;
  invoice_lines: InvoiceLinesTable;
  payments: PaymentsTable;
  payment_applications: PaymentApplicationsTable;
  saved_lists: SavedListsTable;
  saved_list_items: SavedListItemsTable;
  stock_alerts: StockAlertsTable;
  price_groups: PriceGroupsTable;
  price_group_prices: PriceGroupPricesTable;
  customer_price_groups: CustomerPriceGroupsTable;
  price_tiers: PriceTiersTable;
  store_settings: StoreSettingsTable;
  product_compliance: ProductComplianceTable;
  compliance_rules: ComplianceRulesTable;
  order_line_compliance: OrderLineComplianceTable;
  excise_rules: ExciseRulesTable;
  order_line_excise: OrderLineExciseTable;
  pact_filings: PactFilingsTable;
  order_shipments: OrderShipmentsTable;
  businesses: BusinessesTable;
  business_members: BusinessMembersTable;
  team_invitations: TeamInvitationsTable;
  staff_invitations: StaffInvitationsTable;
  rep_assignments: RepAssignmentsTable;
  acting_for: ActingForTable;
  licenses: LicensesTable;
  audit_log: AuditLogTable;
  jobs: JobsTable;
  import_staging: ImportStagingTable;
  product_sales: ProductSalesTable;
  cache_versions: CacheVersionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  contact_messages: ContactMessagesTable;
  addresses: AddressesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  sales_hourly: SalesHourlyTable;
  rate_limits: RateLimitsTable;
}

export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type ProductImageRow = Selectable<ProductImagesTable>;
export type UserRow = Selectable<UsersTable>;
export type AddressRow = Selectable<AddressesTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type JobRow = Selectable<JobsTable>;
export type BusinessRow = Selectable<BusinessesTable>;
export type LicenseRow = Selectable<LicensesTable>;
export type AuditRow = Selectable<AuditLogTable>;
export type ProductComplianceRow = Selectable<ProductComplianceTable>;
export type ComplianceRuleRow = Selectable<ComplianceRulesTable>;
export type ExciseRuleRow = Selectable<ExciseRulesTable>;
export type SalesTaxRuleRow = Selectable<SalesTaxRulesTable>;
export type OrderLineExciseRow = Selectable<OrderLineExciseTable>;
