import { useState } from "react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import {
  type DriverAction,
  type ManifestStop,
  mapLink,
  REASON_LABELS,
  STOP_STATUS_LABELS,
  type StopStatus,
  telLink,
} from "~/lib/driver";
import * as DRIVER from "~/lib/messages/driver";
import { formatCents, parseDollarsToCents } from "~/lib/money";
import { type LocalStop, newKey, queueAction } from "./queue";
import { SignaturePad } from "./signature-pad";

const TONES: Record<StopStatus | "cancelled", BadgeTone> = {
  pending: "info",
  delivered: "ok",
  partial: "warn",
  not_delivered: "danger",
  cancelled: "danger",
};

export function stopState(stop: ManifestStop, local: LocalStop | undefined): StopStatus | "cancelled" {
  if (stop.cancelled) return "cancelled";
  return local?.status ?? stop.status;
}

export function StopStatusBadge({ state }: { state: StopStatus | "cancelled" }) {
  return (
    <span className="shrink-0 whitespace-nowrap">
      <Badge tone={TONES[state]}>{STOP_STATUS_LABELS[state]}</Badge>
    </span>
  );
}

export function addressLine(stop: ManifestStop): string {
  return `${stop.street}, ${stop.city}, ${stop.state} ${stop.zip}`;
}

/** Where the stop is and how to reach it: the address opens the maps app, the phone the dialer. */
export function StopContact({ stop }: { stop: ManifestStop }) {
  return (
    <div className="flex flex-col gap-1 text-base">
      <a className="text-brand-700 underline" href={mapLink(addressLine(stop))} target="_blank" rel="noreferrer">
        {addressLine(stop)}
      </a>
      {stop.phone ? (
        <a className="text-brand-700 underline" href={telLink(stop.phone)}>
          {stop.phone}
        </a>
      ) : null}
    </div>
  );
}

export function CollectNote({ stop }: { stop: ManifestStop }) {
  const text =
    stop.collect.kind === "cod"
      ? DRIVER.collectCod(formatCents(stop.collect.dueCents))
      : stop.collect.kind === "prepaid"
        ? DRIVER.collectPrepaid
        : DRIVER.collectTerms(stop.collect.terms);
  return <p className="font-semibold text-slate-900">{text}</p>;
}

/** A photo taken with the phone's camera, made smaller (at most 1280 px, JPEG) so it fits the phone's queue. */
async function shrinkPhoto(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 1280 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL("image/jpeg", 0.75);
}

function position(): Promise<{ latitude: number; longitude: number } | null> {
  if (!("geolocation" in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    // The timeout below runs only once the driver has answered the browser's question: a question
    // left unanswered must not hold the delivery either.
    const giveUp = window.setTimeout(() => resolve(null), 4000);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        window.clearTimeout(giveUp);
        resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude });
      },
      () => {
        window.clearTimeout(giveUp);
        resolve(null);
      },
      { timeout: 3000, maximumAge: 60_000 },
    );
  });
}

/**
 * One stop: what to hand over, the proof (printed name, signature, photo), delivered, partly
 * delivered or not delivered, and what was collected. Every button queues an action on the phone
 * (queue.ts), sent at once with signal and later without.
 */
export function StopPanel({ stop, local }: { stop: ManifestStop; local: LocalStop | undefined }) {
  const state = stopState(stop, local);
  const [receiverName, setReceiverName] = useState("");
  const [signature, setSignature] = useState<string | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const [partial, setPartial] = useState(false);
  const [delivered, setDelivered] = useState<Record<number, string>>({});
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [method, setMethod] = useState<"cash" | "check">("cash");
  const [checkNumber, setCheckNumber] = useState("");
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const open = state === "pending";
  const collected = stop.collectedCents + (local?.collectedCents ?? 0);

  async function proof() {
    if (!receiverName.trim()) {
      setError(DRIVER.receiverNameRequired);
      return null;
    }
    if (!signature) {
      setError(DRIVER.signatureRequired);
      return null;
    }
    const where = await position();
    return {
      receiverName: receiverName.trim(),
      signature,
      photo,
      at: new Date().toISOString(),
      ...(where ?? {}),
    };
  }

  function done(action: DriverAction, localState: LocalStop) {
    setError(null);
    queueAction(action, localState);
    setSaved(DRIVER.savedOnPhone);
  }

  async function deliver() {
    const p = await proof();
    if (!p) return;
    if (!partial) return done({ key: newKey(), stopId: stop.id, kind: "delivered", proof: p }, { status: "delivered" });
    const lines = stop.lines.map((l) => {
      const typed = delivered[l.itemId];
      const count = typed === undefined || typed === "" ? l.quantity : Math.max(0, Math.floor(Number(typed)));
      const reason: "short" | "refused" = reasons[l.itemId] === "refused" ? "refused" : "short";
      return { itemId: l.itemId, delivered: count, reason: count < l.quantity ? reason : null };
    });
    if (lines.some((l, i) => l.delivered > (stop.lines[i]?.quantity ?? 0) || Number.isNaN(l.delivered)))
      return setError(DRIVER.deliveredTooMany);
    if (lines.every((l) => l.delivered === 0)) return setError(DRIVER.nothingDelivered);
    done({ key: newKey(), stopId: stop.id, kind: "partial", proof: p, lines }, { status: "partial" });
  }

  function notDelivered(reason: "closed" | "refused") {
    done(
      { key: newKey(), stopId: stop.id, kind: "not_delivered", reason, at: new Date().toISOString() },
      { status: "not_delivered" },
    );
  }

  function collect() {
    const cents = parseDollarsToCents(amount);
    if (!cents || cents <= 0) return setError(DRIVER.amountRequired);
    if (method === "check" && !checkNumber.trim()) return setError(DRIVER.checkNumberRequired);
    done(
      {
        key: newKey(),
        stopId: stop.id,
        kind: "collection",
        method,
        checkNumber: method === "check" ? checkNumber.trim() : null,
        amountCents: cents,
        at: new Date().toISOString(),
      },
      { collectedCents: cents },
    );
    setAmount("");
    setCheckNumber("");
  }

  return (
    <section aria-labelledby={`stop-${stop.id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`stop-${stop.id}-title`} className="text-xl font-bold text-slate-900">
          {stop.position}. {stop.businessName}
        </h2>
        <StopStatusBadge state={state} />
      </div>
      <p className="text-sm text-slate-700">Order #{stop.orderId}</p>
      <StopContact stop={stop} />
      {stop.cancelled ? <FormMessage tone="error">{DRIVER.orderCancelled(stop.orderId)}</FormMessage> : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {saved ? <FormMessage tone="success">{saved}</FormMessage> : null}

      <div>
        <h3 className="text-lg font-semibold text-slate-900">Hand over</h3>
        <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
          {stop.lines.map((l) => (
            <li key={l.itemId} className="flex flex-col gap-2 p-3">
              <div className="flex items-start justify-between gap-3">
                <span>
                  {l.name} <span className="text-sm text-slate-600">({l.sku})</span>
                </span>
                <span className="font-semibold tabular-nums">
                  {l.delivered !== null ? `${l.delivered} / ${l.quantity}` : `× ${l.quantity}`}
                </span>
              </div>
              {l.delivered !== null && l.reason ? (
                <span className="text-sm text-slate-700">{REASON_LABELS[l.reason] ?? l.reason}</span>
              ) : null}
              {open && partial ? (
                <div className="grid grid-cols-2 gap-2">
                  <TextField
                    label={`Delivered of ${l.name}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={l.quantity}
                    value={delivered[l.itemId] ?? String(l.quantity)}
                    onChange={(e) => setDelivered({ ...delivered, [l.itemId]: e.target.value })}
                  />
                  <SelectField
                    label={`Why less of ${l.name}`}
                    options={[
                      { value: "short", label: REASON_LABELS.short },
                      { value: "refused", label: REASON_LABELS.refused },
                    ]}
                    value={reasons[l.itemId] ?? "short"}
                    onChange={(e) => setReasons({ ...reasons, [l.itemId]: e.target.value })}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </div>

      <div className="flex flex-col gap-1">
        <h3 className="text-lg font-semibold text-slate-900">Collect</h3>
        <CollectNote stop={stop} />
        {collected > 0 ? <p className="text-slate-700">Collected: {formatCents(collected)}</p> : null}
      </div>

      {open ? (
        <div className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
          <h3 className="text-lg font-semibold text-slate-900">Proof of delivery</h3>
          <TextField
            label="Receiver's printed name"
            autoComplete="off"
            value={receiverName}
            onChange={(e) => setReceiverName(e.target.value)}
          />
          <SignaturePad onChange={setSignature} />
          <div className="flex flex-col gap-1">
            <label htmlFor={`photo-${stop.id}`} className="text-sm font-medium text-slate-800">
              Photo (optional)
            </label>
            <input
              id={`photo-${stop.id}`}
              type="file"
              accept="image/*"
              capture="environment"
              className="min-h-11 text-base"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                setPhoto(file ? await shrinkPhoto(file).catch(() => null) : null);
              }}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Button onClick={deliver}>{partial ? "Save partial delivery" : "Delivered"}</Button>
            <Button variant="secondary" onClick={() => setPartial(!partial)} aria-pressed={partial}>
              Partly delivered
            </Button>
            <div className="grid grid-cols-2 gap-2">
              <Button variant="danger" onClick={() => notDelivered("closed")}>
                Closed
              </Button>
              <Button variant="danger" onClick={() => notDelivered("refused")}>
                Refused
              </Button>
            </div>
          </div>
        </div>
      ) : null}

      {!stop.cancelled ? (
        <div className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
          <h3 className="text-lg font-semibold text-slate-900">Record a collection</h3>
          <SelectField
            label="Method"
            options={[
              { value: "cash", label: "Cash" },
              { value: "check", label: "Check" },
            ]}
            value={method}
            onChange={(e) => setMethod(e.target.value === "check" ? "check" : "cash")}
          />
          {method === "check" ? (
            <TextField
              label="Check number"
              inputMode="numeric"
              value={checkNumber}
              onChange={(e) => setCheckNumber(e.target.value)}
            />
          ) : null}
          <TextField
            label="Amount ($)"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <Button variant="secondary" onClick={collect}>
            Record collection
          </Button>
        </div>
      ) : null}
    </section>
  );
}
