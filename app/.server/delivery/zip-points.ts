/**
 * A US ZIP code's centroid (decision 0069): from the zipcodes package's table, which ships inside
 * the package (about 5 MB of JavaScript, loaded the first time a stop order is suggested, then kept).
 */
type Lookup = (zip: string) => { latitude: number; longitude: number } | undefined;

let table: Promise<Lookup> | undefined;
function loadTable(): Promise<Lookup> {
  table ??= import("zipcodes").then((m) => {
    const mod = m as unknown as { lookup?: Lookup; default?: { lookup: Lookup } };
    const lookup = mod.lookup ?? mod.default?.lookup;
    if (!lookup) throw new Error("zipcodes: no lookup function");
    return lookup;
  });
  return table;
}

/** The ZIP's centroid, or null for a ZIP the table does not know (or text that is not a ZIP). */
export async function zipPoint(zip: string): Promise<{ lat: number; lng: number } | null> {
  const five = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(zip)?.[1];
  if (!five) return null;
  const found = (await loadTable())(five);
  return found && Number.isFinite(found.latitude) && Number.isFinite(found.longitude)
    ? { lat: found.latitude, lng: found.longitude }
    : null;
}
