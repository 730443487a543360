import { useActionData, useNavigation } from "react-router";

/**
 * The answer of the page's last form post, once the page shows what it did. React Router hands a
 * page its action's answer as soon as the action returns, while it still reloads the page's data:
 * a success message read then announced a license the list did not hold yet (issue 26). Every page
 * reads its answer here (a guard test, app/routes.test.ts, finds any other reader), so a message
 * and the data it speaks of appear together. Undefined while a post or its reload is under way.
 */
export function useSettledActionData<T = unknown>(): ReturnType<typeof useActionData<T>> {
  const data = useActionData<T>();
  return useNavigation().state === "idle" ? data : undefined;
}
