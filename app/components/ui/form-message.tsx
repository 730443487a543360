import type { ReactNode } from "react";

/** A message for the whole form (not one field). */
export function FormMessage({ tone, children }: { tone: "error" | "success" | "info"; children: ReactNode }) {
  const styles = {
    error: "border-danger-600 bg-danger-50 text-danger-700",
    success: "border-ok-700 bg-ok-50 text-ok-700",
    info: "border-brand-300 bg-brand-50 text-brand-800",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-3 py-2 text-sm ${styles}`}>
      {children}
    </div>
  );
}
