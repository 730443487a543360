import { RouterContextProvider } from "react-router";
import type { Viewer } from "~/.server/accounts/viewer";
import { formContext, requestInfoContext, viewerContext } from "~/.server/request/context";
import type { FormReply } from "~/lib/form-reply";
import { policyOf } from "~/lib/route-policy";

/**
 * Calling a route module's action as React Router would after the root and group middleware:
 * the viewer they resolved and the form they read are in the context. For tests of what an
 * action answers to a post (the middleware's own checks have tests of their own).
 */
export function postTo(path: string, fields: Record<string, string | string[]>, viewer: Viewer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  const context = new RouterContextProvider();
  context.set(viewerContext, viewer);
  context.set(formContext, form);
  context.set(requestInfoContext, {
    cspNonce: "test",
    isDataRequest: true,
    clientIp: "203.0.113.250",
    policy: policyOf(null, [{ access: viewer.role === "admin" ? "admin" : "signed-in" }]),
  });
  const url = new URL(`http://store.test${path}`);
  return { context, request: new Request(url, { method: "POST" }), url, form };
}

/** What an action answered: the reply and its status (200 when the action gave none). */
export function replyOf(answer: unknown): { status: number; reply: FormReply } {
  if (answer && typeof answer === "object" && "data" in answer && "init" in answer) {
    const init = (answer as { init?: ResponseInit | null }).init;
    return { status: init?.status ?? 200, reply: (answer as { data: FormReply }).data };
  }
  return { status: 200, reply: answer as FormReply };
}

/** A viewer as the root middleware makes one, for an account the test made. */
export function viewerFor(
  user: { id: string; name: string; email: string },
  role: "admin" | "customer",
  more: Partial<Viewer> = {},
): Viewer {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: null,
    role,
    emailVerified: true,
    approved: true,
    accountId: user.id,
    memberRole: role === "customer" ? "owner" : null,
    orderLimitCents: null,
    actingFor: null,
    ...more,
  } as Viewer;
}
