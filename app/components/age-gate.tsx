import { useSyncExternalStore } from "react";
import * as MESSAGES from "~/lib/messages/shell";
import { MINIMUM_AGE } from "~/lib/store";

export const AGE_STORAGE_KEY = "ageVerified";
const LEAVE_TO = "https://www.google.com/";
/** Dispatched on window by the head script when ENTER is tapped. */
const VERIFIED_EVENT = "age-verified";

/**
 * The whole age gate runs from this inline head script, before the first paint and without
 * waiting for React (a phone can take seconds to hydrate, and nothing may move under the
 * customer's fingers meanwhile):
 * - a verified visitor gets `data-age-verified` on <html> (CSS hides the gate) and nothing else:
 *   the page is never made inert, so typing at first paint is never interrupted;
 * - a new visitor's `#page` is made inert the moment the parser creates it (a mutation observer,
 *   which runs before the browser paints), and ENTER / UNDERAGE work by a click listener on the
 *   document, so the gate answers taps before the page's JavaScript has loaded.
 * The gate's markup is in every page's HTML (crawlers still read the page behind it).
 */
export const AGE_GATE_BOOT_SCRIPT = `(function(){var d=document,h=d.documentElement,k=${JSON.stringify(AGE_STORAGE_KEY)},v;try{v=localStorage.getItem(k)}catch(e){}if(v){h.setAttribute("data-age-verified","");return}var o=new MutationObserver(function(){var p=d.getElementById("page");if(p){p.inert=true;o.disconnect()}});o.observe(h,{childList:true,subtree:true});d.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest("[data-age-gate]");if(!b)return;if(b.getAttribute("data-age-gate")==="enter"){try{localStorage.setItem(k,"true")}catch(x){}h.setAttribute("data-age-verified","");var p=d.getElementById("page");if(p)p.inert=false;dispatchEvent(new Event(${JSON.stringify(VERIFIED_EVENT)}))}else{alert(${JSON.stringify(MESSAGES.underage)});location.assign(${JSON.stringify(LEAVE_TO)})}});d.addEventListener("DOMContentLoaded",function(){if(!h.hasAttribute("data-age-verified")){var b=d.querySelector('[data-age-gate="enter"]');if(b)b.focus()}})})()`;

function subscribe(onChange: () => void): () => void {
  window.addEventListener(VERIFIED_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(VERIFIED_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

function verifiedNow(): boolean {
  try {
    return !!window.localStorage.getItem(AGE_STORAGE_KEY);
  } catch {
    return false;
  }
}

/**
 * The gate's markup, driven by AGE_GATE_BOOT_SCRIPT (which hides it by CSS for a verified visitor
 * from the first paint). Once React runs, a verified visitor's gate leaves the document too, so it
 * stays out of the way even if React has to re-render the document from scratch (which drops the
 * head script's mark on <html>). This never touches #page or focus.
 */
export function AgeGate() {
  const verified = useSyncExternalStore(subscribe, verifiedNow, () => false);
  if (verified) return null;
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
            type="button"
            data-age-gate="enter"
            className="min-h-12 rounded-md bg-brand-700 px-4 text-base font-bold text-white hover:bg-brand-800"
          >
            ENTER
          </button>
          <button
            type="button"
            data-age-gate="underage"
            className="min-h-12 rounded-md border border-slate-300 px-4 text-base font-bold text-slate-800 hover:bg-slate-100"
          >
            UNDERAGE
          </button>
        </div>
      </div>
    </div>
  );
}
