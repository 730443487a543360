/**
 * One attacker posting ten 1 MB forms of 330,000 empty fields back to back (many at once would
 * measure the machine's bandwidth, not the parser) while /healthz is asked again and again: the
 * statuses the forms got and how long each health check took. The soak test checks the answers
 * (tests/security/hostile-requests.test.ts), npm run bench:hostile the times.
 */
export async function healthDuringHostileForms(origin: string): Promise<{ refused: number[]; healthMs: number[] }> {
  const hostile = "x=&".repeat(330_000);
  let parsing = true;
  const attacks = (async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${origin}/login.data`, {
        method: "POST",
        body: hostile,
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        redirect: "manual",
      });
      await res.text();
      statuses.push(res.status);
    }
    return statuses;
  })().finally(() => {
    parsing = false;
  });
  const healthMs: number[] = [];
  while (parsing) {
    const started = performance.now();
    const res = await fetch(`${origin}/healthz`);
    await res.text();
    if (!res.ok) throw new Error(`/healthz answered ${res.status} while hostile forms were parsed`);
    healthMs.push(performance.now() - started);
  }
  return { refused: await attacks, healthMs };
}
