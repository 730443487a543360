import { IMPORT_PROGRESS_ID, importProgress } from "~/.server/catalog/import-progress";
import type { Route } from "./+types/import-progress";

/**
 * How far the catalog import `?id=` has got on this app server, polled by /admin/import while
 * its Apply runs: `{ progress: { done, total } }`, or `{ progress: null }` when this server runs
 * no such import (finished, never started, or running on another server). Admins only, as the
 * admin group says.
 */
export function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("id") ?? "";
  return Response.json({ progress: IMPORT_PROGRESS_ID.test(id) ? importProgress(id) : null });
}
