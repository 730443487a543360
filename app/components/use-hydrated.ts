import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true once the page's JavaScript runs. For controls
 * that only work with JavaScript: they render disabled until then, so a tap is never silently
 * dropped (issue 12, point 2).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
