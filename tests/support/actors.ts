import type { Actor } from "~/.server/audit/log";

/** The admin that domain tests act as when a write is recorded in the audit log. */
export const TEST_ADMIN: Actor = { id: null, name: "Test Admin <admin@test.invalid>" };
