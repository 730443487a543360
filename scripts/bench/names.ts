/** Word lists for believable generated product names (benchmark data). */
export const BRANDS: Record<string, string[]> = {
  "disposable-vapes": ["Vaporlux", "CloudKing", "Frostline", "Puff Ranger", "Nimbus Bar", "Lone Star Vapor", "Skyhaze"],
  kratom: ["Lone Star Leaf", "Golden Bayou", "Monsoon Botanicals", "Red River Kratom", "Borneo Trail"],
  glass: ["Prairie Glassworks", "Bluebonnet", "HydroArc", "Canyon Glass", "Mesa Blown"],
  novelty: ["Blaze Buddy", "ChargeMate", "Fresh Rider", "Chili Mango", "Road King"],
  delta: ["Cosmic Canyon", "Desert Haze", "High Plains", "Juniper Farms", "Cactus Cloud"],
  accessories: ["Saddle Rollers", "AccuTex", "Grindhouse", "TorchPro", "Ranch Hand"],
};

export const ITEMS: Record<string, string[]> = {
  "disposable-vapes": ["6000 Disposable", "15K Disposable", "8000 Disposable", "3500 Disposable", "25K Disposable"],
  kratom: ["Kratom Powder", "Kratom Capsules", "Kratom Extract Shot", "Kratom Tablets"],
  glass: ["Water Pipe", "Hand Pipe", "Bubbler", "Dab Rig", "Ash Catcher", "Bowl"],
  novelty: ["Lighters", "Air Fresheners", "Phone Chargers", "Keychains", "Lollipops", "Sunglasses"],
  delta: ["Delta-8 Gummies", "Delta-8 Cartridge", "Delta-8 Disposable", "Delta-8 Tincture", "Delta-8 Pre-Rolls"],
  accessories: ["Rolling Papers", "Grinder", "Butane Torch", "Digital Scale", "Pre-Rolled Cones", "Batteries"],
};

export const FLAVORS = [
  "Watermelon Ice",
  "Blue Razz",
  "Strawberry Kiwi",
  "Mango Peach",
  "Cool Mint",
  "Grape Ice",
  "Cherry Limeade",
  "Red Bali",
  "Green Maeng Da",
  "White Borneo",
  "Red Thai",
  "Gold Bali",
  "Sour Apple",
  "Pineapple Express",
  "Midnight Frost",
  "Vanilla",
  "Peach Rings",
  "Lemon Haze",
  "Mesa Kush",
  "Tangie Dream",
  "Black Ice",
  "Cola",
];

export const PACKS = [
  "10-pack display",
  "12-pack",
  "24-pack",
  "6-jar case",
  "50-ct tray",
  "single",
  "5-pack",
  "48-ct tub",
];

export const SIZES = [
  "30 g",
  "250 g",
  "1 kg",
  "8 in",
  "12 in",
  "14 mm",
  "1 g",
  "2 g",
  "25 mg x 20 ct",
  "100 g x 0.01 g",
];

/** Every generated bench customer has this password. */
export const BENCH_PASSWORD = "bench-password-1";

/** The bench's price groups (npm run bench picks its customer from the explicit one). */
export const BENCH_EXPLICIT_GROUP = "Bench Distributor";
export const BENCH_PERCENT_GROUP = "Bench Volume";

/** A valid UPC-A for a bench product (prefix 7, the id, the check digit): the search's exact jump. */
export function benchUpc(id: number): string {
  const digits = `7${String(id).padStart(10, "0")}`;
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** A bench disposable's nicotine strengths. */
export const STRENGTHS = ["5%", "3%", "2%", "0%"];

/** A bench kratom line's strains. */
export const STRAINS = [
  "Red Bali",
  "Green Maeng Da",
  "White Borneo",
  "Red Thai",
  "Gold Bali",
  "Green Malay",
  "White Maeng Da",
];
