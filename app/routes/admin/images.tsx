import { useFetcher } from "react-router";
import { getDb } from "~/.server/db/instance";
import { attachImagesBySku, type FileResult } from "~/.server/flows/bulk-images";
import { replyError, replyOk } from "~/.server/http/forms";
import { actorOf, formOf } from "~/.server/request/context";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-message";
import type { FormReply } from "~/lib/form-reply";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { MB, type RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/images";

/** Images in bulk: image files or ZIPs of them, each named after its product's SKU. */
export const handle: RouteHandle = { bodyLimitBytes: 110 * MB, maxFields: 60 };

export function meta() {
  return [{ title: "Images in bulk" }, { name: "robots", content: "noindex" }];
}

export async function action({ context }: Route.ActionArgs) {
  const files = formOf(context)
    .getAll("files")
    .filter((f): f is File => typeof f !== "string" && f.size > 0)
    .slice(0, 50);
  if (files.length === 0) return replyError({ message: BACK_OFFICE_MESSAGES.bulkImagesChoose });
  const uploads = await Promise.all(
    files.map(async (f) => ({ name: f.name.slice(0, 200) || "image", data: Buffer.from(await f.arrayBuffer()) })),
  );
  const results = await attachImagesBySku(getDb(), uploads, actorOf(context));
  const added = results.filter((r) => r.ok).length;
  return replyOk<FileResult[]>(BACK_OFFICE_MESSAGES.bulkImagesDone(added, results.length - added), results);
}

export default function BulkImages() {
  const fetcher = useFetcher<FormReply<FileResult[]>>();
  const reply = fetcher.data;
  return (
    <section aria-labelledby="images-title" className="flex flex-col gap-4">
      <h2 id="images-title" className="text-xl font-bold text-slate-900">
        Images in bulk
      </h2>
      <p className="max-w-3xl text-sm text-slate-700">
        Upload images, or ZIP files of images, named after the product's SKU: <code>NV-BB-LTR-DISP50.jpg</code> for the
        first image, <code>NV-BB-LTR-DISP50-2.jpg</code> for the next. They are added after the product's current
        images, checked and resized as single uploads are.
      </p>
      <fetcher.Form
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
      >
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-slate-800">
          Images or ZIP files
          <input
            type="file"
            name="files"
            multiple
            required
            accept="image/*,.zip,application/zip"
            className="min-h-11 rounded-md border border-slate-300 bg-white p-2 text-sm"
          />
        </label>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Upload
        </Button>
      </fetcher.Form>
      {fetcher.state !== "idle" ? <progress aria-label="Uploading" className="h-2 w-full accent-brand-700" /> : null}
      {reply?.message ? <FormMessage tone={reply.ok ? "success" : "error"}>{reply.message}</FormMessage> : null}
      {reply?.data?.length ? (
        <ul className="flex flex-col gap-1 text-sm" aria-label="Files">
          {reply.data.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one answer's list, never reordered
            <li key={i} className={r.ok ? "text-ok-700" : "text-danger-700"}>
              <span className="font-semibold">{r.file}</span>: {r.message}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
