import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { ProductPersonalData } from "~/lib/saved-lists";

/**
 * A signed-in customer's own state on a product page (their lists holding it, their alert), asked
 * for once the page has loaded: the page is shared by their audience and carries none of it
 * (issue 28). Asked again after any form is posted (React Router revalidates loaded fetchers),
 * and for the new product when the page changes. Null until it has arrived.
 */
export function useProductPersonal(productId: number, enabled: boolean): ProductPersonalData | null {
  const fetcher = useFetcher<ProductPersonalData>();
  const asked = useRef<number | null>(null);
  const current = fetcher.data?.productId === productId ? fetcher.data : null;
  useEffect(() => {
    if (!enabled || current || asked.current === productId || fetcher.state !== "idle") return;
    asked.current = productId;
    fetcher.load(`/api/product-personal/${productId}`);
  }, [enabled, productId, current, fetcher]);
  return current;
}
