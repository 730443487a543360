import { describe, expect, it } from "vitest";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { applyStream, type ImportApplyLine } from "./import-form";

async function linesOf(stream: ReadableStream<Uint8Array>): Promise<ImportApplyLine[]> {
  const text = await new Response(stream).text();
  expect(text.endsWith("\n")).toBe(true);
  return text
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as ImportApplyLine);
}

describe("the streamed Apply of a catalog import", () => {
  it("sends the first and last count and one per hundredth of the rows between, then the answer", async () => {
    const lines = await linesOf(
      applyStream(async (onProgress) => {
        for (let done = 0; done <= 10_000; done++) onProgress(done, 10_000);
        return { data: { ok: true, message: "Imported." }, init: null };
      }),
    );
    const progress = lines.flatMap((l) => ("progress" in l ? [l.progress.done] : []));
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(10_000);
    expect(progress).toHaveLength(101);
    expect(progress.every((done, i) => i === 0 || done - (progress[i - 1] ?? 0) === 100)).toBe(true);
    expect(lines.at(-1)).toEqual({ status: 200, reply: { ok: true, message: "Imported." } });
  });

  it("sends every count of a small file, and the status of a refused apply", async () => {
    const lines = await linesOf(
      applyStream(async (onProgress) => {
        for (let done = 0; done <= 3; done++) onProgress(done, 3);
        return { data: { ok: false, message: "Changed." }, init: { status: 409 } };
      }),
    );
    expect(lines).toEqual([
      { progress: { done: 0, total: 3 } },
      { progress: { done: 1, total: 3 } },
      { progress: { done: 2, total: 3 } },
      { progress: { done: 3, total: 3 } },
      { status: 409, reply: { ok: false, message: "Changed." } },
    ]);
  });

  it("ends with a 500 saying nothing was changed when the apply throws", async () => {
    const lines = await linesOf(
      applyStream(async (onProgress) => {
        onProgress(0, 10);
        throw new Error("database gone");
      }),
    );
    expect(lines).toEqual([
      { progress: { done: 0, total: 10 } },
      { status: 500, reply: { ok: false, message: BACK_OFFICE_MESSAGES.importApplyFailed } },
    ]);
    expect(BACK_OFFICE_MESSAGES.importApplyFailed).toBe(
      "The import could not be finished, so nothing was changed. Try Apply again.",
    );
  });

  it("lets the apply run to its end when the reader goes away", async () => {
    let finished = false;
    let cancelled: () => void = () => {};
    const wasCancelled = new Promise<void>((resolve) => {
      cancelled = resolve;
    });
    const stream = applyStream(async (onProgress) => {
      onProgress(0, 2);
      await wasCancelled;
      onProgress(1, 2);
      onProgress(2, 2);
      finished = true;
      return { data: { ok: true }, init: null };
    });
    const reader = stream.getReader();
    expect(await reader.read()).toMatchObject({ done: false });
    await reader.cancel();
    cancelled();
    await expect.poll(() => finished).toBe(true);
  });
});
