import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import * as QUICK_ORDER_MESSAGES from "~/lib/messages/quick-order";
import type { ScannedProduct } from "~/lib/quick-order";
import { Button } from "../ui/button";
import type { BarcodeReader } from "./barcode-reader";

/** What the page's loader answers for ?code= (the product a scanned code names, or none). */
export interface ScanAnswer {
  scanned: { code: string; product: ScannedProduct | null } | null;
}

/** How often the picture is read. */
const READ_EVERY_MS = 200;
/** The same code is taken again only once it has been out of the picture this long (a box held still adds once). */
const SAME_CODE_GAP_MS = 1500;

/**
 * Scan to reorder (issue 38): on a phone, quick order reads a box's barcode with the camera and
 * adds its product to the typed lines (`onProduct`, which says what it did). Shown only where the
 * browser has a camera API; the decoder (barcode-reader.ts) is downloaded only when the person
 * presses "Scan a barcode". A live view with a stop button (Escape stops too), and a status read
 * out as it changes: what was added, a code no product has, or why the camera cannot be used;
 * typing the UPC in a line works everywhere.
 */
export function BarcodeScanner(
  props:
    | { onProduct: (product: ScannedProduct) => string; onCode?: never; hint?: never }
    | {
        /** Receiving (issue 39): each code read is handed over at once; what it says is read out. */
        onCode: (code: string) => string;
        onProduct?: never;
        hint?: string;
      },
) {
  const id = useId();
  const fetcher = useFetcher<ScanAnswer>();
  const [available, setAvailable] = useState(false);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState("");
  const videoRef = useRef<HTMLVideoElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  // The running scan: its camera, its timer, the code being looked up and the last one seen.
  const session = useRef<{
    stream: MediaStream | null;
    timer?: ReturnType<typeof setTimeout>;
    stopped: boolean;
  } | null>(null);
  const pending = useRef<string | null>(null);
  const lastSeen = useRef<{ code: string; at: number } | null>(null);
  const onProductRef = useRef(props.onProduct);
  onProductRef.current = props.onProduct;
  const onCodeRef = useRef(props.onCode);
  onCodeRef.current = props.onCode;

  // The camera API exists only in the browser (and only on secure pages): known once the script runs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once; the camera is let go when the page is left
  useEffect(() => {
    setAvailable(typeof navigator.mediaDevices?.getUserMedia === "function");
    return () => end();
  }, []);

  // A looked-up code: its product goes in the lines, or the status says no product has it.
  useEffect(() => {
    const scanned = fetcher.data?.scanned;
    if (fetcher.state !== "idle" || !scanned || scanned.code !== pending.current) return;
    pending.current = null;
    const onProduct = onProductRef.current;
    if (!onProduct) return;
    setStatus(scanned.product ? onProduct(scanned.product) : QUICK_ORDER_MESSAGES.scanNoProduct(scanned.code));
  }, [fetcher.state, fetcher.data]);

  function end() {
    const running = session.current;
    session.current = null;
    pending.current = null;
    if (!running) return;
    running.stopped = true;
    clearTimeout(running.timer);
    for (const track of running.stream?.getTracks() ?? []) track.stop();
  }

  function stop(message: string) {
    end();
    setOpen(false);
    setStatus(message);
    // The focus goes back to where the scan was started.
    requestAnimationFrame(() => startRef.current?.focus());
  }

  async function start() {
    end();
    const running: NonNullable<typeof session.current> = { stream: null, stopped: false };
    session.current = running;
    lastSeen.current = null;
    setOpen(true);
    setStatus(QUICK_ORDER_MESSAGES.scanStarting);
    requestAnimationFrame(() => stopRef.current?.focus());
    let reader: BarcodeReader;
    try {
      running.stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: "environment" } },
        audio: false,
      });
    } catch (error) {
      if (running.stopped) return;
      const name = error instanceof Error ? error.name : "";
      return stop(
        name === "NotAllowedError" || name === "SecurityError"
          ? QUICK_ORDER_MESSAGES.scanRefused
          : QUICK_ORDER_MESSAGES.scanNoCamera,
      );
    }
    if (running.stopped) return end();
    try {
      reader = await (await import("./barcode-reader")).createBarcodeReader();
    } catch {
      if (running.stopped) return;
      return stop(QUICK_ORDER_MESSAGES.scanUnsupported);
    }
    const video = videoRef.current;
    if (running.stopped || !video) return;
    video.srcObject = running.stream;
    await video.play().catch(() => undefined);
    if (running.stopped) return;
    setStatus(QUICK_ORDER_MESSAGES.scanReady);

    const tick = async () => {
      if (running.stopped) return;
      if (pending.current === null && video.readyState >= 2) {
        const code = await reader.read(video);
        if (running.stopped) return;
        const now = Date.now();
        const last = lastSeen.current;
        if (code) {
          const again = last?.code === code && now - last.at < SAME_CODE_GAP_MS;
          lastSeen.current = { code, at: now };
          if (!again) {
            const onCode = onCodeRef.current;
            if (onCode) setStatus(onCode(code));
            else {
              pending.current = code;
              fetcher.load(`/quick-order?${new URLSearchParams({ code })}`);
            }
          }
        }
      }
      running.timer = setTimeout(tick, READ_EVERY_MS);
    };
    void tick();
  }

  if (!available) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        Scan barcodes
      </h2>
      <p className="text-sm text-slate-600">{props.hint ?? QUICK_ORDER_MESSAGES.scanHint}</p>
      {open ? (
        // Escape anywhere in the live view stops it.
        // biome-ignore lint/a11y/noStaticElementInteractions: the keys are the stop button's, heard from its container
        <div
          className="flex flex-col gap-2"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              stop(QUICK_ORDER_MESSAGES.scanStopped);
            }
          }}
        >
          <video
            ref={videoRef}
            muted
            playsInline
            aria-label="Camera view"
            className="aspect-[4/3] w-full max-w-md rounded-md bg-slate-900 object-cover"
          />
          <div>
            <Button ref={stopRef} variant="secondary" onClick={() => stop(QUICK_ORDER_MESSAGES.scanStopped)}>
              Stop scanning
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button ref={startRef} variant="secondary" onClick={() => void start()}>
            Scan a barcode
          </Button>
        </div>
      )}
      <p role="status" aria-live="polite" className="min-h-5 text-sm font-semibold text-slate-800">
        {status}
      </p>
    </section>
  );
}
