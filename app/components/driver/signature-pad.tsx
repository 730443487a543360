import { useEffect, useRef } from "react";
import * as DRIVER from "~/lib/messages/driver";

/**
 * A signature drawn with a finger or the mouse on a canvas. The canvas has a name; for a screen
 * reader user the typed printed name stands for the signature (the stop form asks for both).
 * `onChange` gets the drawing as a PNG data URL, or null once cleared. `label` and `canvasLabel`
 * say what is signed (a resale certificate reuses the pad; the driver's words by default).
 */
export function SignaturePad({
  onChange,
  label = DRIVER.signHere,
  canvasLabel = DRIVER.signatureCanvasLabel,
  labelId = "signature-label",
}: {
  onChange: (png: string | null) => void;
  label?: string;
  canvasLabel?: string;
  labelId?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ratio = window.devicePixelRatio || 1;
    c.width = c.clientWidth * ratio;
    c.height = c.clientHeight * ratio;
    const ctx = c.getContext("2d");
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = "round";
    ctx.strokeStyle = "#0f172a";
  }, []);

  function point(e: React.PointerEvent<HTMLCanvasElement>) {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  function start(e: React.PointerEvent<HTMLCanvasElement>) {
    const ctx = e.currentTarget.getContext("2d");
    if (!ctx) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const p = point(e);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
  }

  function move(e: React.PointerEvent<HTMLCanvasElement>) {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext("2d");
    if (!ctx) return;
    const p = point(e);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
    drawn.current = true;
  }

  function end(e: React.PointerEvent<HTMLCanvasElement>) {
    if (!drawing.current) return;
    drawing.current = false;
    if (drawn.current) onChange(e.currentTarget.toDataURL("image/png"));
  }

  function clear() {
    const c = canvas.current;
    c?.getContext("2d")?.clearRect(0, 0, c.width, c.height);
    drawn.current = false;
    onChange(null);
  }

  return (
    <div className="flex flex-col gap-1">
      <p id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <canvas
        ref={canvas}
        role="img"
        aria-label={canvasLabel}
        className="h-40 w-full touch-none rounded-md border border-slate-400 bg-white"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <button
        type="button"
        onClick={clear}
        className="min-h-11 self-start px-2 text-sm font-semibold text-brand-700 underline"
      >
        {DRIVER.clearSignature}
      </button>
    </div>
  );
}
