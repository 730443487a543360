import { data } from "react-router";
import type { Route } from "./+types/not-found";

export function meta() {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

/** Any URL no other route claims: a real 404, rendered by the root error boundary. */
export async function loader(_: Route.LoaderArgs) {
  throw data("Page not found", { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
