import { FormMessage } from "~/components/ui/form-message";
import * as DRIVER from "~/lib/messages/driver";

/** Whether the phone has signal, how many actions wait to be sent, and what the store refused. */
export function SyncStatus({ online, waiting, refused }: { online: boolean; waiting: number; refused: string[] }) {
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      {!online ? <FormMessage tone="info">{DRIVER.offlineNotice}</FormMessage> : null}
      <p className="text-sm font-semibold text-slate-800" data-testid="sync-status">
        {waiting > 0 ? DRIVER.waitingToSend(waiting) : DRIVER.allSent}
      </p>
      {[...new Set(refused)].slice(-3).map((message) => (
        <FormMessage key={message} tone="error">
          {DRIVER.sendingFailed(message)}
        </FormMessage>
      ))}
    </div>
  );
}
