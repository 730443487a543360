import { useEffect, useRef, useState } from "react";
import * as MESSAGES from "~/lib/messages";
import { MINIMUM_AGE } from "~/lib/store";

export const AGE_STORAGE_KEY = "ageVerified";
const LEAVE_TO = "https://www.google.com/";

/**
 * Inline head script: marks verified visitors before first paint so the server-rendered gate
 * never flashes for them. The gate itself is in every page's HTML (crawlers still read the page).
 */
export const AGE_GATE_BOOT_SCRIPT = `try{if(localStorage.getItem("${AGE_STORAGE_KEY}"))document.documentElement.setAttribute("data-age-verified","")}catch(e){}`;

export function AgeGate() {
  const [verified, setVerified] = useState(false);
  const enterRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let stored = false;
    try {
      stored = !!window.localStorage.getItem(AGE_STORAGE_KEY);
    } catch {
      stored = false;
    }
    setVerified(stored);
    if (!stored) enterRef.current?.focus();
  }, []);

  // While the gate is open the page behind it is inert (no tabbing behind the modal).
  useEffect(() => {
    const main = document.getElementById("page");
    if (!main) return;
    if (verified) main.removeAttribute("inert");
    else main.setAttribute("inert", "");
  }, [verified]);

  if (verified) return null;

  function enter() {
    try {
      window.localStorage.setItem(AGE_STORAGE_KEY, "true");
    } catch {
      // Storage blocked: the gate closes for this page view.
    }
    document.documentElement.setAttribute("data-age-verified", "");
    setVerified(true);
  }

  function underage() {
    window.alert(MESSAGES.underage);
    window.location.assign(LEAVE_TO);
  }

  return (
    <div
      id="age-gate"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/80 p-4"
      role="dialog"
      aria-modal="true"
      aria-labelledby="age-gate-title"
      aria-describedby="age-gate-text"
    >
      <div className="w-full max-w-md rounded-lg bg-white p-6 text-center shadow-2xl">
        <h2 id="age-gate-title" className="text-2xl font-bold text-brand-900">
          Age Verification
        </h2>
        <p id="age-gate-text" className="mt-3 text-slate-700">
          This site sells tobacco, nicotine and other age-restricted products. You must be {MINIMUM_AGE} or older to
          enter.
        </p>
        <div className="mt-6 grid grid-cols-2 gap-3">
          <button
            ref={enterRef}
            type="button"
            onClick={enter}
            className="min-h-12 rounded-md bg-brand-700 px-4 text-base font-bold text-white hover:bg-brand-800"
          >
            ENTER
          </button>
          <button
            type="button"
            onClick={underage}
            className="min-h-12 rounded-md border border-slate-300 px-4 text-base font-bold text-slate-800 hover:bg-slate-100"
          >
            UNDERAGE
          </button>
        </div>
      </div>
    </div>
  );
}
