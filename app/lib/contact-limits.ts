/**
 * The contact form's field limits: the form shows them and its zod schema checks them. A module of
 * their own so the contact page takes them into its own file instead of loading the one the
 * register and join forms share (lib/form-fields.ts).
 */
export const CONTACT_LIMITS = { name: 100, email: 200, phone: 30, message: 5000 } as const;
