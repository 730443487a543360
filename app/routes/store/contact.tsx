import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { replyOk } from "~/.server/http/forms";
import { clientIpOf, formOf } from "~/.server/request/context";
import { DomainError } from "~/.server/runtime/domain-error";
import { storeInfo } from "~/.server/runtime/store-info";
import { hitRateLimit, TOO_MANY_ATTEMPTS } from "~/.server/security/rate-limit";
import { CONTACT_RATE_LIMIT, receiveContactMessage } from "~/.server/support/contact-messages";
import { Button } from "~/components/ui/button";
import { FormMessage, TextAreaField, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { CONTACT_LIMITS } from "~/lib/contact-limits";
import { fieldError, postedValue } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as PAGE_MESSAGES from "~/lib/messages/pages";
import type { RouteHandle } from "~/lib/route-policy";
import { contactSchema } from "~/lib/schemas/contact";
import { seo } from "~/lib/seo";
import { telHref } from "~/lib/store";
import type { Route } from "./+types/contact";

/** The same for every visitor: cached (app/lib/route-policy.ts). */
export const handle: RouteHandle = { visitorCache: { query: [] } };

export const CONTACT_SUCCESS = MESSAGES.contactSent;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seo({
    title: "Contact Us",
    // Written by the loader: the sentence stays on the server, out of the page's JavaScript.
    description: loaderData?.description ?? "",
    path: "/contact",
    baseUrl: root.baseUrl,
    storeName: root.store.name,
  });
}

export async function loader() {
  const store = storeInfo();
  return { store, description: PAGE_MESSAGES.contactPageDescription(store.name) };
}

export async function action({ context }: Route.ActionArgs) {
  return formAction(formOf(context), contactSchema, async (input) => {
    const db = getDb();
    const ip = clientIpOf(context);
    const limit = await hitRateLimit(db, CONTACT_RATE_LIMIT, ip);
    if (!limit.allowed) throw new DomainError(TOO_MANY_ATTEMPTS);
    // A filled honeypot is a bot: answer as if it worked, keep nothing.
    if (!input.website) await receiveContactMessage(db, input, ip);
    return replyOk(CONTACT_SUCCESS);
  });
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { store } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = reply?.fieldErrors ?? {};
  const sending = navigation.state === "submitting";

  useEffect(() => {
    if (reply?.ok) formRef.current?.reset();
  }, [reply]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-wide text-slate-900">CONTACT US</h1>
      <div className="mt-6 grid gap-8 md:grid-cols-[1fr_1.4fr]">
        <section aria-labelledby="reach-us" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="reach-us" className="text-lg font-bold text-slate-900">
            Reach us
          </h2>
          <dl className="mt-3 space-y-3 text-slate-700">
            <div>
              <dt className="text-sm font-semibold text-slate-900">Phone</dt>
              <dd>
                <a href={telHref(store.phone)} className="text-brand-700 underline">
                  {store.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-900">Email</dt>
              <dd>
                <a href={`mailto:${store.email}`} className="text-brand-700 underline">
                  {store.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-900">Opening hours</dt>
              <dd>{store.hours}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-900">Address</dt>
              <dd>{store.address}</dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="get-in-touch" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="get-in-touch" className="text-lg font-bold text-slate-900">
            Get In Touch
          </h2>
          <Form method="post" ref={formRef} className="mt-4 flex flex-col gap-4" noValidate>
            {reply?.message ? <FormMessage tone={reply.ok ? "success" : "error"}>{reply.message}</FormMessage> : null}
            <TextField
              label="Name"
              name="name"
              required
              maxLength={CONTACT_LIMITS.name}
              autoComplete="name"
              defaultValue={postedValue(reply, "name")}
              error={fieldError(reply, "name")}
            />
            <TextField
              label="Email"
              name="email"
              type="email"
              required
              maxLength={CONTACT_LIMITS.email}
              autoComplete="email"
              defaultValue={postedValue(reply, "email")}
              error={fieldError(reply, "email")}
            />
            <TextField
              label="Phone"
              name="phone"
              type="tel"
              maxLength={CONTACT_LIMITS.phone}
              autoComplete="tel"
              defaultValue={postedValue(reply, "phone")}
              error={fieldError(reply, "phone")}
            />
            <TextAreaField
              label="Message"
              name="message"
              maxLength={CONTACT_LIMITS.message}
              rows={5}
              defaultValue={postedValue(reply, "message")}
              error={fieldError(reply, "message")}
            />
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor="contact-website">Website</label>
              <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <div className="flex flex-col gap-1">
              <label className="flex min-h-11 items-center gap-3 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800">
                <input
                  type="checkbox"
                  name="notRobot"
                  required
                  className="size-5 accent-brand-700"
                  aria-invalid={errors.notRobot ? true : undefined}
                  aria-describedby={errors.notRobot ? "notRobot-error" : undefined}
                />
                <span>
                  I'm not a robot
                  {/* The required mark of the other fields (ui/field.tsx). */}
                  <span aria-hidden="true" data-required-mark className="text-danger-600">
                    {" "}
                    *
                  </span>
                </span>
              </label>
              {errors.notRobot ? (
                <p id="notRobot-error" role="alert" className="text-sm text-danger-600">
                  {errors.notRobot}
                </p>
              ) : null}
            </div>
            <Button type="submit" disabled={sending} className="self-start">
              {sending ? "Sending..." : "Send Message"}
            </Button>
          </Form>
        </section>
      </div>
    </div>
  );
}
