import { data, Link, useFetcher } from "react-router";
import { z } from "zod";
import { safeRedirectPath } from "~/.server/accounts/viewer";
import { cancelAlert, listAlerts, subscribeAlert } from "~/.server/catalog/stock-alerts";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { replyOk } from "~/.server/http/forms";
import { redirectWithToast } from "~/.server/http/toast";
import { formOf, signedInViewer } from "~/.server/request/context";
import { AccountShell } from "~/components/account-shell";
import { ProductImage } from "~/components/product-image";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-message";
import { useSettledActionData } from "~/components/use-settled-action-data";
import type { FormReply } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import { formatOrderDate } from "~/lib/orders";
import { idOrNull, idParam } from "~/lib/schemas/params";
import type { Route } from "./+types/stock-alerts";

export function meta() {
  return [{ title: "Stock Alerts" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { alerts: await listAlerts(getDb(), signedInViewer(context).id) };
}

/**
 * Notify me (subscribe) and Cancel alert, from a product page (back there with a toast, so the
 * form works before the page's JavaScript has run) or from this page.
 */
/** Subscribe to a product's stock alert, or cancel it (the product page, this page). */
const alertSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("subscribe"), productId: idOrNull }),
    z.object({ intent: z.literal("cancel"), productId: idOrNull }),
  ],
  { error: MESSAGES.chooseAction },
);

export async function action({ context }: Route.ActionArgs) {
  const viewer = signedInViewer(context);
  const form = formOf(context);
  // A form posted before the page's JavaScript ran comes back to its page with a toast.
  const redirectTo = form.get("redirectTo");
  const back = typeof redirectTo === "string" && redirectTo !== "" ? safeRedirectPath(redirectTo) : null;
  const done = (message: string) => (back ? redirectWithToast(back, { type: "success", message }) : replyOk(message));
  return formAction(
    form,
    alertSchema,
    async ({ intent, productId }) => {
      if (productId === null) throw data(MESSAGES.productNotFound, { status: 404 });
      if (intent === "cancel") {
        const name = await cancelAlert(getDb(), viewer.id, productId);
        // Nothing to cancel (a second tap, another tab): the page shows the state as it is.
        if (name === null)
          return back
            ? redirectWithToast(back, { type: "info", message: ACCOUNT_MESSAGES.nothingToCancel })
            : replyOk();
        return done(ACCOUNT_MESSAGES.alertCanceled(name));
      }
      // A refusal (no alert needed, too many alerts) is a StockAlertError: formAction says it.
      const name = await subscribeAlert(getDb(), viewer.id, productId);
      if (name === null) throw data(MESSAGES.productNotFound, { status: 404 });
      return done(ACCOUNT_MESSAGES.alertSubscribed(name));
    },
    { back },
  );
}

function AlertRow({ alert }: { alert: Awaited<ReturnType<typeof loader>>["alerts"][number] }) {
  const fetcher = useFetcher<FormReply>();
  return (
    <li className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="w-16 shrink-0">
        <ProductImage image={alert.image} alt={alert.name} sizes="64px" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={`/products/details/${alert.productId}`} className="font-semibold text-slate-900 hover:underline">
          {alert.name}
        </Link>
        <span>
          {alert.notifiedAt === null ? (
            <Badge tone="warn">Waiting for stock</Badge>
          ) : (
            <Badge tone="ok">{ACCOUNT_MESSAGES.alertEmailedOn(formatOrderDate(alert.notifiedAt))}</Badge>
          )}
        </span>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="productId" value={alert.productId} />
        <Button type="submit" name="intent" value="cancel" variant="ghost" disabled={fetcher.state !== "idle"}>
          {alert.notifiedAt === null ? "Cancel" : "Remove"}
          <span className="sr-only"> {alert.name}</span>
        </Button>
      </fetcher.Form>
    </li>
  );
}

export default function StockAlerts({ loaderData }: Route.ComponentProps) {
  const actionData = useSettledActionData<typeof action>();
  const { alerts } = loaderData;
  return (
    <AccountShell title="Stock Alerts">
      <p className="text-slate-700">{ACCOUNT_MESSAGES.alertsIntro}</p>
      {actionData?.message ? (
        <div className="mt-4">
          <FormMessage tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormMessage>
        </div>
      ) : null}
      {alerts.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">
          {ACCOUNT_MESSAGES.noAlertsYet}
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2" aria-label="Stock alerts">
          {alerts.map((a) => (
            <AlertRow key={a.productId} alert={a} />
          ))}
        </ul>
      )}
    </AccountShell>
  );
}
