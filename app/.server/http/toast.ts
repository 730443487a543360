import crypto from "node:crypto";
import { createCookie, redirect } from "react-router";
import type { FlashToast, ToastType } from "~/lib/toast";
import { env } from "../runtime/env";
import { sessionSecret } from "../security/secret";

let cookie: ReturnType<typeof createCookie> | undefined;

function toastCookie() {
  cookie ??= createCookie("store.toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env().isProduction,
    secrets: [sessionSecret()],
    maxAge: 60,
  });
  return cookie;
}

function hasToastCookie(request: Request): boolean {
  return request.headers.get("cookie")?.includes("store.toast=") ?? false;
}

/** Reads the flash toast (if any) and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: FlashToast | null; headers: Headers }> {
  const headers = new Headers();
  if (!hasToastCookie(request)) return { toast: null, headers };
  const value: unknown = await toastCookie().parse(request.headers.get("cookie"));
  headers.append("Set-Cookie", await toastCookie().serialize("", { maxAge: 0 }));
  if (value && typeof value === "object" && "message" in value && typeof value.message === "string") {
    return { toast: value as FlashToast, headers };
  }
  return { toast: null, headers };
}

async function toastHeader(type: ToastType, message: string, duration?: number): Promise<string> {
  const toast: FlashToast = { id: crypto.randomUUID(), type, message, ...(duration ? { duration } : {}) };
  return toastCookie().serialize(toast);
}

/** The header that shows a toast once the page reloads its data (after a fetcher's post, say). */
export async function toastCookieHeader(toast: { type: ToastType; message: string; duration?: number }) {
  return { "Set-Cookie": await toastHeader(toast.type, toast.message, toast.duration) };
}

/** A redirect that shows a toast on the page it lands on. */
export async function redirectWithToast(
  url: string,
  toast: { type: ToastType; message: string; duration?: number },
  init?: { headers?: HeadersInit },
): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastHeader(toast.type, toast.message, toast.duration));
  return redirect(url, { headers });
}
