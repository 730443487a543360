import { CATEGORIES } from "~/lib/categories";
import * as MESSAGES from "~/lib/messages/shell";
import { ButtonLink } from "./ui/button";

/** The designed 404: says what happened and offers ways back into the catalog. */
export function NotFound({ message }: { message?: string | undefined }) {
  const title = message ?? "Page not found";
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      {/* Rendered by the root error boundary, where no route meta applies: React hoists these into <head>. */}
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">{MESSAGES.pageNotFound}</p>
      <ul className="mt-6 flex flex-wrap justify-center gap-2">
        {CATEGORIES.map((c) => (
          <li key={c.slug}>
            <ButtonLink to={`/products/${c.slug}`} variant="secondary">
              {c.navLabel}
            </ButtonLink>
          </li>
        ))}
      </ul>
      <div className="mt-6">
        <ButtonLink to="/">Back to the home page</ButtonLink>
      </div>
    </section>
  );
}
