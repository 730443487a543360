import { Form, Link, useNavigation } from "react-router";
import { getDb } from "~/.server/db/instance";
import { registerCustomer } from "~/.server/flows/registration";
import { formAction } from "~/.server/http/form-action";
import { replyOk } from "~/.server/http/forms";
import { clientIpOf, formOf } from "~/.server/request/context";
import { BusinessFields } from "~/components/business-fields";
import { Button } from "~/components/ui/button";
import { FormMessage, SelectField, TextField } from "~/components/ui/field";
import { UsStateSelect } from "~/components/us-state-select";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { GENDERS, USERNAME_RULE } from "~/lib/form-fields";
import { type FieldsOf, fieldError, postedValue } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as PAGE_MESSAGES from "~/lib/messages/pages";
import { registerSchema } from "~/lib/schemas/account";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/register";

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seo({
    title: "Create an Account",
    description: PAGE_MESSAGES.registerPageDescription(root.store.name),
    path: "/register",
    baseUrl: root.baseUrl,
    storeName: root.store.name,
  });
}

export async function action({ context }: Route.ActionArgs) {
  return formAction(formOf(context), registerSchema, async (input) => {
    await registerCustomer(getDb(), input, clientIpOf(context));
    return replyOk(MESSAGES.registered);
  });
}

export default function Register() {
  const reply = useSettledActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  /** Each field's error and, after a failure, what was typed in it. */
  const field = (name: FieldsOf<typeof reply>) => ({
    error: fieldError(reply, name),
    defaultValue: postedValue(reply, name),
  });

  if (reply?.ok) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <h1 className="text-3xl font-bold text-slate-900">Create an Account</h1>
        <div className="mt-6 flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6">
          <FormMessage tone="success">{MESSAGES.registered}</FormMessage>
          <p className="text-slate-700">
            Open the link in the email to confirm your address, then{" "}
            <Link to="/login" className="font-semibold text-brand-700 underline">
              log in
            </Link>
            .
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Create an Account</h1>
      <p className="mt-2 text-slate-700">
        Wholesale accounts are for retail businesses. You must be 21 or older. Already registered?{" "}
        <Link to="/login" className="font-semibold text-brand-700 underline">
          Log in
        </Link>
        .
      </p>
      <Form method="post" noValidate className="mt-6 rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
        {reply?.message ? (
          <div className="mb-4">
            <FormMessage tone="error">{reply.message}</FormMessage>
          </div>
        ) : null}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-bold text-slate-900">Your account</legend>
          <TextField label="Name" name="name" autoComplete="name" required maxLength={100} {...field("name")} />
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            required
            maxLength={30}
            hint={USERNAME_RULE}
            {...field("username")}
          />
          <TextField label="Email" name="email" type="email" autoComplete="email" required {...field("email")} />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            maxLength={128}
            hint={MESSAGES.passwordHint}
            {...field("password")}
          />
        </fieldset>
        <fieldset className="mt-6 grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-bold text-slate-900">Your business</legend>
          <BusinessFields reply={reply} permitHint={MESSAGES.permitNumberHint} />
        </fieldset>
        <fieldset className="mt-6 grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-bold text-slate-900">Business address</legend>
          <TextField
            label="Street address"
            name="address"
            autoComplete="street-address"
            required
            maxLength={200}
            {...field("address")}
            className="sm:col-span-2"
          />
          <TextField
            label="City"
            name="city"
            autoComplete="address-level2"
            required
            maxLength={100}
            {...field("city")}
          />
          <UsStateSelect {...field("state")} />
          <TextField
            label="ZIP code"
            name="zip"
            autoComplete="postal-code"
            inputMode="numeric"
            required
            maxLength={10}
            {...field("zip")}
          />
          <TextField label="Phone" name="phone" type="tel" autoComplete="tel" maxLength={30} {...field("phone")} />
        </fieldset>
        <fieldset className="mt-6 grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-bold text-slate-900">Optional</legend>
          <TextField label="Date of birth" name="dob" type="date" autoComplete="bday" {...field("dob")} />
          <SelectField
            label="Gender"
            name="gender"
            defaultValue={postedValue(reply, "gender", "")}
            error={fieldError(reply, "gender")}
            placeholder="Prefer not to say"
            options={GENDERS}
          />
        </fieldset>
        <Button type="submit" disabled={busy} className="mt-6 w-full sm:w-auto">
          {busy ? MESSAGES.creatingAccount : "Create Account"}
        </Button>
      </Form>
    </div>
  );
}
