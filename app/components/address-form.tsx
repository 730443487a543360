import { type ReactNode, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useSettledActionData } from "~/components/use-settled-action-data";
import type { Address } from "~/lib/address";
import { postedValue, type ReplyOf } from "~/lib/form-reply";
import type { addressSchema } from "~/lib/schemas/account";
import { Button } from "./ui/button";
import { FormMessage, TextField } from "./ui/field";
import { UsStateSelect } from "./us-state-select";

/** The address form's answer: its fields are the address schema's. */
export type AddressFormReply = ReplyOf<typeof addressSchema, { addressId: string }>;

/** Add or edit one address of the address book (posts intent=save to `action`). */
export function AddressForm({
  address,
  action,
  submitLabel = "Save address",
  extra,
  onSaved,
}: {
  address?: Address | null;
  action?: string;
  submitLabel?: string;
  extra?: ReactNode;
  /** Called with the saved address's id. */
  onSaved?: (addressId: string) => void;
}) {
  const fetcher = useFetcher<AddressFormReply>();
  // A tap before the page's JavaScript ran posts the form as a page: its answer comes back as the
  // route's action data (only the add form of the page's own route can have sent it).
  const pageReply = useSettledActionData<AddressFormReply>();
  const reply = fetcher.data ?? (action === undefined && !address ? pageReply : undefined);
  const errors = reply?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const savedId = reply?.ok ? reply.data?.addressId : undefined;
  useEffect(() => {
    if (!savedId) return;
    // A new address is saved: empty the form so a second click cannot add it twice.
    if (!address) formRef.current?.reset();
    onSaved?.(savedId);
  }, [savedId, onSaved, address]);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      key={address?.id ?? "new"}
    >
      {reply?.message ? (
        <div className="sm:col-span-2">
          <FormMessage tone={reply.ok ? "success" : "error"}>{reply.message}</FormMessage>
        </div>
      ) : null}
      <input type="hidden" name="intent" value="save" />
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      <TextField
        label="Business name"
        name="businessName"
        required
        maxLength={120}
        defaultValue={postedValue(reply, "businessName", address?.businessName)}
        error={errors.businessName}
        className="sm:col-span-2"
      />
      <TextField
        label="Street address"
        name="street"
        autoComplete="street-address"
        required
        maxLength={200}
        defaultValue={postedValue(reply, "street", address?.street)}
        error={errors.street}
        className="sm:col-span-2"
      />
      <TextField
        label="City"
        name="city"
        autoComplete="address-level2"
        required
        maxLength={100}
        defaultValue={postedValue(reply, "city", address?.city)}
        error={errors.city}
      />
      <UsStateSelect defaultValue={postedValue(reply, "state", address?.state)} error={errors.state} />
      <TextField
        label="ZIP code"
        name="zip"
        autoComplete="postal-code"
        inputMode="numeric"
        required
        maxLength={10}
        defaultValue={postedValue(reply, "zip", address?.zip)}
        error={errors.zip}
      />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={30}
        defaultValue={postedValue(reply, "phone", address?.phone)}
        error={errors.phone}
      />
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800 sm:col-span-2">
        <input
          type="checkbox"
          name="isDefault"
          defaultChecked={address?.isDefault}
          className="size-5 accent-brand-700"
        />
        Use as my default shipping address
      </label>
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </Button>
        {extra}
      </div>
    </fetcher.Form>
  );
}
