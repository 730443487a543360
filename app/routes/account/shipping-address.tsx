import { useState } from "react";
import { useFetcher } from "react-router";
import { listAddresses } from "~/.server/accounts/addresses";
import { managesBusiness } from "~/.server/business/team";
import { getDb } from "~/.server/db/instance";
import { handleAddressAction } from "~/.server/flows/address-actions";
import { replyError } from "~/.server/http/forms";
import { actorOf, formOf, signedInViewer } from "~/.server/request/context";
import { AccountShell } from "~/components/account-shell";
import { AddressForm } from "~/components/address-form";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { useSettledActionData } from "~/components/use-settled-action-data";
import type { Address } from "~/lib/address";
import { CONFIRMED, confirmStepOf } from "~/lib/confirmation";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import * as TEAM_MESSAGES from "~/lib/messages/team";
import type { Route } from "./+types/shipping-address";

export function meta() {
  return [{ title: "Shipping Addresses" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = signedInViewer(context);
  return { addresses: await listAddresses(getDb(), viewer.accountId), canManage: managesBusiness(viewer) };
}

export async function action({ context }: Route.ActionArgs) {
  const viewer = signedInViewer(context);
  // The business's addresses are its owners' to change (decision 0032); a buyer chooses among them.
  if (!managesBusiness(viewer)) return replyError({ message: TEAM_MESSAGES.ownerOnly }, { status: 403 });
  return handleAddressAction(viewer.accountId, formOf(context), actorOf(context));
}

function AddressCard({ address, onEdit }: { address: Address; onEdit: (() => void) | null }) {
  const fetcher = useFetcher();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-start justify-between gap-2">
        <p className="font-bold text-slate-900">{address.businessName}</p>
        {address.isDefault ? <Badge tone="info">Default</Badge> : null}
      </div>
      <address className="text-sm text-slate-700 not-italic">
        {address.street}
        <br />
        {address.city}, {address.state} {address.zip}
        {address.phone ? (
          <>
            <br />
            {address.phone}
          </>
        ) : null}
      </address>
      {onEdit ? (
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${address.businessName}`}>
            Edit
          </Button>
          {!address.isDefault ? (
            <fetcher.Form method="post">
              <input type="hidden" name="id" value={address.id} />
              <Button type="submit" name="intent" value="default" variant="ghost">
                Make default
              </Button>
            </fetcher.Form>
          ) : null}
          {/* The question is native (a details element), so a tap on Remove asks first even before
            the page's scripts have loaded; only "Yes, remove" posts, with the answer. A delete
            posted without it is answered with the question (the page's ConfirmPanel). */}
          <details className="group w-full">
            <summary
              className={buttonClass("ghost", "w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden")}
            >
              Remove
            </summary>
            <div className="mt-2 flex flex-wrap items-center gap-2 rounded-md bg-slate-50 p-3">
              <p className="text-sm text-slate-800">{ACCOUNT_MESSAGES.confirmRemoveAddress}</p>
              <fetcher.Form method="post">
                <input type="hidden" name="id" value={address.id} />
                <input type="hidden" name={CONFIRMED} value="yes" />
                <Button
                  type="submit"
                  name="intent"
                  value="delete"
                  variant="danger"
                  aria-label={`Yes, remove ${address.businessName}`}
                >
                  Yes, remove
                </Button>
              </fetcher.Form>
            </div>
          </details>
        </div>
      ) : null}
    </li>
  );
}

export default function ShippingAddress({ loaderData }: Route.ComponentProps) {
  const { addresses, canManage } = loaderData;
  // A delete that came without the customer's answer is answered with the question.
  const step = confirmStepOf(useSettledActionData<typeof action>());
  const [editing, setEditing] = useState<string | null>(null);
  const editingAddress = addresses.find((a) => a.id === editing) ?? null;
  return (
    <AccountShell title="Shipping Addresses">
      {step ? (
        <div className="mb-6">
          <ConfirmPanel step={step} />
        </div>
      ) : null}
      {addresses.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {addresses.map((a) => (
            <AddressCard key={a.id} address={a} onEdit={canManage ? () => setEditing(a.id) : null} />
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">
          {ACCOUNT_MESSAGES.noSavedAddresses}
        </p>
      )}
      {canManage ? (
        <section aria-labelledby="address-form-title" className="mt-6 rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="address-form-title" className="mb-4 text-lg font-bold text-slate-900">
            {editingAddress ? `Edit ${editingAddress.businessName}` : "Add an address"}
          </h2>
          <AddressForm
            address={editingAddress}
            extra={
              editingAddress ? (
                <Button variant="secondary" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
              ) : null
            }
          />
        </section>
      ) : (
        <p className="mt-6 text-slate-700">{TEAM_MESSAGES.addressesOwnersOnly}</p>
      )}
    </AccountShell>
  );
}
