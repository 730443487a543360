import loadSonner from "lazy-import:sonner";
import { useEffect, useState } from "react";
import type { ExternalToast } from "sonner";
import { SHOP_TOAST_MS, type ToastType } from "~/lib/toast";

/**
 * The one toast system (sonner), loaded on demand: most page views show no toast, so its code
 * is fetched with the first one instead of with every page. notify() queues the message until
 * the Toaster is mounted.
 */
type Sonner = typeof import("sonner");

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
let hostReady = false;
const queue: { type: ToastType; message: string; options?: ExternalToast }[] = [];
const listeners = new Set<() => void>();

function flush() {
  if (!sonner || !hostReady) return;
  for (const t of queue.splice(0)) sonner.toast[t.type](t.message, t.options);
}

function load(): Promise<Sonner> {
  loading ??= loadSonner().then((mod) => {
    sonner = mod;
    for (const l of listeners) l();
    return mod;
  });
  return loading;
}

export function notify(type: ToastType, message: string, options?: ExternalToast): void {
  queue.push({ type, message, ...(options ? { options } : {}) });
  if (sonner) flush();
  else void load();
}

/** Mounted once by the root layout; renders sonner's Toaster once it is needed. */
export function ToastHost() {
  const [mod, setMod] = useState<Sonner | null>(sonner);
  useEffect(() => {
    const update = () => setMod(sonner);
    listeners.add(update);
    if (queue.length > 0) void load();
    return () => {
      listeners.delete(update);
    };
  }, []);
  useEffect(() => {
    if (!mod) return;
    // The Toaster below subscribed in its own effect, which runs before this one.
    hostReady = true;
    flush();
    return () => {
      hostReady = false;
    };
  }, [mod]);
  if (!mod) return null;
  const { Toaster } = mod;
  // At the bottom: a toast at the top would cover the header's cart total just when an add changes it.
  return (
    <Toaster position="bottom-right" duration={SHOP_TOAST_MS} hotkey={["altKey", "KeyT"]} richColors closeButton />
  );
}
