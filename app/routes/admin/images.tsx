import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { getDb } from "~/.server/db/instance";
import { attachImagesBySku, type FileResult } from "~/.server/flows/bulk-images";
import { formAction } from "~/.server/http/form-action";
import { replyError, replyOk, uploadedFiles } from "~/.server/http/forms";
import { actorOf, formOf } from "~/.server/request/context";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-message";
import { useSettledActionData } from "~/components/use-settled-action-data";
import type { FormReply } from "~/lib/form-reply";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { MB, type RouteHandle } from "~/lib/route-policy";
import type { Route } from "./+types/images";

/** Images in bulk: image files or ZIPs of them, each named after its product's SKU. */
export const handle: RouteHandle = { bodyLimitBytes: 110 * MB, maxFields: 60 };

export function meta() {
  return [{ title: "Images in bulk" }, { name: "robots", content: "noindex" }];
}

/** At most this many files are read from one upload (ZIPs count as one). */
const MAX_FILES = 50;

/** The upload: its files, those with something in them (the first 50); at least one. */
const bulkImagesSchema = z.object({
  files: uploadedFiles()
    .transform((files) => files.filter((f) => f.size > 0).slice(0, MAX_FILES))
    .refine((files) => files.length > 0, BACK_OFFICE_MESSAGES.bulkImagesChoose),
});

export async function action({ context }: Route.ActionArgs) {
  // The page says one message above the form: a problem of the files is said there.
  return formAction(
    formOf(context),
    bulkImagesSchema,
    async ({ files }) => {
      const uploads = await Promise.all(
        files.map(async (f) => ({ name: f.name.slice(0, 200) || "image", data: Buffer.from(await f.arrayBuffer()) })),
      );
      const results = await attachImagesBySku(getDb(), uploads, actorOf(context));
      const attached = results.filter((r) => r.ok);
      const products = new Set(attached.map((r) => r.product?.id)).size;
      const skipped = results.reduce((n, r) => n + (r.ok ? 0 : (r.files ?? 1)), 0);
      const message = BACK_OFFICE_MESSAGES.bulkImagesDone(attached.length, products, skipped);
      // Nothing attached: said as a failure, with every file's reason below it.
      if (attached.length === 0) return replyError<FileResult[]>({ message }, { data: results });
      return replyOk<FileResult[]>(message, results);
    },
    { fields: [] },
  );
}

/** The attached files by product, in the order they came: what each product got. */
function byProduct(results: FileResult[]) {
  const groups = new Map<number, { product: NonNullable<FileResult["product"]>; files: FileResult[] }>();
  for (const r of results) {
    if (!r.ok || !r.product) continue;
    const group = groups.get(r.product.id) ?? { product: r.product, files: [] };
    group.files.push(r);
    groups.set(r.product.id, group);
  }
  return [...groups.values()];
}

/** What the upload did: each product with the files it got (and where), then each file skipped and why. */
function UploadResults({ results }: { results: FileResult[] }) {
  const attached = byProduct(results);
  const skipped = results.filter((r) => !r.ok);
  return (
    <div className="flex flex-col gap-4">
      {attached.length > 0 ? (
        <section aria-labelledby="attached-title" className="rounded-lg border border-slate-200 bg-white p-4">
          <h3 id="attached-title" className="font-bold text-slate-900">
            Attached
          </h3>
          <ul className="mt-2 flex flex-col gap-3" aria-labelledby="attached-title">
            {attached.map(({ product, files }) => (
              <li key={product.id} aria-label={`${product.name} (${product.sku})`}>
                <a
                  href={`/admin/products/${product.id}`}
                  className="font-semibold break-words text-brand-700 underline"
                >
                  {product.name}
                </a>{" "}
                <span className="text-sm text-slate-600">{product.sku}</span>
                <ul className="mt-1 flex flex-col gap-1 text-sm text-slate-700">
                  {files.map((f) => (
                    <li key={f.file} className="break-words">
                      <span className="font-mono">{f.file}</span>: image {f.product?.position}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {skipped.length > 0 ? (
        <section aria-labelledby="skipped-title" className="rounded-lg border border-danger-600 bg-white p-4">
          <h3 id="skipped-title" className="font-bold text-danger-700">
            Skipped
          </h3>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-800" aria-labelledby="skipped-title">
            {skipped.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one answer's list, never reordered (a ZIP may name a file twice)
              <li key={i} className="break-words">
                <span className="font-mono font-semibold">{r.file}</span>: {r.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export default function BulkImages() {
  // A plain form: the answer shows with or without the page's script.
  const reply = useSettledActionData<FormReply<FileResult[]>>();
  const busy = useNavigation().state === "submitting";
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
      <Form
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
        <Button type="submit" disabled={busy}>
          Upload
        </Button>
      </Form>
      {busy ? <progress aria-label="Uploading" className="h-2 w-full accent-brand-700" /> : null}
      {reply?.message ? <FormMessage tone={reply.ok ? "success" : "error"}>{reply.message}</FormMessage> : null}
      {reply?.data?.length ? <UploadResults results={reply.data} /> : null}
    </section>
  );
}
