import { useCallback, useSyncExternalStore } from "react";
import { CART_STORAGE_KEY, type CartLine, parseCart } from "~/lib/cart-lines";
import { useHydrated } from "../use-hydrated";

/**
 * The cart in localStorage, shared by every component and kept in sync across tabs
 * (the storage event) and within the tab (our own event).
 */
const LOCAL_EVENT = "cart:change";
const EMPTY: CartLine[] = [];

let lastRaw: string | null = null;
let lastLines: CartLine[] = EMPTY;

/** The stored cart lines now (browser only). */
export function readCart(): CartLine[] {
  return read();
}

function read(): CartLine[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return EMPTY;
  }
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastLines = parseCart(raw);
  }
  return lastLines;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === CART_STORAGE_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(LOCAL_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(LOCAL_EVENT, onChange);
  };
}

export function writeCart(lines: CartLine[]): void {
  try {
    if (lines.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
    else window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Storage full or blocked: the cart stays as it was.
  }
  window.dispatchEvent(new Event(LOCAL_EVENT));
}

/**
 * False on the server and while the page hydrates (the cart is in the browser and not read yet),
 * true once it has been read: pages show a loading state meanwhile, never "Your cart is empty."
 */
export const useCartRead = useHydrated;

/** The cart lines, plus a function that applies a pure cart rule (lib/cart.ts) to them. */
export function useCart(): [CartLine[], (change: (lines: CartLine[]) => CartLine[]) => void] {
  const lines = useSyncExternalStore(subscribe, read, () => EMPTY);
  const update = useCallback((change: (lines: CartLine[]) => CartLine[]) => writeCart(change(read())), []);
  return [lines, update];
}
