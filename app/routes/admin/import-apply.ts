import { data } from "react-router";
import { applyPosted, applyStream, readStagedApply } from "~/.server/flows/catalog-import/import-form";
import { formAction } from "~/.server/http/form-action";
import { actorOf, formOf } from "~/.server/request/context";
import type { RouteHandle } from "~/lib/route-policy";
import { importApplySchema } from "~/lib/schemas/catalog-import";
import type { Route } from "./+types/import-apply";

/**
 * Apply of a catalog import, answered as it runs (issue 17: "a progress bar for large files").
 * The page posts the same form as its no-script Apply: the staged id of its dry run and the dry
 * run's digest (the file itself was uploaded once, by the dry run). A post that cannot be applied
 * is answered at once with its status and reply as JSON, one that can as NDJSON: lines of
 * `{ progress: { done, total } }` while rows are written, then one `{ status, reply }` with the
 * answer the page's own action would give. Progress comes from the request that does the work, so
 * it needs no second request, no shared memory between app servers and no database read while the
 * import's transaction holds SQLite's one connection. Admins only, as the admin group says.
 */
// A few short fields: the file is not posted again (the default body cap).
export const handle: RouteHandle = { maxFields: 10 };

export async function action({ context }: Route.ActionArgs) {
  // A post that cannot be applied (no dry run, a staged id this admin does not have) is refused
  // before anything streams, with its status, in the same words the page's action would use.
  const actor = actorOf(context);
  const answer = await formAction(
    formOf(context),
    importApplySchema,
    async (input) => {
      const { posted, answer: refused } = await readStagedApply(input, actor);
      if (!posted) return refused;
      const body = applyStream((onProgress) => applyPosted(posted, actor, onProgress));
      return new Response(body, {
        headers: {
          "Content-Type": "application/x-ndjson; charset=utf-8",
          // no-transform: a compressing middleware or proxy must not hold the lines back until the end.
          "Cache-Control": "no-store, no-transform",
          "X-Accel-Buffering": "no",
        },
      });
    },
    { fields: [] },
  );
  if (answer instanceof Response) return answer;
  return Response.json(answer.data, { status: answer.init?.status ?? 400 });
}

export function loader() {
  throw data("Page not found", { status: 404 });
}
