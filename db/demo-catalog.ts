import { variantName } from "../app/lib/product-lines";

/**
 * Demo catalog for a wholesale convenience-store / smoke-shop supplier, in product lines (issue 38;
 * decision 0055): disposables in 6 to 15 flavors and two nicotine strengths, kratom strains in
 * sizes and counts, glass in sizes, and lines of one product. Every brand name here is invented;
 * prices are wholesale, in cents.
 */

export type DemoCategory = "disposable-vapes" | "kratom" | "novelty" | "glass" | "delta" | "accessories";

export interface DemoVariant {
  sku: string;
  /** Its values of the line's options, in their order. */
  options: string[];
  /** Its price, when not the line's. */
  priceCents?: number;
  stock: number;
}

export interface DemoLine {
  name: string;
  brand: string | null;
  description: string;
  category: DemoCategory;
  /** Its options' names ([] for a line of one product). */
  optionNames: string[];
  /** A disposable's puffs (the puff-count filter). */
  puffs?: number;
  /** Devices in one unit sold (a display of disposables), for the excise facts. */
  pack?: number;
  priceCents: number;
  /** Pictures drawn for the line: its first variant holds them, every variant shows them. */
  imageCount: 0 | 1 | 2 | 3;
  palette: [string, string];
  variants: DemoVariant[];
}

/** A demo product: one variant of a line, as the store names and sells it. */
export interface DemoProduct {
  sku: string;
  name: string;
  description: string;
  priceCents: number;
  stock: number;
  category: DemoCategory;
  /** The line's pictures on its first variant; none on the others (they show the line's). */
  imageCount: 0 | 1 | 2 | 3;
  palette: [string, string];
  line: DemoLine;
  /** Its values of the line's options. */
  options: string[];
}

/** The demo's brands, by the code their SKUs carry second ("DV-VLX-…": Vaporlux). */
export const DEMO_BRANDS: Record<string, string> = {
  VLX: "Vaporlux",
  CK: "CloudKing",
  NB: "Nimbus Bar",
  FL: "Frostline",
  PR: "Puff Ranger",
  ZM: "Zephyr Max",
  LSL: "Lone Star Leaf",
  GBB: "Golden Bayou",
  MON: "Monsoon Botanicals",
  PGW: "Prairie Glassworks",
  HA: "HydroArc",
  BBG: "Bluebonnet",
  BB: "Blaze Buddy",
  CM: "ChargeMate",
  FR: "Fresh Rider",
  SWT: "Sour Blast",
  DH: "Desert Haze",
  CC: "Cosmic Canyon",
  LM: "Lucky Mesa",
  SR: "Saddle Rollers",
  GH: "GrindHouse",
  TP: "TorchPro",
  VC: "VoltCell",
  AT: "AccuTex",
};

export function demoBrandOf(sku: string): string | null {
  return DEMO_BRANDS[sku.split("-")[1] ?? ""] ?? null;
}

/** Joins sentences into one plain-text description (keeps source lines short). */
const d = (...sentences: string[]): string => sentences.join(" ");

const HEMP = "Hemp-derived, under 0.3% delta-9 THC.";

/** A stock level drawn from the SKU (stable across seeds): about one variant in thirteen sold out. */
function stockOf(sku: string): number {
  let h = 2166136261;
  for (let i = 0; i < sku.length; i++) {
    h ^= sku.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  h >>>= 0;
  return h % 13 === 0 ? 0 : 12 + (h % 280);
}

interface Flavor {
  /** Its SKU's code ("BRZ"). */
  code: string;
  name: string;
  /** The stock of its first strength, when not drawn from its SKU. */
  stock?: number;
  /** The strengths it comes in, when not every one of the line's. */
  only?: string[];
}

/**
 * A line of disposables in flavors and strengths: a variant per flavor and strength (flavor rows,
 * strength columns), the first strength's SKU the model's and the flavor's code
 * ("DV-VLX-V6000-BRZ"), the others' with the strength's digits after ("DV-VLX-V6000-BRZ-3").
 */
function disposables(spec: {
  model: string;
  name: string;
  puffs: number;
  priceCents: number;
  strengths: [string, string];
  flavors: Flavor[];
  description: string;
  imageCount: DemoLine["imageCount"];
  palette: [string, string];
}): DemoLine {
  return {
    name: spec.name,
    brand: demoBrandOf(spec.model),
    description: spec.description,
    category: "disposable-vapes",
    optionNames: ["Flavor", "Nicotine"],
    puffs: spec.puffs,
    pack: 10,
    priceCents: spec.priceCents,
    imageCount: spec.imageCount,
    palette: spec.palette,
    variants: spec.flavors.flatMap((f) =>
      spec.strengths
        .filter((s) => !f.only || f.only.includes(s))
        .map((strength, i) => {
          const sku = i === 0 ? `${spec.model}-${f.code}` : `${spec.model}-${f.code}-${strength.replace(/\D/g, "")}`;
          return { sku, options: [f.name, strength], stock: i === 0 && f.stock !== undefined ? f.stock : stockOf(sku) };
        }),
    ),
  };
}

/**
 * A line of one option (a strain's sizes, a pipe's heights): [SKU, value, price, stock?] a variant,
 * the cheapest first (the line's lead: listings sort a line by its lead's price and show its range).
 */
function sized(
  spec: Omit<DemoLine, "variants" | "brand" | "optionNames" | "priceCents"> & { option: string },
  variants: [sku: string, value: string, priceCents: number, stock?: number][],
): DemoLine {
  const { option, ...line } = spec;
  const first = variants[0];
  return {
    ...line,
    brand: demoBrandOf(first?.[0] ?? ""),
    optionNames: [option],
    priceCents: first?.[2] ?? 0,
    variants: variants.map(([sku, value, priceCents, stock]) => ({
      sku,
      options: [value],
      priceCents,
      stock: stock ?? stockOf(sku),
    })),
  };
}

/** A product sold alone: a line of one variant, named as the product. */
interface SingleProduct {
  sku: string;
  name: string;
  description: string;
  priceCents: number;
  stock: number;
  category: DemoCategory;
  imageCount: DemoLine["imageCount"];
  palette: [string, string];
}

function single(p: SingleProduct): DemoLine {
  return {
    name: p.name,
    brand: demoBrandOf(p.sku),
    description: p.description,
    category: p.category,
    optionNames: [],
    priceCents: p.priceCents,
    imageCount: p.imageCount,
    palette: p.palette,
    variants: [{ sku: p.sku, options: [], stock: p.stock }],
  };
}

const VAPES: DemoLine[] = [
  disposables({
    model: "DV-VLX-V6000",
    name: "Vaporlux V6000",
    puffs: 6000,
    priceCents: 9400,
    strengths: ["5%", "3%"],
    flavors: [
      { code: "WMI", name: "Watermelon Ice", stock: 240 },
      { code: "BRZ", name: "Blue Razz Ice", stock: 180 },
      { code: "MNT", name: "Cool Mint", stock: 0 },
      { code: "SBN", name: "Strawberry Banana" },
      { code: "PMG", name: "Peach Mango" },
      { code: "GRI", name: "Grape Ice" },
      { code: "LSH", name: "Lush Ice" },
      { code: "PLM", name: "Pink Lemonade" },
      { code: "SAP", name: "Sour Apple" },
      { code: "TOB", name: "Classic Tobacco", only: ["5%"] },
    ],
    description: d(
      "Disposables of up to 6,000 puffs each, in ten flavors at 5% (50 mg/mL) or 3% (30 mg/mL) nicotine.",
      "Sold by the 10-count counter display; 20 displays per master case.",
      "Rechargeable USB-C battery and mesh coil mean fewer returns, and it is one of our fastest movers.",
    ),
    imageCount: 3,
    palette: ["#ff5d73", "#2ec4b6"],
  }),
  disposables({
    model: "DV-CK-CROWN15K",
    name: "CloudKing Crown 15K",
    puffs: 15000,
    priceCents: 12900,
    strengths: ["5%", "2%"],
    flavors: [
      { code: "SKW", name: "Strawberry Kiwi", stock: 95 },
      { code: "MPC", name: "Mango Peach", stock: 3 },
      { code: "GRI", name: "Grape Ice", stock: 140 },
      { code: "BRL", name: "Blue Razz Lemonade" },
      { code: "MMT", name: "Miami Mint" },
      { code: "CCL", name: "Cherry Cola" },
      { code: "TBR", name: "Triple Berry" },
      { code: "WBG", name: "Watermelon Bubblegum" },
    ],
    description: d(
      "Up to 15,000 puffs with dual mesh coils, at 5% or 2% nicotine, in eight flavors.",
      "Screen shows battery and e-liquid level. Sold by the 10-count display, 10 displays per case.",
      "Retailers like the premium feel at a price point that still leaves good margin.",
    ),
    imageCount: 3,
    palette: ["#ef476f", "#80b918"],
  }),
  disposables({
    model: "DV-NB-3500",
    name: "Nimbus Bar 3500",
    puffs: 3500,
    priceCents: 6900,
    strengths: ["5%", "2%"],
    flavors: [
      { code: "PNL", name: "Pineapple Lemonade", stock: 310 },
      { code: "TOB", name: "Classic Tobacco", stock: 75 },
      { code: "MEN", name: "Menthol" },
      { code: "BBY", name: "Blueberry" },
      { code: "CTC", name: "Cotton Candy" },
      { code: "BNI", name: "Banana Ice" },
    ],
    description: d(
      "Compact, pocket-size disposables of about 3,500 puffs, at 5% or 2% nicotine, in six flavors.",
      "Sold by the 10-count display, 25 displays per case.",
      "An entry price point that keeps budget customers coming back.",
    ),
    imageCount: 2,
    palette: ["#ffd60a", "#ffc300"],
  }),
  disposables({
    model: "DV-FL-ARCTIC25K",
    name: "Frostline Arctic 25K",
    puffs: 25000,
    priceCents: 14900,
    strengths: ["5%", "3%"],
    flavors: [
      { code: "SAI", name: "Sour Apple Ice", stock: 60 },
      { code: "BBF", name: "Blueberry Frost", stock: 44 },
      { code: "PMT", name: "Polar Mint" },
      { code: "RSF", name: "Raspberry Frost" },
      { code: "LMI", name: "Lemon Ice" },
      { code: "KWP", name: "Kiwi Passion" },
      { code: "AGR", name: "Arctic Grape" },
      { code: "FPC", name: "Frozen Peach" },
      { code: "CRC", name: "Cranberry Chill", only: ["5%"] },
      { code: "IPN", name: "Icy Pineapple", only: ["5%"] },
      { code: "FST", name: "Frozen Strawberry", only: ["5%"] },
      { code: "GML", name: "Glacier Melon", only: ["5%"] },
    ],
    description: d(
      "Up to 25,000 puffs with switchable regular and boost modes, in twelve iced flavors at 5% nicotine,",
      "eight of them also at 3%. LED screen, USB-C charging.",
      "Sold by the 10-count display, 8 displays per case. Our highest puff count for heavy users.",
    ),
    imageCount: 3,
    palette: ["#70e000", "#00b4d8"],
  }),
  disposables({
    model: "DV-PR-8000",
    name: "Puff Ranger 8000",
    puffs: 8000,
    priceCents: 8900,
    strengths: ["5%", "3%"],
    flavors: [
      { code: "CHL", name: "Cherry Limeade", stock: 120 },
      { code: "STE", name: "Sweet Tea" },
      { code: "RBF", name: "Root Beer Float" },
      { code: "ORS", name: "Orange Soda" },
      { code: "CRS", name: "Cream Soda" },
      { code: "LML", name: "Lemon Lime" },
      { code: "GRS", name: "Grape Soda" },
    ],
    description: d(
      "Soda-fountain flavors, up to 8,000 puffs each at 5% or 3% nicotine.",
      "Rechargeable with a mesh coil; sold by the 10-count display, 20 displays per case.",
      "Mid-range price that suits gas-station counters well.",
    ),
    imageCount: 2,
    palette: ["#d00000", "#38b000"],
  }),
  disposables({
    model: "DV-ZM-12K",
    name: "Zephyr Max 12K",
    puffs: 12000,
    priceCents: 11900,
    strengths: ["5%", "2%"],
    flavors: [
      { code: "SBN", name: "Strawberry Banana", stock: 45 },
      { code: "CMT", name: "Cool Mint" },
      { code: "TPU", name: "Tropical Punch" },
      { code: "BRZ", name: "Blue Razz" },
      { code: "WML", name: "Watermelon" },
      { code: "PCI", name: "Peach Ice" },
      { code: "MXB", name: "Mixed Berry" },
      { code: "LYI", name: "Lychee Ice" },
      { code: "GVA", name: "Guava" },
      { code: "PSF", name: "Passion Fruit" },
      { code: "HDW", name: "Honeydew" },
      { code: "PLM", name: "Pink Lemonade" },
      { code: "SCH", name: "Sour Cherry" },
      { code: "API", name: "Apple Ice" },
      { code: "VCU", name: "Vanilla Custard" },
    ],
    description: d(
      "Fifteen flavors, from strawberry banana to vanilla custard, about 12,000 puffs each at 5% or 2% nicotine.",
      "Sold by the 10-count display, 10 displays per case.",
    ),
    imageCount: 3,
    palette: ["#f72585", "#4cc9f0"],
  }),
];

const KRATOM: DemoLine[] = [
  sized(
    {
      name: "Lone Star Leaf Red Bali Kratom Powder",
      option: "Size",
      description: d(
        "Finely milled Red Bali powder, our best-selling red strain, in three sizes:",
        "a resealable 30 g stand-up pouch (48 per case), a 250 g foil bag (12 per case) and a 1 kg bulk bag (6 per case).",
        "Labeled for adults 21+; lab tested for heavy metals and microbials.",
      ),
      category: "kratom",
      imageCount: 2,
      palette: ["#9d0208", "#f48c06"],
    },
    [
      ["KR-LSL-RBALI-30G", "30 g Pouch", 900, 400],
      ["KR-LSL-RBALI-250G", "250 g Bag", 3400, 85],
      ["KR-LSL-RBALI-1KG", "1 kg Bulk Bag", 8900, 22],
    ],
  ),
  sized(
    {
      name: "Lone Star Leaf Green Maeng Da Kratom Powder",
      option: "Size",
      description: d(
        "Green Maeng Da powder in a 30 g resealable pouch, a 250 g foil bag or a 1 kg bulk bag.",
        "Lab tested batch by batch. Labeled for adults 21+.",
        "Pairs well on the shelf with the Red Bali pouches for a two-strain starter set.",
      ),
      category: "kratom",
      imageCount: 3,
      palette: ["#2d6a4f", "#95d5b2"],
    },
    [
      ["KR-LSL-GMD-30G", "30 g Pouch", 950, 260],
      ["KR-LSL-GMD-250G", "250 g Bag", 3800, 0],
      ["KR-LSL-GMD-1KG", "1 kg Bulk Bag", 9400, 9],
    ],
  ),
  sized(
    {
      name: "Golden Bayou White Borneo Kratom Capsules",
      option: "Count",
      description: d(
        "500 mg White Borneo capsules in childproof bottles of 20 (a 12-bottle counter display), 60 or 150.",
        "Capsules are popular with customers who dislike the taste of powder. Labeled for adults 21+.",
      ),
      category: "kratom",
      imageCount: 2,
      palette: ["#e9d8a6", "#ee9b00"],
    },
    [
      ["KR-GBB-WBOR-CAP60", "60 ct Bottle", 2400, 150],
      ["KR-GBB-WBOR-CAP20-12", "20 ct (12-bottle display)", 6300],
      ["KR-GBB-WBOR-CAP150", "150 ct Bottle", 4700],
    ],
  ),
  sized(
    {
      name: "Golden Bayou Red Maeng Da Kratom Capsules",
      option: "Count",
      description: d(
        "500 mg Red Maeng Da capsules in a 60-count bottle or a large 150-count value bottle.",
        "Strong repeat seller with regulars who buy weekly. Labeled for adults 21+.",
      ),
      category: "kratom",
      imageCount: 1,
      palette: ["#ae2012", "#bb3e03"],
    },
    [
      ["KR-GBB-RMD-CAP60", "60 ct Bottle", 2400],
      ["KR-GBB-RMD-CAP150", "150 ct Bottle", 4900, 48],
    ],
  ),
  sized(
    {
      name: "Golden Bayou Green Malay Kratom Capsules",
      option: "Count",
      description: d(
        "500 mg Green Malay capsules: twelve 20-count bottles in a countertop display, or 60-count bottles.",
        "Small bottles sell quickly at the register. Labeled for adults 21+.",
      ),
      category: "kratom",
      imageCount: 3,
      palette: ["#52b788", "#d8f3dc"],
    },
    [
      ["KR-GBB-GMAL-CAP60", "60 ct Bottle", 2500],
      ["KR-GBB-GMAL-CAP20-12", "20 ct (12-bottle display)", 6500, 36],
    ],
  ),
  sized(
    {
      name: "Monsoon Botanicals White Maeng Da Kratom Powder",
      option: "Size",
      description: d(
        "White Maeng Da powder in a 30 g screw-top jar (24 per case) or a 250 g resealable bag (12 per case).",
        "The jar format stacks neatly behind the counter. Labeled for adults 21+.",
      ),
      category: "kratom",
      imageCount: 1,
      palette: ["#caf0f8", "#0077b6"],
    },
    [
      ["KR-MON-WMD-30G", "30 g Jar", 1100, 4],
      ["KR-MON-WMD-250G", "250 g Bag", 3900],
    ],
  ),
  sized(
    {
      name: "Monsoon Botanicals Red Thai Kratom Powder",
      option: "Size",
      description: d(
        "Red Thai powder in a 30 g jar, a 250 g resealable bag or a 1 kg bulk bag.",
        "Lab tested. Labeled for adults 21+.",
      ),
      category: "kratom",
      imageCount: 2,
      palette: ["#6a040f", "#dc2f02"],
    },
    [
      ["KR-MON-RTHAI-30G", "30 g Jar", 1100],
      ["KR-MON-RTHAI-250G", "250 g Bag", 3600, 70],
      ["KR-MON-RTHAI-1KG", "1 kg Bulk Bag", 8500],
    ],
  ),
  sized(
    {
      name: "Monsoon Botanicals Green Horned Leaf Kratom Powder",
      option: "Size",
      description: d(
        "Green Horned Leaf powder in a zip-top 1 kg bulk bag (6 per case) or a 250 g bag.",
        "Good value for shops that repackage or sell loose. Labeled for adults 21+.",
      ),
      category: "kratom",
      imageCount: 1,
      palette: ["#386641", "#a7c957"],
    },
    [
      ["KR-MON-GHORN-250G", "250 g Bag", 3600],
      ["KR-MON-GHORN-1KG", "1 kg Bulk Bag", 8500, 12],
    ],
  ),
  single({
    sku: "KR-MON-SAMPLER-CAP12",
    name: "Monsoon Botanicals Strain Sampler Capsules – 10 ct x 12 (display)",
    description: d(
      "Twelve 10-count capsule packs covering red, green and white strains in one counter display.",
      "Lets customers try a strain for a few dollars. Labeled for adults 21+.",
    ),
    priceCents: 5400,
    stock: 30,
    category: "kratom",
    imageCount: 0,
    palette: ["#f4a261", "#2a9d8f"],
  }),
];

const GLASS: DemoLine[] = [
  sized(
    {
      name: "Prairie Glassworks Beaker Water Pipe",
      option: "Height",
      description: d(
        "Borosilicate beakers with a diffused downstem and a 14 mm bowl included: 10 inch with 5 mm walls,",
        "or a heavy 9 mm 14 inch with three ice pinches, packed in foam.",
        "Thick glass means fewer breakage claims for you and your customers.",
      ),
      category: "glass",
      imageCount: 3,
      palette: ["#48cae4", "#023e8a"],
    },
    [
      ["GL-PGW-BKR10-14", "10 in", 2800, 60],
      ["GL-PGW-BKR14-ICE", "14 in Ice-Catcher", 5400, 25],
    ],
  ),
  sized(
    {
      name: "Prairie Glassworks Straight Tube with Tree Perc",
      option: "Height",
      description: d(
        "A straight tube with an eight-arm tree percolator and splash guard.",
        "14 mm female joint, bowl included. 4 per case.",
        "A showpiece for the top shelf.",
      ),
      category: "glass",
      imageCount: 2,
      palette: ["#588157", "#dad7cd"],
    },
    [
      ["GL-PGW-STR14-TREE", "14 in", 7400],
      ["GL-PGW-STR18-TREE", "18 in", 9800, 8],
    ],
  ),
  sized(
    {
      name: "HydroArc Recycler Dab Rig",
      option: "Height",
      description: d(
        "A recycler rig with a 14 mm female joint and a 4 mm quartz banger included.",
        "Smooth, clean circulation that concentrate customers ask for. 10 per case.",
      ),
      category: "glass",
      imageCount: 3,
      palette: ["#00bbf9", "#00f5d4"],
    },
    [
      ["GL-HA-RCY7-14F", "7 in", 6900, 18],
      ["GL-HA-RCY9-14F", "9 in", 8400],
    ],
  ),
  sized(
    {
      name: "Prairie Glassworks 45° Ash Catcher",
      option: "Joint",
      description: d(
        "A 45 degree ash catcher with a showerhead perc and matching male and female joints.",
        "Keeps water pipes cleaner longer. 24 per case.",
      ),
      category: "glass",
      imageCount: 2,
      palette: ["#a2d2ff", "#cdb4db"],
    },
    [
      ["GL-PGW-ASH14-45", "14 mm", 1400, 75],
      ["GL-PGW-ASH18-45", "18 mm", 1500],
    ],
  ),
];

const GLASS_SINGLES: SingleProduct[] = [
  {
    sku: "GL-HA-MINI5-QZ",
    name: "HydroArc 5 in Mini Dab Rig with Quartz Banger – 10 mm",
    description: d(
      "A compact 5 inch rig with a fixed showerhead perc and 10 mm quartz banger.",
      "Assorted color accents. 12 per case.",
      "Small footprint, easy to display in a locked case.",
    ),
    priceCents: 3200,
    stock: 2,
    category: "glass",
    imageCount: 1,
    palette: ["#f15bb5", "#9b5de5"],
  },
  {
    sku: "GL-HA-MTRX12-14",
    name: "HydroArc 12 in Matrix Perc Bubble-Base Water Pipe – 14 mm",
    description: d(
      "A 12 inch bubble-base pipe with a stereo matrix percolator for heavy diffusion.",
      "14 mm joint and bowl included. 6 per case.",
    ),
    priceCents: 7800,
    stock: 0,
    category: "glass",
    imageCount: 2,
    palette: ["#00f5d4", "#00bbf9"],
  },
  {
    sku: "GL-BBG-HP4-CC12",
    name: "Bluebonnet 4 in Color-Changing Hand Pipes (12-pack jar)",
    description: d(
      "Twelve 4 inch spoon pipes that shift color with use, packed in a display jar.",
      "Assorted designs; each pipe has a carb hole and a deep bowl.",
      "Great counter jar that turns over quickly.",
    ),
    priceCents: 4800,
    stock: 90,
    category: "glass",
    imageCount: 3,
    palette: ["#7209b7", "#f72585"],
  },
  {
    sku: "GL-BBG-SPN3-24",
    name: "Bluebonnet 3 in Spoon Hand Pipes – Assorted (24-pack)",
    description: d(
      "Twenty-four 3 inch borosilicate spoon pipes in mixed swirl colors.",
      "Low cost per piece for strong markup. 10 packs per case.",
    ),
    priceCents: 5600,
    stock: 40,
    category: "glass",
    imageCount: 2,
    palette: ["#fb5607", "#3a86ff"],
  },
  {
    sku: "GL-BBG-SHB6",
    name: "Bluebonnet 6 in Sherlock Bubbler",
    description: d(
      "A classic curved Sherlock-style bubbler with a built-in water chamber, 6 inches long.",
      "Sold individually, 24 per case. A step up from dry pipes without taking much shelf space.",
    ),
    priceCents: 1800,
    stock: 55,
    category: "glass",
    imageCount: 1,
    palette: ["#06d6a0", "#1b9aaa"],
  },
  {
    sku: "GL-BBG-DBL7",
    name: "Bluebonnet 7 in Double-Chamber Bubbler",
    description: d(
      "A 7 inch bubbler with two water chambers for an extra-smooth hit.",
      "Thick borosilicate glass with color accents. 20 per case.",
    ),
    priceCents: 2600,
    stock: 30,
    category: "glass",
    imageCount: 2,
    palette: ["#ffbe0b", "#8338ec"],
  },
  {
    sku: "GL-PGW-BWL14M-10",
    name: "Prairie Glassworks 14 mm Male Bowls – Assorted (10-pack)",
    description: d(
      "Ten replacement 14 mm male bowls with handles, in mixed colors.",
      "Fits most standard water pipes. Bowls break often, so these are a steady add-on sale.",
    ),
    priceCents: 2200,
    stock: 120,
    category: "glass",
    imageCount: 1,
    palette: ["#ef476f", "#ffd166"],
  },
  {
    sku: "GL-BBG-TASTER35-10",
    name: "Bluebonnet 3.5 in Glass Taster Pipes (10-pack)",
    description: d(
      "Ten 3.5 inch one-hitter taster pipes in clear glass.",
      "Lowest price point in our glass line and an easy add-on at checkout.",
    ),
    priceCents: 600,
    stock: 300,
    category: "glass",
    imageCount: 0,
    palette: ["#dee2e6", "#6c757d"],
  },
];

const NOVELTY: SingleProduct[] = [
  {
    sku: "NV-BB-LTR-DISP50",
    name: "Blaze Buddy Disposable Lighters – Assorted Colors (50-ct display tray)",
    description: d(
      "Fifty child-resistant flint lighters in bright assorted colors on a counter tray.",
      "Each lighter is good for about 1,500 lights. 20 trays per case.",
      "The tray sells down fast and reorders are simple.",
    ),
    priceCents: 2400,
    stock: 200,
    category: "novelty",
    imageCount: 3,
    palette: ["#ff006e", "#ffbe0b"],
  },
  {
    sku: "NV-BB-LTR-REFILL50",
    name: "Blaze Buddy Refillable Electronic Lighters (50-ct display)",
    description: d(
      "Fifty refillable piezo lighters with an adjustable flame, in a display tray.",
      "Metal hood and clear tank so customers can see the fuel level. 12 trays per case.",
    ),
    priceCents: 3600,
    stock: 80,
    category: "novelty",
    imageCount: 2,
    palette: ["#3a0ca3", "#4cc9f0"],
  },
  {
    sku: "NV-FR-AF-HANG-MF24",
    name: "Fresh Rider Hanging Car Air Fresheners – Midnight Frost (24-pack)",
    description: d(
      "Twenty-four hanging cardboard fresheners in a popular cologne-style scent.",
      "Each lasts up to four weeks. Comes on a peg-ready strip for the checkout area.",
    ),
    priceCents: 1600,
    stock: 150,
    category: "novelty",
    imageCount: 2,
    palette: ["#212529", "#4cc9f0"],
  },
  {
    sku: "NV-FR-AF-VENT-ASST24",
    name: "Fresh Rider Vent Clip Air Fresheners – Assorted Scents (24-pack)",
    description: d(
      "Twenty-four vent clip fresheners in new car, vanilla, ocean and cherry scents.",
      "Clips onto any car vent. A reliable add-on at gas station counters.",
    ),
    priceCents: 2200,
    stock: 0,
    category: "novelty",
    imageCount: 1,
    palette: ["#48bfe3", "#e63946"],
  },
  {
    sku: "NV-CM-CBL-USBC3-12",
    name: "ChargeMate 3 ft USB-C Charging Cables (12-pack on hang tabs)",
    description: d(
      "Twelve braided 3 ft USB-A to USB-C cables, each on a peg hang tab.",
      "Supports fast charging. Phone cables are one of the most requested items at gas stations.",
    ),
    priceCents: 1800,
    stock: 110,
    category: "novelty",
    imageCount: 2,
    palette: ["#0077b6", "#90e0ef"],
  },
  {
    sku: "NV-CM-CAR-DUAL-6",
    name: "ChargeMate Dual-Port Car Chargers (6-pack)",
    description: d(
      "Six 12 V car chargers with one USB-A and one USB-C port, 2.4 A.",
      "Blister-packed for peg display. 24 packs per case.",
    ),
    priceCents: 1500,
    stock: 65,
    category: "novelty",
    imageCount: 1,
    palette: ["#2b2d42", "#ef233c"],
  },
  {
    sku: "NV-CM-PWRBANK-5K",
    name: "ChargeMate 5,000 mAh Slim Power Bank (single, blister pack)",
    description: d(
      "A slim 5,000 mAh power bank with USB-C in and out and LED charge indicator.",
      "Blister-packed and sold individually, 40 per case.",
      "Higher ticket item that travelers pick up on the way out.",
    ),
    priceCents: 900,
    stock: 40,
    category: "novelty",
    imageCount: 3,
    palette: ["#8338ec", "#3a86ff"],
  },
  {
    sku: "NV-TX-KEY-STAR24",
    name: "Lone Star State Metal Keychains – Assorted Designs (24-pack strip)",
    description: d(
      "Twenty-four die-cast keychains with Texas star, boot and cactus designs.",
      "Comes on a hanging strip for the register. Tourists and truckers love them.",
    ),
    priceCents: 1400,
    stock: 90,
    category: "novelty",
    imageCount: 2,
    palette: ["#bf0a30", "#002868"],
  },
  {
    sku: "NV-SWT-SOURBELT-12",
    name: "Sour Blast Rainbow Candy Belts – 2 oz (12-ct display)",
    description: d(
      "Twelve 2 oz bags of sour rainbow candy belts in a countertop display box.",
      "Bright packaging and an impulse price point. 12 displays per case.",
    ),
    priceCents: 1100,
    stock: 4,
    category: "novelty",
    imageCount: 2,
    palette: ["#ff595e", "#8ac926"],
  },
  {
    sku: "NV-SWT-MANGOPOP-48",
    name: "Chili Mango Lollipops (48-ct tub)",
    description: d(
      "Forty-eight sweet and spicy mango lollipops dusted with chili, in a resealable tub.",
      "A favorite with customers of all ages. 6 tubs per case.",
    ),
    priceCents: 900,
    stock: 140,
    category: "novelty",
    imageCount: 3,
    palette: ["#ff9f1c", "#e71d36"],
  },
  {
    sku: "NV-MISC-SUNAV-12",
    name: "Aviator Sunglasses – Assorted Tints (12-pack with counter display)",
    description: d(
      "Twelve pairs of metal-frame aviator sunglasses with UV400 lenses, on a spinning counter stand.",
      "Assorted mirror and gradient tints. Strong summer seller.",
    ),
    priceCents: 3000,
    stock: 20,
    category: "novelty",
    imageCount: 0,
    palette: ["#ffd166", "#073b4c"],
  },
  {
    sku: "NV-MISC-STASHCAN-6",
    name: "Soda Can Diversion Safes – 12 oz (6-pack)",
    description: d(
      "Six weighted soda can safes with a screw-off bottom and hidden compartment.",
      "Assorted cola, lemon-lime and orange looks. A fun novelty that sells well in smoke shops.",
    ),
    priceCents: 2100,
    stock: 35,
    category: "novelty",
    imageCount: 1,
    palette: ["#d62828", "#f77f00"],
  },
];

const DELTA: SingleProduct[] = [
  {
    sku: "DT-DH-GUM25-WM-6",
    name: "Desert Haze Delta-8 Gummies – Watermelon, 25 mg x 20 ct (6-jar display)",
    description: d(
      "Six jars of twenty watermelon gummies, 25 mg delta-8 each (500 mg per jar).",
      `${HEMP} Lab-tested with QR code on every jar; adults 21+ only.`,
      "The jar display is a proven counter seller.",
    ),
    priceCents: 6600,
    stock: 40,
    category: "delta",
    imageCount: 3,
    palette: ["#ef476f", "#06d6a0"],
  },
  {
    sku: "DT-DH-GUM25-BR-6",
    name: "Desert Haze Delta-8 Gummies – Blue Raspberry, 25 mg x 20 ct (6-jar display)",
    description: d(
      "Six jars of twenty blue raspberry gummies, 25 mg delta-8 each.",
      `${HEMP} Third-party lab results on every jar; adults 21+ only.`,
    ),
    priceCents: 6600,
    stock: 0,
    category: "delta",
    imageCount: 2,
    palette: ["#3a86ff", "#00f5d4"],
  },
  {
    sku: "DT-DH-SOURWORM50-12",
    name: "Desert Haze Delta-8 Sour Worms – 50 mg x 10 ct (12-bag display)",
    description: d(
      "Twelve resealable bags of ten sour gummy worms, 50 mg delta-8 each.",
      `${HEMP} Adults 21+ only.`,
      "Higher strength for experienced customers; child-resistant bags.",
    ),
    priceCents: 8400,
    stock: 15,
    category: "delta",
    imageCount: 2,
    palette: ["#ffbe0b", "#fb5607"],
  },
  {
    sku: "DT-CC-CART1G-MK-5",
    name: "Cosmic Canyon Delta-8 510 Cartridge 1 g – Mesa Kush (5-pack)",
    description: d(
      "Five 1 gram 510-thread ceramic cartridges with an earthy, piney indica-style blend.",
      `${HEMP} No vitamin E acetate; lab results by QR code. Adults 21+ only.`,
    ),
    priceCents: 4500,
    stock: 70,
    category: "delta",
    imageCount: 2,
    palette: ["#588157", "#dad7cd"],
  },
  {
    sku: "DT-CC-CART1G-LH-5",
    name: "Cosmic Canyon Delta-8 510 Cartridge 1 g – Lemon Haze (5-pack)",
    description: d(
      "Five 1 gram 510-thread cartridges with a bright citrus sativa-style terpene profile.",
      `${HEMP} Adults 21+ only.`,
      "Works with standard 510 batteries, which we also stock.",
    ),
    priceCents: 4500,
    stock: 3,
    category: "delta",
    imageCount: 1,
    palette: ["#ffd60a", "#80b918"],
  },
  {
    sku: "DT-CC-DISP2G-TD-5",
    name: "Cosmic Canyon Delta-8 Disposable 2 g – Tangie Dream (5-pack display)",
    description: d(
      "Five rechargeable 2 gram disposable pens with a sweet tangerine profile and preheat button.",
      `${HEMP} Adults 21+ only.`,
      "All-in-one format means no separate battery to sell.",
    ),
    priceCents: 6500,
    stock: 55,
    category: "delta",
    imageCount: 3,
    palette: ["#ff7b00", "#7b2cbf"],
  },
  {
    sku: "DT-CC-DISP3G-BBK-5",
    name: "Cosmic Canyon Delta-8 Disposable 3 g – Blackberry Kush (5-pack display)",
    description: d(
      "Five 3 gram disposable pens with a dark berry and earth profile, USB-C rechargeable.",
      `${HEMP} Adults 21+ only.`,
    ),
    priceCents: 8500,
    stock: 28,
    category: "delta",
    imageCount: 2,
    palette: ["#3c096c", "#e0aaff"],
  },
  {
    sku: "DT-LM-PREROLL1G-10",
    name: "Lucky Mesa Delta-8 Infused Pre-Rolls – 1 g x 10 (display)",
    description: d(
      "Ten 1 gram hemp flower pre-rolls infused with delta-8 distillate, each in a doob tube.",
      `${HEMP} Adults 21+ only.`,
      "Single tubes make for an easy impulse buy.",
    ),
    priceCents: 5200,
    stock: 33,
    category: "delta",
    imageCount: 1,
    palette: ["#6a994e", "#f2e8cf"],
  },
  {
    sku: "DT-LM-TINC1000-3",
    name: "Lucky Mesa Delta-8 Tincture 1,000 mg – 30 mL (3-pack)",
    description: d(
      "Three 30 mL dropper bottles, 1,000 mg delta-8 each in MCT oil, natural mint flavor.",
      `${HEMP} Adults 21+ only.`,
      "Graduated dropper for easy serving.",
    ),
    priceCents: 5400,
    stock: 20,
    category: "delta",
    imageCount: 2,
    palette: ["#bb3e03", "#e9d8a6"],
  },
  {
    sku: "DT-LM-CHOC250-10",
    name: "Lucky Mesa Delta-8 Milk Chocolate Bars – 250 mg (10-bar display)",
    description: d(
      "Ten scored milk chocolate bars, 250 mg delta-8 per bar in 10 squares of 25 mg.",
      `${HEMP} Adults 21+ only.`,
      "Premium look that justifies a premium shelf price.",
    ),
    priceCents: 11000,
    stock: 12,
    category: "delta",
    imageCount: 3,
    palette: ["#7f5539", "#ddb892"],
  },
  {
    sku: "DT-LM-CUBE50-PR",
    name: "Lucky Mesa Delta-8 Gummy Cubes – Peach Ring, 50 mg x 10 ct",
    description: d(
      "A pouch of ten peach-ring flavored gummy cubes at 50 mg delta-8 each.",
      `${HEMP} Sold individually, 50 pouches per case. Adults 21+ only.`,
    ),
    priceCents: 2400,
    stock: 140,
    category: "delta",
    imageCount: 1,
    palette: ["#ff8fab", "#ffc300"],
  },
];

const ACCESSORIES: SingleProduct[] = [
  {
    sku: "AC-SR-PAP-KSS-UB50",
    name: "Saddle Rollers King Size Slim Rolling Papers – Unbleached (50-booklet box)",
    description: d(
      "Fifty booklets of 32 unbleached, slow-burning king size slim papers.",
      "Natural gum line. The box doubles as a counter display.",
      "Our top-selling paper and a staple in every smoke shop.",
    ),
    priceCents: 2400,
    stock: 180,
    category: "accessories",
    imageCount: 3,
    palette: ["#a47148", "#e6ccb2"],
  },
  {
    sku: "AC-SR-PAP-114-WH24",
    name: "Saddle Rollers 1 1/4 Rolling Papers – Classic White (24-booklet box)",
    description: d(
      "Twenty-four booklets of 50 classic white 1 1/4 size papers.",
      "Ultra-thin with an even burn. Budget-friendly option for the front counter.",
    ),
    priceCents: 1300,
    stock: 220,
    category: "accessories",
    imageCount: 2,
    palette: ["#f8f9fa", "#d00000"],
  },
  {
    sku: "AC-SR-CONE-KS-800",
    name: "Saddle Rollers Pre-Rolled Cones – King Size (800-ct bulk box)",
    description: d(
      "Eight hundred unbleached king size cones with filter tips, in a bulk box.",
      "Perfect for shops that fill their own pre-rolls or resell in small packs.",
    ),
    priceCents: 5600,
    stock: 14,
    category: "accessories",
    imageCount: 1,
    palette: ["#bc6c25", "#fefae0"],
  },
  {
    sku: "AC-SR-CONE-6PK-32",
    name: "Saddle Rollers Pre-Rolled Cones – 6-pack Tubes (32-tube display)",
    description: d(
      "Thirty-two tubes of six king size cones each, in a countertop display.",
      "Unbleached paper with a filter tip. Easy upsell next to grinders.",
    ),
    priceCents: 3800,
    stock: 60,
    category: "accessories",
    imageCount: 2,
    palette: ["#dda15e", "#283618"],
  },
  {
    sku: "AC-GH-GRN4-63",
    name: "GrindHouse 63 mm 4-Piece Aluminum Grinder – Assorted Colors",
    description: d(
      "A 63 mm, four-piece anodized aluminum grinder with diamond teeth, pollen screen and scraper.",
      "Sold individually in a gift box, 24 per case. Colors vary by shipment.",
    ),
    priceCents: 1200,
    stock: 95,
    category: "accessories",
    imageCount: 3,
    palette: ["#7209b7", "#b5179e"],
  },
  {
    sku: "AC-GH-GRN2-40-12",
    name: "GrindHouse 40 mm 2-Piece Grinders (12-pack display)",
    description: d(
      "Twelve compact 40 mm two-piece zinc grinders with magnetic lids on a counter display.",
      "Assorted colors. Low price point that moves quickly.",
    ),
    priceCents: 2800,
    stock: 50,
    category: "accessories",
    imageCount: 2,
    palette: ["#2a9d8f", "#e9c46a"],
  },
  {
    sku: "AC-TP-TORCH-SGL",
    name: "TorchPro Single-Jet Butane Torch Lighter",
    description: d(
      "A refillable windproof jet torch with an adjustable flame and safety lock.",
      "Sold individually, 48 per case. Ships empty; pair with our butane cans.",
    ),
    priceCents: 700,
    stock: 0,
    category: "accessories",
    imageCount: 2,
    palette: ["#343a40", "#f77f00"],
  },
  {
    sku: "AC-TP-TORCH-QUAD",
    name: "TorchPro Quad-Flame Table Torch",
    description: d(
      "A heavy-duty four-jet table torch with a fuel window and flame lock.",
      "Ideal for dab users and cigar customers. Sold individually, 12 per case.",
    ),
    priceCents: 2200,
    stock: 38,
    category: "accessories",
    imageCount: 1,
    palette: ["#6c757d", "#e63946"],
  },
  {
    sku: "AC-TP-BUTANE5X-12",
    name: "TorchPro 5x Refined Butane – 300 mL (12-can pack)",
    description: d(
      "Twelve 300 mL cans of 5x refined butane with five universal adapter tips.",
      "Low-residue fuel for torches and lighters. Ground shipping only.",
    ),
    priceCents: 3000,
    stock: 24,
    category: "accessories",
    imageCount: 1,
    palette: ["#1d3557", "#e63946"],
  },
  {
    sku: "AC-VC-510VV-10",
    name: "VoltCell 510 Thread Variable-Voltage Batteries – 400 mAh (10-pack display)",
    description: d(
      "Ten 400 mAh slim batteries with three voltage settings, preheat and USB charger each.",
      "Fits standard 510 cartridges. Assorted colors on a counter display.",
    ),
    priceCents: 3500,
    stock: 80,
    category: "accessories",
    imageCount: 3,
    palette: ["#4361ee", "#b8c0ff"],
  },
  {
    sku: "AC-VC-18650-3000-2",
    name: "VoltCell 18650 Rechargeable Batteries – 3,000 mAh (2-pack)",
    description: d(
      "Two flat-top 18650 cells rated 3,000 mAh with a 20 A continuous discharge.",
      "Shipped in a protective case. For box mods and flashlights.",
    ),
    priceCents: 900,
    stock: 5,
    category: "accessories",
    imageCount: 1,
    palette: ["#2b9348", "#aacc00"],
  },
  {
    sku: "AC-AT-SCALE-PKT100",
    name: "AccuTex Digital Pocket Scale – 100 g x 0.01 g",
    description: d(
      "A pocket scale weighing up to 100 g in 0.01 g steps, with a flip lid and backlit screen.",
      "Includes batteries and a calibration weight. 50 per case.",
    ),
    priceCents: 600,
    stock: 130,
    category: "accessories",
    imageCount: 0,
    palette: ["#212529", "#adb5bd"],
  },
  {
    sku: "AC-AT-SCALE-TBL500",
    name: "AccuTex Tabletop Digital Scale – 500 g x 0.1 g",
    description: d(
      "A countertop scale with a stainless platform, 500 g capacity in 0.1 g steps.",
      "Tare, count and unit modes, AC or battery powered. 20 per case.",
    ),
    priceCents: 1400,
    stock: 45,
    category: "accessories",
    imageCount: 2,
    palette: ["#495057", "#ced4da"],
  },
];

/** Every demo line, in the order they are added (and their pictures drawn). */
export const DEMO_LINES: DemoLine[] = [
  ...VAPES,
  ...KRATOM,
  ...GLASS,
  ...[...GLASS_SINGLES, ...NOVELTY, ...DELTA, ...ACCESSORIES].map(single),
];

/** Every demo product (each variant of each line), as the store names it. */
export const DEMO_PRODUCTS: DemoProduct[] = DEMO_LINES.flatMap((line) =>
  line.variants.map((v, i) => ({
    sku: v.sku,
    name: variantName(line.name, v.options),
    description: line.description,
    priceCents: v.priceCents ?? line.priceCents,
    stock: v.stock,
    category: line.category,
    imageCount: i === 0 ? line.imageCount : 0,
    palette: line.palette,
    line,
    options: v.options,
  })),
);
