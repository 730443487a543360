import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { CONFIRMED, type ConfirmStep } from "~/lib/confirmation";

/**
 * The question a post without confirmation is answered with (decision 0023; the back office and
 * the account area), rendered by the server: it works
 * before (or without) the page's JavaScript. Confirm posts the same fields again, confirmed;
 * Cancel goes back to the page as it was.
 */
export function ConfirmPanel({ step }: { step: ConfirmStep["confirm"] }) {
  const location = useLocation();
  return (
    <section
      aria-labelledby="confirm-step"
      className="flex flex-col gap-3 rounded-lg border border-warn-700 bg-white p-4"
    >
      <h3 id="confirm-step" className="font-semibold text-slate-900">
        {step.question}
      </h3>
      {step.detail ? <p className="text-sm text-slate-700">{step.detail}</p> : null}
      <Form method="post" className="flex flex-wrap gap-3">
        {Object.entries(step.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CONFIRMED} value="yes" />
        <Button type="submit" variant={step.danger ? "danger" : "primary"}>
          Confirm
        </Button>
        <Link
          to={`${location.pathname}${location.search}`}
          className="inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-brand-700 underline underline-offset-2"
        >
          Cancel
        </Link>
      </Form>
    </section>
  );
}
