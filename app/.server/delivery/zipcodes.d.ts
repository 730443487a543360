/** The part of the zipcodes package (8.0.0, decision 0069) that dispatch uses; it ships no types. */
declare module "zipcodes" {
  interface ZipInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string | number): ZipInfo | undefined;
}
