import { createContext, type RouterContextProvider } from "react-router";
import type { RoutePolicy } from "~/lib/route-policy";
import type { Viewer } from "../accounts/viewer";
import type { Actor } from "../audit/log";

/**
 * What the server knows about a request before React Router sees it (set by server/app.ts), and
 * what the root middleware works out once for every loader and action of the request: the
 * viewer and the posted form. Route modules read them through the accessors below.
 */
export interface RequestInfo {
  /** Nonce for this response's inline scripts (Content-Security-Policy). */
  cspNonce: string;
  /** True for React Router's `.data` requests (client-side navigations and fetchers). */
  isDataRequest: boolean;
  /** The client's address (proxy-aware when TRUST_PROXY names the proxies). */
  clientIp: string;
  /** The declared policy of the matched route (app/lib/route-policy.ts). */
  policy: RoutePolicy;
  /**
   * The viewer, when the server already looked them up before reading the body (a post larger
   * than the default cap to a route that only some may use): the root middleware uses this
   * lookup rather than making a second one.
   */
  viewer?: Promise<Viewer | null>;
}

export const requestInfoContext = createContext<RequestInfo>();
/** The viewer as the root middleware resolved it: undefined until it has run. */
export const viewerContext = createContext<Viewer | null | undefined>(undefined);
export const formContext = createContext<FormData | null>(null);

type Context = Readonly<RouterContextProvider>;

export function requestInfo(context: Context): RequestInfo {
  return context.get(requestInfoContext);
}

export function clientIpOf(context: Context): string {
  return context.get(requestInfoContext).clientIp;
}

/** Requests whose loaders or actions read who the viewer is (viewerOf, signedInViewer). */
const personalReads = new WeakSet<object>();

/**
 * The signed-in viewer, or null for a visitor (looked up once by the root middleware). Reading
 * it makes the request's answer personal: the page cache never shares a signed-in render whose
 * loaders read it (pages shared by an audience read flows/audience.ts's audienceOf instead).
 */
export function viewerOf(context: Context): Viewer | null {
  personalReads.add(context);
  return context.get(viewerContext) ?? null;
}

/**
 * The viewer, for deciding whether the request may go on (group middleware): what it decides is
 * an answer or a redirect, not a part of a page, so it does not make the page personal.
 */
export function viewerForAccess(context: Context): Viewer | null {
  return context.get(viewerContext) ?? null;
}

/** Whether anything in this request read the viewer itself (not only their audience). */
export function personalRead(context: Context): boolean {
  return personalReads.has(context);
}

/**
 * Whether this request was resolved to no viewer at all by the code that signs people in (the
 * root middleware's getViewer): false before that ran, and false for any signed-in viewer. The
 * visitor cache stores a rendered page only when this is true.
 */
export function resolvedAsVisitor(context: Context): boolean {
  return context.get(viewerContext) === null;
}

/**
 * The viewer of a route whose group requires one (account, buyer, admin): the group's
 * middleware has already sent everyone else away, so a missing viewer is a wiring mistake.
 */
export function signedInViewer(context: Context): Viewer {
  personalReads.add(context);
  const viewer = context.get(viewerContext);
  if (!viewer) throw new Error("signedInViewer() used outside a group that requires a signed-in viewer");
  return viewer;
}

/**
 * The signed-in viewer as the audit log names them ("Ada Admin <ada@store.test>"); while a sales
 * rep or an admin acts for a business, both identities ("Rita Rep <rita@store.test> for Acme").
 */
export function actorOf(context: Context): Actor {
  const viewer = signedInViewer(context);
  const who = `${viewer.name} <${viewer.email}>`;
  return { id: viewer.id, name: viewer.actingFor ? `${who} for ${viewer.actingFor.businessName}` : who };
}

/** The form posted to this action, read and checked once by the root middleware. */
export function formOf(context: Context): FormData {
  const form = context.get(formContext);
  if (!form) throw new Error("formOf() used on a request without a form body");
  return form;
}
