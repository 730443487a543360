import { Form, useSearchParams } from "react-router";
import { listUsers } from "~/.server/accounts/directory";
import { getDb } from "~/.server/db/instance";
import { Pagination } from "~/components/admin/pagination";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { APPROVAL_LABEL } from "~/lib/business";
import { formatOrderDate } from "~/lib/orders";
import { pageParam } from "~/lib/schemas/params";
import type { Route } from "./+types/users";

export async function loader({ url }: Route.LoaderArgs) {
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = pageParam(url.searchParams.get("page"));
  const attention = url.searchParams.get("licenses") === "attention";
  return { ...(await listUsers(getDb(), { q, page, licenseAttention: attention })), q, attention };
}

function licenseSummaryText(l: {
  approved: number;
  pending: number;
  rejected: number;
  expired: number;
  nextExpiry: string | null;
}): string {
  const parts = [
    l.approved ? `${l.approved} approved` : "",
    l.pending ? `${l.pending} pending` : "",
    l.rejected ? `${l.rejected} rejected` : "",
    l.expired ? `${l.expired} expired` : "",
    l.nextExpiry ? `next expiry ${l.nextExpiry}` : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "None";
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, q, attention } = loaderData;
  const [params] = useSearchParams();
  return (
    <section aria-labelledby="users-title" className="flex flex-col gap-4">
      <h2 id="users-title" className="text-xl font-bold text-slate-900">
        Registered users <span className="text-base font-normal text-slate-600">({total.toLocaleString("en-US")})</span>
      </h2>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <TextField
          label="Search name, email or username"
          name="q"
          type="search"
          defaultValue={q}
          className="min-w-64 flex-1"
        />
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="licenses"
            value="attention"
            defaultChecked={attention}
            className="size-5 accent-brand-700"
          />
          Expired or expiring licenses only
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          No users found.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[1300px] text-left text-sm">
            <caption className="sr-only">Registered users</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                {[
                  "Name",
                  "Email",
                  "Username",
                  "Phone",
                  "Address",
                  "City",
                  "State",
                  "Zip",
                  "Business",
                  "Licenses",
                  "Verified",
                  "Role",
                  "Signed up",
                ].map((h) => (
                  <th key={h} scope="col" className="p-3 whitespace-nowrap">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((u) => (
                <tr key={u.id}>
                  <td className="p-3 font-medium">{u.name}</td>
                  <td className="p-3">{u.email}</td>
                  <td className="p-3">{u.username ?? "—"}</td>
                  <td className="p-3 whitespace-nowrap">{u.phone ?? "—"}</td>
                  <td className="p-3">{u.address ?? "—"}</td>
                  <td className="p-3">{u.city ?? "—"}</td>
                  <td className="p-3">{u.state ?? "—"}</td>
                  <td className="p-3">{u.zip ?? "—"}</td>
                  <td className="p-3">
                    {u.business ? (
                      <>
                        <span className="block font-medium">{u.business.legalName}</span>
                        <Badge
                          tone={
                            u.business.approval === "approved"
                              ? "ok"
                              : u.business.approval === "rejected"
                                ? "danger"
                                : "warn"
                          }
                        >
                          {APPROVAL_LABEL[u.business.approval]}
                        </Badge>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="p-3 whitespace-nowrap">{licenseSummaryText(u.licenses)}</td>
                  <td className="p-3">
                    {u.emailVerified ? <Badge tone="ok">Verified</Badge> : <Badge tone="warn">Not verified</Badge>}
                  </td>
                  <td className="p-3">{u.role === "admin" ? <Badge tone="info">Admin</Badge> : "Customer"}</td>
                  <td className="p-3 whitespace-nowrap">{formatOrderDate(u.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} params={params} label="User pages" />
    </section>
  );
}
