import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { DriverAction, DriverActionResult, StopStatus } from "~/lib/driver";

/**
 * The phone's queue of stop actions (decision 0070): each action is kept in localStorage with the
 * idempotency key made when the driver pressed the button, and sent to /driver/sync in order when
 * the phone is online (on load, on the `online` event, every few seconds while some wait, right after it is queued). An action leaves
 * the queue only once the store answered it (applied, applied before, or refused); a lost answer
 * sends it again with the same key, and the store answers the same without applying it twice.
 */
const QUEUE = "driver-queue-v1";
const LOCAL = "driver-local-v1";
const REFUSED = "driver-refused-v1";

/** What the phone knows of a stop before the store answers: the status it recorded, and what it collected. */
export interface LocalStop {
  status?: StopStatus;
  collectedCents?: number;
}

/** How often waiting actions are tried again while the page is open. */
const RETRY_MS = 4000;

const listeners = new Set<() => void>();
let snapshot: { queue: DriverAction[]; local: Record<string, LocalStop>; refused: string[] } | null = null;

function read<T>(name: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(name);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function state() {
  snapshot ??= { queue: read(QUEUE, []), local: read(LOCAL, {}), refused: read(REFUSED, []) };
  return snapshot;
}

function write(next: NonNullable<typeof snapshot>) {
  window.localStorage.setItem(QUEUE, JSON.stringify(next.queue));
  window.localStorage.setItem(LOCAL, JSON.stringify(next.local));
  window.localStorage.setItem(REFUSED, JSON.stringify(next.refused.slice(-10)));
  snapshot = next;
  for (const l of listeners) l();
}

export function newKey(): string {
  return `${Date.now().toString(36)}-${crypto.randomUUID()}`;
}

/** Queues an action (and what it means for its stop on this phone), then tries to send it. */
export function queueAction(action: DriverAction, local: LocalStop): void {
  const s = state();
  const before = s.local[action.stopId] ?? {};
  const merged: LocalStop = {
    ...before,
    ...(local.status ? { status: local.status } : {}),
    ...(local.collectedCents ? { collectedCents: (before.collectedCents ?? 0) + local.collectedCents } : {}),
  };
  write({ ...s, queue: [...s.queue, action], local: { ...s.local, [action.stopId]: merged } });
  void syncQueue();
}

let running: Promise<void> | null = null;

/** Sends the queue in order, a few actions a request; stops at the first failure to reach the store. */
export function syncQueue(onSynced?: () => void): Promise<void> {
  if (typeof window === "undefined" || !navigator.onLine) return Promise.resolve();
  if (running) return running;
  // Cleared when this run ends; set only after it started (a run over an empty queue ends before
  // its first await: clearing inside it, then assigning, left a finished run blocking every later one).
  const run = (async () => {
    let sent = false;
    for (;;) {
      const batch = state().queue.slice(0, 5);
      if (!batch.length) break;
      const body = new FormData();
      body.set("actions", JSON.stringify(batch));
      let results: DriverActionResult[];
      try {
        const response = await fetch("/driver/sync", { method: "POST", body, credentials: "same-origin" });
        if (!response.ok && response.status !== 207) break;
        results = ((await response.json()) as { results: DriverActionResult[] }).results;
      } catch {
        break; // no signal: the queue waits for the next try
      }
      const answered = new Set(results.map((r) => r.key));
      const s = state();
      const refused = results.filter((r) => !r.ok).map((r) => r.message);
      write({ ...s, queue: s.queue.filter((a) => !answered.has(a.key)), refused: [...s.refused, ...refused] });
      sent = true;
      if (!answered.size) break;
    }
    if (sent) {
      if (!state().queue.length) write({ ...state(), local: {} });
      onSynced?.();
    }
  })();
  running = run;
  const done = () => {
    if (running === run) running = null;
  };
  run.then(done, done);
  return run;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const EMPTY = { queue: [] as DriverAction[], local: {} as Record<string, LocalStop>, refused: [] as string[] };

/** The queue as the page shows it (empty while rendered on the server). */
export function useDriverQueue() {
  return useSyncExternalStore(subscribe, state, () => EMPTY);
}

/** Whether the phone is online; sends the queue on load and whenever the signal comes back. */
export function useOnlineSync(onSynced: () => void): boolean {
  const [online, setOnline] = useState(true);
  const sync = useCallback(() => {
    setOnline(navigator.onLine);
    void syncQueue(onSynced);
  }, [onSynced]);
  useEffect(() => {
    sync();
    const offline = () => setOnline(false);
    window.addEventListener("online", sync);
    window.addEventListener("offline", offline);
    // The `online` event is not to be relied on (a document that lost its network emulation, a
    // signal that comes back without the browser noticing): while actions wait, try again often.
    const retry = window.setInterval(() => {
      if (state().queue.length > 0) sync();
    }, RETRY_MS);
    return () => {
      window.removeEventListener("online", sync);
      window.removeEventListener("offline", offline);
      window.clearInterval(retry);
    };
  }, [sync]);
  return online;
}

/** Registers the service worker (scope /driver) and keeps this page and its assets for use without signal. */
export function useOfflineShell(): void {
  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("caches" in window)) return;
    navigator.serviceWorker.register("/driver-sw.js", { scope: "/driver" }).catch(() => {});
    const assets = [
      ...Array.from(document.querySelectorAll<HTMLScriptElement>("script[src]"), (s) => s.src),
      ...Array.from(
        document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="stylesheet"]'),
        (l) => l.href,
      ),
    ].filter((u) => new URL(u).origin === location.origin);
    void caches
      .open("driver-v1")
      .then(async (cache) => {
        await cache.addAll(assets);
        // The page as the store rendered it now (its data with it), for a reload without signal.
        if (navigator.onLine) await cache.add(location.pathname);
      })
      .catch(() => {});
  }, []);
}
