/**
 * Draws placeholder product pictures for the demo catalog: an SVG built here, rasterized by sharp.
 * No text is drawn (fonts differ between machines), only shapes and gradients.
 * `index` 0, 1 and 2 give three different compositions of the same product.
 */
import sharp from "sharp";

const SIZE = 1000;
const OUTPUT = 800;

interface Colors {
  a: string;
  b: string;
}

/** Draws a product centered on (0, 0), roughly inside x -250..250 and y -340..340. */
type Drawer = (c: Colors, id: string) => string;

// ---------- color helpers ----------

function parseHex(hex: string): [number, number, number] {
  const h = hex.trim().replace(/^#/, "");
  const full = h.length === 3 ? h.replace(/./g, (ch) => ch + ch) : h;
  if (!/^[0-9a-fA-F]{6}$/.test(full)) return [128, 128, 128];
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function mix(x: string, y: string, t: number): string {
  const p = parseHex(x);
  const q = parseHex(y);
  return toHex([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t, p[2] + (q[2] - p[2]) * t]);
}

const lighten = (c: string, t: number): string => mix(c, "#ffffff", t);
const darken = (c: string, t: number): string => mix(c, "#000000", t);

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Small deterministic pseudo-random generator so a product always gets the same picture. */
function rng(seed: number): () => number {
  let s = seed || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 10000) / 10000;
  };
}

const f = (n: number): string => (Math.round(n * 10) / 10).toString();

function linear(id: string, stops: string[], x2 = 0, y2 = 1): string {
  const step = stops.length > 1 ? 1 / (stops.length - 1) : 0;
  const s = stops.map((c, i) => `<stop offset="${f(i * step * 100)}%" stop-color="${c}"/>`).join("");
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}

/** A simple leaf icon, used on labels. */
function leaf(x: number, y: number, size: number, fill: string, vein: string): string {
  const s = size / 100;
  return (
    `<g transform="translate(${f(x)} ${f(y)}) scale(${s})">` +
    `<path d="M0 -50 C40 -30 40 30 0 50 C-40 30 -40 -30 0 -50 Z" fill="${fill}"/>` +
    `<path d="M0 -42 L0 46 M0 -10 L18 -24 M0 10 L-18 -4 M0 26 L16 14" stroke="${vein}" stroke-width="4" ` +
    `fill="none" stroke-linecap="round"/></g>`
  );
}

// ---------- disposable vapes ----------

const drawVape: Drawer = (c, id) => {
  const body = linear(`${id}v`, [lighten(c.a, 0.15), c.a, c.b], 1, 1);
  const side = linear(`${id}s`, ["#000000", "#ffffff", "#000000"], 1, 0);
  return (
    `<defs>${body}${side}</defs>` +
    `<rect x="-62" y="-330" width="124" height="110" rx="44" fill="${darken(c.b, 0.55)}"/>` +
    `<rect x="-34" y="-322" width="68" height="14" rx="7" fill="${darken(c.b, 0.8)}"/>` +
    `<rect x="-105" y="-250" width="210" height="560" rx="64" fill="url(#${id}v)"/>` +
    `<rect x="-105" y="-250" width="210" height="560" rx="64" fill="url(#${id}s)" opacity="0.12"/>` +
    `<rect x="-105" y="-20" width="210" height="150" fill="${lighten(c.a, 0.85)}" opacity="0.92"/>` +
    `<rect x="-70" y="10" width="140" height="22" rx="11" fill="${c.b}"/>` +
    `<rect x="-70" y="48" width="96" height="16" rx="8" fill="${darken(c.a, 0.2)}" opacity="0.7"/>` +
    `<rect x="-70" y="78" width="120" height="16" rx="8" fill="${darken(c.a, 0.2)}" opacity="0.45"/>` +
    `<rect x="-78" y="-220" width="24" height="470" rx="12" fill="#ffffff" opacity="0.28"/>` +
    `<rect x="-44" y="180" width="88" height="58" rx="14" fill="${darken(c.b, 0.6)}"/>` +
    `<rect x="-34" y="190" width="40" height="38" rx="6" fill="${lighten(c.a, 0.5)}" opacity="0.9"/>` +
    `<circle cx="22" cy="209" r="9" fill="${lighten(c.b, 0.6)}"/>` +
    `<ellipse cx="0" cy="284" rx="30" ry="8" fill="${lighten(c.a, 0.7)}" opacity="0.9"/>`
  );
};

function vapor(c: Colors): string {
  const puffs = [
    [0, -360, 44],
    [-36, -400, 36],
    [30, -430, 40],
    [-4, -468, 30],
  ] as const;
  return puffs
    .map(
      ([x, y, r], i) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${lighten(c.a, 0.9)}" opacity="${0.5 - i * 0.1}"/>`,
    )
    .join("");
}

// ---------- kratom ----------

const drawPouch: Drawer = (c, id) => {
  const bag = linear(`${id}p`, [lighten(c.a, 0.1), c.a, darken(c.a, 0.25)], 1, 0.3);
  const powder = mix(c.a, "#8a8f4e", 0.55);
  const r = rng(hash(id));
  let specks = "";
  for (let i = 0; i < 40; i++) {
    const x = -110 + r() * 220;
    const y = 95 + r() * 140;
    specks += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(2 + r() * 4)}" fill="${darken(powder, 0.3)}" opacity="0.6"/>`;
  }
  return (
    `<defs>${bag}<clipPath id="${id}w"><rect x="-120" y="80" width="240" height="170" rx="44"/></clipPath></defs>` +
    `<path d="M-200 -310 H200 L222 250 Q224 312 170 312 H-170 Q-224 312 -222 250 Z" fill="url(#${id}p)"/>` +
    `<rect x="-200" y="-310" width="400" height="56" fill="${darken(c.a, 0.35)}" opacity="0.55"/>` +
    `<ellipse cx="0" cy="-282" rx="34" ry="11" fill="${darken(c.a, 0.7)}"/>` +
    `<line x1="-196" y1="-226" x2="196" y2="-226" stroke="${darken(c.a, 0.45)}" stroke-width="7" ` +
    `stroke-dasharray="16 9"/>` +
    `<rect x="-150" y="-190" width="300" height="240" rx="26" fill="${lighten(c.b, 0.75)}"/>` +
    `<rect x="-150" y="-190" width="300" height="40" rx="20" fill="${c.b}" opacity="0.85"/>` +
    leaf(0, -70, 120, c.a, lighten(c.b, 0.7)) +
    `<rect x="-90" y="6" width="180" height="16" rx="8" fill="${darken(c.b, 0.3)}" opacity="0.6"/>` +
    `<g clip-path="url(#${id}w)"><rect x="-120" y="80" width="240" height="170" fill="${lighten(powder, 0.3)}"/>` +
    `<path d="M-120 150 Q-40 120 20 140 T120 130 V250 H-120 Z" fill="${powder}"/>${specks}</g>` +
    `<rect x="-120" y="80" width="240" height="170" rx="44" fill="none" stroke="#ffffff" stroke-width="6" ` +
    `opacity="0.6"/>` +
    `<path d="M-176 -240 L-194 280" stroke="#ffffff" stroke-width="22" stroke-linecap="round" opacity="0.16"/>`
  );
};

function capsule(x: number, y: number, angle: number, a: string, b: string): string {
  return (
    `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">` +
    `<path d="M0 -22 H-40 A22 22 0 0 0 -40 22 H0 Z" fill="${a}"/>` +
    `<path d="M0 -22 H40 A22 22 0 0 1 40 22 H0 Z" fill="${b}"/>` +
    `<rect x="-50" y="-14" width="70" height="7" rx="3.5" fill="#ffffff" opacity="0.45"/></g>`
  );
}

const drawBottle: Drawer = (c, id) => {
  const body = linear(`${id}b`, [darken(c.b, 0.2), lighten(c.b, 0.35), darken(c.b, 0.25)], 1, 0);
  const cap = linear(`${id}c`, [darken(c.a, 0.45), darken(c.a, 0.1), darken(c.a, 0.5)], 1, 0);
  let ridges = "";
  for (let x = -104; x <= 104; x += 16) {
    ridges += `<line x1="${x}" y1="-300" x2="${x}" y2="-196" stroke="#000000" stroke-width="4" opacity="0.2"/>`;
  }
  return (
    `<defs>${body}${cap}</defs>` +
    `<rect x="-120" y="-310" width="240" height="120" rx="18" fill="url(#${id}c)"/>${ridges}` +
    `<rect x="-104" y="-196" width="208" height="34" fill="${darken(c.b, 0.15)}"/>` +
    `<rect x="-175" y="-170" width="350" height="480" rx="56" fill="url(#${id}b)"/>` +
    `<rect x="-175" y="-70" width="350" height="260" fill="${lighten(c.a, 0.88)}"/>` +
    `<rect x="-175" y="-70" width="350" height="36" fill="${c.a}"/>` +
    leaf(-80, 50, 110, c.a, lighten(c.a, 0.75)) +
    capsule(60, 20, -25, c.a, lighten(c.b, 0.4)) +
    capsule(80, 110, 15, c.a, lighten(c.b, 0.4)) +
    `<rect x="-140" y="150" width="170" height="14" rx="7" fill="${darken(c.a, 0.2)}" opacity="0.5"/>` +
    `<rect x="-150" y="-140" width="26" height="420" rx="13" fill="#ffffff" opacity="0.25"/>`
  );
};

// ---------- glass ----------

const drawBeaker: Drawer = (c, id) => {
  const outline = "M-48 -320 L-48 -40 L-175 282 Q-184 312 -150 312 H150 Q184 312 175 282 L48 -40 L48 -320 Z";
  const stroke = lighten(c.a, 0.35);
  const r = rng(hash(id));
  let bubbles = "";
  for (let i = 0; i < 9; i++) {
    const y = 200 + r() * 90;
    const half = 60 + ((y + 40) / 352) * 110;
    bubbles += `<circle cx="${f((r() * 2 - 1) * half * 0.8)}" cy="${f(y)}" r="${f(5 + r() * 9)}" fill="none" `;
    bubbles += `stroke="#ffffff" stroke-width="3" opacity="0.7"/>`;
  }
  return (
    `<defs><clipPath id="${id}k"><path d="${outline}"/></clipPath>${linear(`${id}g`, ["#ffffff", c.a], 1, 0)}</defs>` +
    `<path d="${outline}" fill="url(#${id}g)" opacity="0.22"/>` +
    `<g clip-path="url(#${id}k)"><rect x="-200" y="170" width="400" height="150" fill="${c.a}" opacity="0.5"/>` +
    `<rect x="-200" y="170" width="400" height="10" fill="#ffffff" opacity="0.5"/>${bubbles}` +
    `<rect x="-200" y="280" width="400" height="40" fill="${c.b}" opacity="0.55"/></g>` +
    `<line x1="-200" y1="-20" x2="-30" y2="250" stroke="${stroke}" stroke-width="22" stroke-linecap="round" ` +
    `opacity="0.85"/>` +
    `<line x1="-200" y1="-20" x2="-30" y2="250" stroke="#ffffff" stroke-width="6" stroke-linecap="round" ` +
    `opacity="0.5"/>` +
    `<g transform="translate(-205 -30) rotate(-32)">` +
    `<path d="M-58 -30 Q-58 50 0 50 Q58 50 58 -30 Z" fill="${c.b}" opacity="0.9"/>` +
    `<ellipse cx="0" cy="-30" rx="58" ry="16" fill="${lighten(c.b, 0.5)}"/>` +
    `<ellipse cx="0" cy="-30" rx="38" ry="9" fill="${darken(c.b, 0.5)}"/></g>` +
    `<path d="${outline}" fill="none" stroke="${stroke}" stroke-width="12" stroke-linejoin="round"/>` +
    `<ellipse cx="0" cy="-320" rx="60" ry="16" fill="none" stroke="${c.b}" stroke-width="14"/>` +
    `<path d="M-160 300 H160" stroke="${c.b}" stroke-width="18" stroke-linecap="round"/>` +
    `<path d="M-48 -150 l18 10 M48 -150 l-18 10 M-48 -120 l18 10 M48 -120 l-18 10" stroke="${stroke}" ` +
    `stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M-30 -300 V-60 L-140 230" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" ` +
    `opacity="0.55"/>`
  );
};

const drawHandPipe: Drawer = (c, id) => {
  const shape =
    "M-190 -120 C-300 -120 -300 120 -190 120 C-120 120 -90 70 -20 50 L250 22 Q290 18 290 0 " +
    "Q290 -18 250 -22 L-20 -50 C-90 -70 -120 -120 -190 -120 Z";
  return (
    `<g transform="translate(0 140) scale(1.15) rotate(-18)">` +
    `<defs>${linear(`${id}h`, [lighten(c.a, 0.4), c.a, darken(c.a, 0.35)])}` +
    `<clipPath id="${id}q"><path d="${shape}"/></clipPath></defs>` +
    `<path d="${shape}" fill="url(#${id}h)"/>` +
    `<g clip-path="url(#${id}q)" fill="none" stroke="${c.b}" stroke-width="26" opacity="0.75">` +
    `<path d="M-300 -60 C-200 40 -100 -80 0 20 S200 -40 300 10"/>` +
    `<path d="M-300 60 C-220 -20 -120 100 -20 -30 S180 40 300 -20" stroke="${lighten(c.b, 0.5)}" ` +
    `stroke-width="14"/></g>` +
    `<ellipse cx="-190" cy="0" rx="70" ry="62" fill="${darken(c.a, 0.65)}"/>` +
    `<ellipse cx="-190" cy="-6" rx="52" ry="44" fill="${darken(c.a, 0.85)}"/>` +
    `<circle cx="-120" cy="78" r="12" fill="${darken(c.a, 0.6)}"/>` +
    `<path d="M-230 -92 C-180 -110 -120 -90 -60 -46 L240 -14" fill="none" stroke="#ffffff" stroke-width="10" ` +
    `stroke-linecap="round" opacity="0.5"/></g>`
  );
};

// ---------- novelty ----------

const drawLighter: Drawer = (c, id) => {
  const metal = linear(`${id}m`, ["#6c757d", "#f8f9fa", "#adb5bd", "#495057"], 1, 0);
  const body = linear(`${id}l`, [lighten(c.a, 0.25), c.a, darken(c.a, 0.3)], 1, 0);
  const flame = linear(`${id}f`, ["#fff3b0", "#ffb703", "#fb5607"], 0, 1);
  let holes = "";
  for (let x = -50; x <= 50; x += 25) {
    holes += `<circle cx="${x}" cy="-205" r="7" fill="#343a40"/>`;
  }
  let ridges = "";
  for (let a = 0; a < 360; a += 30) {
    ridges += `<line x1="0" y1="0" x2="0" y2="-30" stroke="#495057" stroke-width="4" transform="rotate(${a})"/>`;
  }
  return (
    `<defs>${metal}${body}${flame}</defs>` +
    `<path d="M6 -300 C-40 -350 0 -400 14 -450 C30 -400 70 -360 30 -300 Z" fill="url(#${id}f)"/>` +
    `<path d="M12 -305 C0 -330 10 -350 18 -372 C26 -350 36 -330 26 -305 Z" fill="#ffffff" opacity="0.8"/>` +
    `<rect x="-90" y="-250" width="180" height="100" rx="12" fill="url(#${id}m)"/>${holes}` +
    `<g transform="translate(-40 -272)"><circle r="32" fill="#adb5bd"/>${ridges}<circle r="10" fill="#6c757d"/></g>` +
    `<rect x="10" y="-292" width="72" height="42" rx="10" fill="${darken(c.b, 0.3)}"/>` +
    `<rect x="-92" y="-160" width="184" height="450" rx="40" fill="url(#${id}l)"/>` +
    `<rect x="-92" y="-160" width="184" height="30" fill="${darken(c.a, 0.35)}" opacity="0.5"/>` +
    `<rect x="-56" y="-40" width="112" height="200" rx="20" fill="${lighten(c.b, 0.3)}" opacity="0.85"/>` +
    `<circle cx="0" cy="60" r="36" fill="${c.b}"/>` +
    `<rect x="-66" y="-110" width="22" height="370" rx="11" fill="#ffffff" opacity="0.3"/>`
  );
};

const drawFreshener: Drawer = (c, id) => {
  const card = linear(`${id}a`, [lighten(c.b, 0.2), c.b, darken(c.b, 0.2)], 1, 1);
  return (
    `<defs>${card}<clipPath id="${id}z"><circle cx="0" cy="60" r="230"/></clipPath></defs>` +
    `<path d="M0 -330 C-40 -260 40 -220 0 -150" fill="none" stroke="${darken(c.a, 0.2)}" stroke-width="8"/>` +
    `<circle cx="0" cy="60" r="230" fill="url(#${id}a)"/>` +
    `<g clip-path="url(#${id}z)" fill="none" stroke="${c.a === c.b ? "#ffffff" : lighten(c.a, 0.3)}" ` +
    `stroke-width="30" opacity="0.8">` +
    `<path d="M-260 20 Q-130 -40 0 20 T260 20"/><path d="M-260 110 Q-130 50 0 110 T260 110"/>` +
    `<path d="M-260 200 Q-130 140 0 200 T260 200"/></g>` +
    `<circle cx="0" cy="-140" r="16" fill="${darken(c.b, 0.6)}"/>` +
    `<circle cx="0" cy="60" r="230" fill="none" stroke="#ffffff" stroke-width="10" opacity="0.6"/>` +
    `<path d="M-150 -80 A200 200 0 0 1 -40 -160" fill="none" stroke="#ffffff" stroke-width="14" ` +
    `stroke-linecap="round" opacity="0.5"/>`
  );
};

const drawLollipop: Drawer = (c, id) => {
  const candy =
    `<radialGradient id="${id}o" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="${lighten(c.a, 0.5)}"/>` +
    `<stop offset="1" stop-color="${c.a}"/></radialGradient>`;
  let spiral = "M0 -90";
  for (let t = 0; t <= 4 * Math.PI; t += 0.25) {
    const rad = 20 + t * 14;
    spiral += ` L${f(Math.cos(t) * rad)} ${f(-90 + Math.sin(t) * rad)}`;
  }
  return (
    `<defs>${candy}</defs>` +
    `<rect x="-14" y="80" width="28" height="260" rx="14" fill="#f8f9fa" stroke="#dee2e6" stroke-width="4"/>` +
    `<circle cx="0" cy="-90" r="200" fill="url(#${id}o)"/>` +
    `<path d="${spiral}" fill="none" stroke="${c.b}" stroke-width="22" stroke-linecap="round" opacity="0.85"/>` +
    `<circle cx="-70" cy="-160" r="40" fill="#ffffff" opacity="0.4"/>` +
    `<path d="M-190 -40 Q-100 -240 100 -270" fill="none" stroke="#ffffff" stroke-width="14" ` +
    `stroke-linecap="round" opacity="0.3"/>`
  );
};

const drawPowerBank: Drawer = (c, id) => {
  const body = linear(`${id}e`, [lighten(c.a, 0.2), c.a, darken(c.a, 0.3)], 1, 1);
  return (
    `<defs>${body}</defs>` +
    `<path d="M60 250 C140 320 260 260 220 170 C190 100 260 60 240 -10" fill="none" stroke="#343a40" ` +
    `stroke-width="16" stroke-linecap="round"/>` +
    `<rect x="220" y="-70" width="40" height="70" rx="10" fill="#adb5bd"/>` +
    `<rect x="-160" y="-300" width="300" height="560" rx="50" fill="url(#${id}e)"/>` +
    `<rect x="-120" y="-250" width="220" height="300" rx="24" fill="${darken(c.b, 0.4)}" opacity="0.8"/>` +
    `<path d="M-20 -200 L-60 -90 H-10 L-40 10 L50 -120 H0 L30 -200 Z" fill="${lighten(c.b, 0.4)}"/>` +
    [0, 1, 2, 3]
      .map((i) => `<circle cx="${-75 + i * 50}" cy="120" r="12" fill="${i < 3 ? "#80ffdb" : "#495057"}"/>`)
      .join("") +
    `<rect x="10" y="240" width="80" height="20" rx="6" fill="#212529"/>` +
    `<rect x="-130" y="-270" width="20" height="500" rx="10" fill="#ffffff" opacity="0.25"/>`
  );
};

function starPath(r1: number, r2: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? r1 : r2;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${f(Math.cos(a) * r)} ${f(Math.sin(a) * r)}`);
  }
  return `M${pts.join(" L")} Z`;
}

const drawKeychain: Drawer = (c, id) => {
  const metal = linear(`${id}r`, ["#dee2e6", "#6c757d", "#f8f9fa"], 1, 1);
  return (
    `<defs>${metal}</defs>` +
    `<circle cx="0" cy="-230" r="90" fill="none" stroke="url(#${id}r)" stroke-width="20"/>` +
    `<rect x="-12" y="-150" width="24" height="80" rx="8" fill="#adb5bd"/>` +
    `<g transform="translate(0 110)"><path d="${starPath(230, 95)}" fill="${c.a}" stroke="${darken(c.a, 0.4)}" ` +
    `stroke-width="12" stroke-linejoin="round"/>` +
    `<path d="${starPath(140, 58)}" fill="${c.b}" opacity="0.9"/>` +
    `<circle r="26" fill="${lighten(c.a, 0.7)}"/></g>`
  );
};

const drawCan: Drawer = (c, id) => {
  const body = linear(`${id}n`, [darken(c.a, 0.3), lighten(c.a, 0.3), c.a, darken(c.a, 0.4)], 1, 0);
  const metal = linear(`${id}t`, ["#6c757d", "#f1f3f5", "#868e96"], 1, 0);
  return (
    `<defs>${body}${metal}</defs>` +
    `<path d="M-150 -260 H150 V260 Q150 300 0 300 Q-150 300 -150 260 Z" fill="url(#${id}n)"/>` +
    `<path d="M-150 -260 Q-150 -300 0 -300 Q150 -300 150 -260 L130 -300 H-130 Z" fill="url(#${id}t)"/>` +
    `<ellipse cx="0" cy="-300" rx="130" ry="32" fill="url(#${id}t)"/>` +
    `<ellipse cx="0" cy="-300" rx="100" ry="22" fill="#ced4da"/>` +
    `<ellipse cx="20" cy="-300" rx="36" ry="10" fill="#868e96"/>` +
    `<path d="M-150 -40 Q0 -120 150 -40 V60 Q0 -20 -150 60 Z" fill="${lighten(c.b, 0.5)}" opacity="0.9"/>` +
    `<path d="M-150 70 Q0 -10 150 70 V110 Q0 30 -150 110 Z" fill="${c.b}"/>` +
    `<rect x="-110" y="-240" width="20" height="500" rx="10" fill="#ffffff" opacity="0.3"/>` +
    `<path d="M-150 262 Q0 300 150 262" fill="none" stroke="#adb5bd" stroke-width="10"/>`
  );
};

// ---------- accessories ----------

const drawGrinder: Drawer = (c, id) => {
  const side = linear(`${id}d`, [darken(c.a, 0.45), lighten(c.a, 0.25), c.a, darken(c.a, 0.5)], 1, 0);
  const top = linear(`${id}u`, [lighten(c.a, 0.35), darken(c.a, 0.1)], 1, 1);
  let knurl = "";
  for (let x = -190; x <= 190; x += 19) {
    knurl += `<line x1="${x}" y1="-90" x2="${x}" y2="-10" stroke="#000000" stroke-width="5" opacity="0.22"/>`;
  }
  return (
    `<defs>${side}${top}</defs>` +
    `<path d="M-210 -90 V210 A210 70 0 0 0 210 210 V-90 Z" fill="url(#${id}d)"/>` +
    knurl +
    `<path d="M-210 -10 A210 70 0 0 0 210 -10" fill="none" stroke="${darken(c.a, 0.6)}" stroke-width="6"/>` +
    `<path d="M-210 80 A210 70 0 0 0 210 80" fill="none" stroke="${darken(c.a, 0.6)}" stroke-width="6"/>` +
    `<path d="M-210 150 A210 70 0 0 0 210 150" fill="none" stroke="${darken(c.a, 0.6)}" stroke-width="6"/>` +
    `<ellipse cx="0" cy="-90" rx="210" ry="70" fill="url(#${id}u)"/>` +
    `<ellipse cx="0" cy="-90" rx="150" ry="48" fill="none" stroke="${lighten(c.a, 0.5)}" stroke-width="6"/>` +
    `<ellipse cx="0" cy="-92" rx="70" ry="22" fill="${c.b}"/>` +
    leaf(0, -94, 30, lighten(c.b, 0.7), c.b) +
    `<rect x="-150" y="-40" width="24" height="260" rx="12" fill="#ffffff" opacity="0.25"/>`
  );
};

const drawPapers: Drawer = (c, id) => {
  const cover = linear(`${id}c`, [lighten(c.a, 0.15), c.a, darken(c.a, 0.2)], 1, 1);
  return (
    `<defs>${cover}</defs>` +
    `<g transform="rotate(-6)">` +
    `<rect x="-150" y="-260" width="290" height="160" fill="#fdfcf7" stroke="#e9ecef" stroke-width="4"/>` +
    `<rect x="-140" y="-290" width="270" height="160" fill="#ffffff" stroke="#e9ecef" stroke-width="4"/>` +
    `<line x1="-140" y1="-272" x2="130" y2="-272" stroke="${lighten(c.a, 0.5)}" stroke-width="6"/></g>` +
    `<g transform="translate(40 150) rotate(4)"><rect x="-230" y="-150" width="460" height="300" rx="16" ` +
    `fill="${darken(c.a, 0.3)}"/><rect x="-230" y="40" width="460" height="40" fill="${c.b}" opacity="0.8"/></g>` +
    `<rect x="-230" y="-150" width="460" height="300" rx="16" fill="url(#${id}c)"/>` +
    `<path d="M-230 -150 H230 V-70 Q0 -30 -230 -70 Z" fill="${darken(c.a, 0.25)}" opacity="0.55"/>` +
    `<rect x="-150" y="-10" width="300" height="100" rx="50" fill="${c.b}"/>` +
    leaf(-95, 40, 70, lighten(c.a, 0.4), c.b) +
    `<rect x="-40" y="20" width="150" height="16" rx="8" fill="${c.a}" opacity="0.8"/>` +
    `<rect x="-40" y="48" width="100" height="14" rx="7" fill="${c.a}" opacity="0.5"/>` +
    `<rect x="-200" y="-130" width="18" height="260" rx="9" fill="#ffffff" opacity="0.22"/>`
  );
};

const drawCones: Drawer = (c, id) => {
  const paper = linear(`${id}x`, [lighten(c.a, 0.75), lighten(c.a, 0.55)], 1, 0);
  const one = (x: number, angle: number): string =>
    `<g transform="translate(${x} 0) rotate(${angle})">` +
    `<path d="M-30 300 L-80 -250 Q0 -290 80 -250 L30 300 Z" fill="url(#${id}x)" stroke="${darken(c.a, 0.1)}" ` +
    `stroke-width="4"/>` +
    `<rect x="-30" y="220" width="60" height="80" fill="${c.b}" opacity="0.85"/>` +
    `<path d="M-80 -250 Q0 -290 80 -250 Q0 -220 -80 -250 Z" fill="${darken(c.a, 0.2)}"/>` +
    `<path d="M-50 -220 L-20 260" stroke="#ffffff" stroke-width="8" opacity="0.5"/></g>`;
  return `<defs>${paper}</defs>${one(-140, -12)}${one(140, 12)}${one(0, 0)}`;
};

const drawTorch: Drawer = (c, id) => {
  const body = linear(`${id}j`, [darken(c.a, 0.4), lighten(c.a, 0.3), darken(c.a, 0.3)], 1, 0);
  const metal = linear(`${id}y`, ["#6c757d", "#f1f3f5", "#868e96"], 1, 0);
  return (
    `<defs>${body}${metal}` +
    `<linearGradient id="${id}fl" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#4cc9f0"/>` +
    `<stop offset="0.5" stop-color="#4361ee" stop-opacity="0.8"/>` +
    `<stop offset="1" stop-color="#4361ee" stop-opacity="0"/></linearGradient></defs>` +
    `<path d="M80 -250 Q200 -290 330 -250 Q200 -210 80 -250 Z" fill="url(#${id}fl)"/>` +
    `<path d="M-110 -200 L40 -290 L80 -250 L90 -200 Z" fill="url(#${id}y)"/>` +
    `<rect x="40" y="-270" width="50" height="40" rx="6" fill="#495057"/>` +
    `<rect x="-130" y="-210" width="240" height="90" rx="20" fill="url(#${id}y)"/>` +
    `<rect x="70" y="-190" width="70" height="46" rx="12" fill="${c.b}"/>` +
    `<rect x="-130" y="-130" width="240" height="440" rx="40" fill="url(#${id}j)"/>` +
    `<rect x="-80" y="-40" width="140" height="230" rx="20" fill="${darken(c.a, 0.5)}" opacity="0.6"/>` +
    `<rect x="-60" y="60" width="100" height="110" rx="12" fill="${c.b}" opacity="0.75"/>` +
    `<rect x="-110" y="-100" width="20" height="380" rx="10" fill="#ffffff" opacity="0.25"/>`
  );
};

const drawBattery: Drawer = (c, id) => {
  const body = linear(`${id}i`, [darken(c.a, 0.35), lighten(c.a, 0.35), c.a, darken(c.a, 0.45)], 1, 0);
  const one = (x: number, angle: number): string =>
    `<g transform="translate(${x} 0) rotate(${angle})">` +
    `<rect x="-60" y="-300" width="120" height="600" rx="28" fill="url(#${id}i)"/>` +
    `<rect x="-60" y="-300" width="120" height="50" rx="20" fill="#ced4da"/>` +
    `<rect x="-26" y="-318" width="52" height="24" rx="6" fill="#adb5bd"/>` +
    `<rect x="-60" y="180" width="120" height="24" fill="${c.b}"/>` +
    `<circle cx="0" cy="-120" r="20" fill="${lighten(c.b, 0.3)}" stroke="${darken(c.a, 0.5)}" stroke-width="5"/>` +
    `<rect x="-38" y="-240" width="14" height="500" rx="7" fill="#ffffff" opacity="0.3"/></g>`;
  return `<defs>${body}</defs>${one(-90, -8)}${one(90, 8)}`;
};

const drawScale: Drawer = (c, id) => {
  const body = linear(`${id}b`, [lighten(c.a, 0.2), c.a, darken(c.a, 0.3)], 1, 1);
  const plate = linear(`${id}p`, ["#f8f9fa", "#adb5bd", "#e9ecef"], 1, 1);
  return (
    `<defs>${body}${plate}</defs>` +
    `<rect x="-230" y="-280" width="460" height="580" rx="40" fill="url(#${id}b)"/>` +
    `<rect x="-180" y="-230" width="360" height="320" rx="18" fill="url(#${id}p)"/>` +
    `<rect x="-180" y="-230" width="360" height="320" rx="18" fill="none" stroke="${darken(c.a, 0.3)}" ` +
    `stroke-width="6"/>` +
    `<rect x="-170" y="130" width="220" height="90" rx="12" fill="#1b4332"/>` +
    `<rect x="-160" y="140" width="200" height="70" rx="8" fill="#95d5b2" opacity="0.85"/>` +
    `<rect x="-140" y="160" width="120" height="30" rx="6" fill="#1b4332" opacity="0.5"/>` +
    `<circle cx="110" cy="150" r="24" fill="${c.b}"/><circle cx="170" cy="150" r="24" fill="${c.b}"/>` +
    `<circle cx="140" cy="215" r="24" fill="${darken(c.b, 0.3)}"/>` +
    `<rect x="-205" y="-255" width="20" height="520" rx="10" fill="#ffffff" opacity="0.2"/>`
  );
};

// ---------- delta ----------

function gummy(x: number, y: number, angle: number, fill: string): string {
  return (
    `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">` +
    `<circle cx="-18" cy="-40" r="12" fill="${fill}"/><circle cx="18" cy="-40" r="12" fill="${fill}"/>` +
    `<circle cx="0" cy="-22" r="24" fill="${fill}"/><ellipse cx="0" cy="18" rx="30" ry="34" fill="${fill}"/>` +
    `<ellipse cx="-8" cy="8" rx="8" ry="14" fill="#ffffff" opacity="0.45"/></g>`
  );
}

const drawJar: Drawer = (c, id) => {
  const r = rng(hash(id) + 7);
  const colors = [c.a, c.b, lighten(c.a, 0.35), lighten(c.b, 0.3), mix(c.a, c.b, 0.5)];
  let gummies = "";
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 4; col++) {
      const x = -135 + col * 90 + (row % 2) * 40 + (r() - 0.5) * 20;
      const y = 255 - row * 80 + (r() - 0.5) * 16;
      const fill = colors[Math.floor(r() * colors.length)] ?? c.a;
      gummies += gummy(x, y, (r() - 0.5) * 60, fill);
    }
  }
  const lid = linear(`${id}l`, [darken(c.b, 0.55), darken(c.b, 0.15), darken(c.b, 0.6)], 1, 0);
  return (
    `<defs>${lid}<clipPath id="${id}j"><rect x="-200" y="-180" width="400" height="490" rx="60"/></clipPath></defs>` +
    `<rect x="-200" y="-180" width="400" height="490" rx="60" fill="${lighten(c.a, 0.85)}" opacity="0.5"/>` +
    `<g clip-path="url(#${id}j)">${gummies}</g>` +
    `<rect x="-200" y="-180" width="400" height="490" rx="60" fill="#ffffff" opacity="0.18"/>` +
    `<rect x="-200" y="-180" width="400" height="490" rx="60" fill="none" stroke="#ffffff" stroke-width="8" ` +
    `opacity="0.8"/>` +
    `<rect x="-200" y="-60" width="400" height="120" fill="${lighten(c.b, 0.8)}"/>` +
    `<rect x="-200" y="-60" width="400" height="26" fill="${c.b}"/>` +
    leaf(-110, 15, 70, c.a, lighten(c.a, 0.7)) +
    `<rect x="-50" y="0" width="190" height="18" rx="9" fill="${c.a}" opacity="0.8"/>` +
    `<rect x="-50" y="30" width="120" height="14" rx="7" fill="${c.a}" opacity="0.5"/>` +
    `<rect x="-170" y="-250" width="340" height="90" rx="16" fill="url(#${id}l)"/>` +
    `<rect x="-180" y="-175" width="360" height="22" rx="8" fill="${darken(c.b, 0.4)}"/>` +
    `<rect x="-170" y="-150" width="26" height="430" rx="13" fill="#ffffff" opacity="0.35"/>`
  );
};

const drawCart: Drawer = (c, id) => {
  const oil = linear(`${id}o`, ["#ffd166", "#f4a261", "#e76f51"], 0, 1);
  const metal = linear(`${id}m`, ["#6c757d", "#f1f3f5", "#868e96"], 1, 0);
  let threads = "";
  for (let y = 240; y <= 300; y += 14) {
    threads += `<line x1="-50" y1="${y}" x2="50" y2="${y}" stroke="#495057" stroke-width="5"/>`;
  }
  return (
    `<defs>${oil}${metal}</defs>` +
    `<path d="M-44 -320 H44 L60 -230 H-60 Z" fill="${darken(c.a, 0.3)}"/>` +
    `<rect x="-80" y="-232" width="160" height="30" rx="8" fill="url(#${id}m)"/>` +
    `<rect x="-80" y="-200" width="160" height="380" rx="14" fill="#ffffff" opacity="0.35"/>` +
    `<rect x="-70" y="-110" width="140" height="285" rx="8" fill="url(#${id}o)" opacity="0.92"/>` +
    `<rect x="-14" y="-200" width="28" height="380" fill="#ced4da" opacity="0.7"/>` +
    `<circle cx="-30" cy="40" r="8" fill="#ffffff" opacity="0.6"/><circle cx="35" cy="110" r="6" fill="#ffffff" ` +
    `opacity="0.6"/>` +
    `<rect x="-80" y="-200" width="160" height="380" rx="14" fill="none" stroke="#ffffff" stroke-width="6"/>` +
    `<rect x="-80" y="178" width="160" height="60" rx="8" fill="${c.b}"/>` +
    `<rect x="-56" y="236" width="112" height="74" rx="8" fill="url(#${id}m)"/>${threads}` +
    `<rect x="-60" y="-190" width="14" height="360" rx="7" fill="#ffffff" opacity="0.5"/>`
  );
};

const drawDropper: Drawer = (c, id) => {
  const glass = linear(`${id}g`, [darken(c.a, 0.3), lighten(c.a, 0.15), darken(c.a, 0.45)], 1, 0);
  return (
    `<defs>${glass}</defs>` +
    `<path d="M-40 -320 Q-40 -360 0 -360 Q40 -360 40 -320 V-230 H-40 Z" fill="#212529"/>` +
    `<rect x="-80" y="-240" width="160" height="90" rx="14" fill="#343a40"/>` +
    `<rect x="-60" y="-160" width="120" height="40" fill="${darken(c.a, 0.35)}"/>` +
    `<path d="M-60 -130 Q-190 -110 -190 -20 V260 Q-190 310 -140 310 H140 Q190 310 190 260 V-20 ` +
    `Q190 -110 60 -130 Z" fill="url(#${id}g)"/>` +
    `<rect x="-190" y="10" width="380" height="220" fill="${lighten(c.b, 0.4)}"/>` +
    `<rect x="-190" y="10" width="380" height="36" fill="${c.b}"/>` +
    leaf(-100, 130, 80, c.a, lighten(c.b, 0.6)) +
    `<rect x="-30" y="100" width="170" height="18" rx="9" fill="${c.a}" opacity="0.7"/>` +
    `<rect x="-30" y="135" width="110" height="14" rx="7" fill="${c.a}" opacity="0.45"/>` +
    `<rect x="-160" y="-60" width="22" height="340" rx="11" fill="#ffffff" opacity="0.25"/>`
  );
};

const drawChocolate: Drawer = (c, id) => {
  const wrap = linear(`${id}w`, [lighten(c.b, 0.2), c.b, darken(c.b, 0.2)], 1, 1);
  let squares = "";
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      const x = -190 + col * 96;
      const y = -300 + row * 96;
      squares += `<rect x="${x}" y="${y}" width="84" height="84" rx="10" fill="${c.a}"/>`;
      squares += `<rect x="${x + 8}" y="${y + 8}" width="68" height="20" rx="8" fill="#ffffff" opacity="0.15"/>`;
    }
  }
  return (
    `<defs>${wrap}</defs>` +
    `<g transform="rotate(-8)">` +
    `<rect x="-200" y="-310" width="300" height="490" rx="18" fill="${darken(c.a, 0.35)}"/>${squares}</g>` +
    `<path d="M-220 -40 L-190 -70 L-160 -40 L-130 -70 L-100 -40 L-70 -70 L-40 -40 L-10 -70 L20 -40 L50 -70 ` +
    `L80 -40 L110 -70 L140 -40 L170 -70 L200 -40 L230 -70 V320 H-220 Z" fill="url(#${id}w)"/>` +
    `<path d="M-220 -40 L-190 -70 L-160 -40 L-130 -70 L-100 -40 L-70 -70 L-40 -40 L-10 -70 L20 -40 L50 -70 ` +
    `L80 -40 L110 -70 L140 -40 L170 -70 L200 -40 L230 -70" fill="none" stroke="#e9ecef" stroke-width="10"/>` +
    `<rect x="-150" y="60" width="310" height="160" rx="80" fill="${lighten(c.b, 0.7)}"/>` +
    leaf(-80, 140, 80, c.a, lighten(c.b, 0.6)) +
    `<rect x="-20" y="115" width="140" height="18" rx="9" fill="${c.a}"/>` +
    `<rect x="-20" y="148" width="95" height="14" rx="7" fill="${c.a}" opacity="0.6"/>` +
    `<rect x="-195" y="-20" width="20" height="320" rx="10" fill="#ffffff" opacity="0.22"/>`
  );
};

const drawPreRolls: Drawer = (c, id) => {
  const paper = linear(`${id}r`, ["#fefae0", "#e9edc9"], 1, 0);
  const one = (x: number, angle: number): string =>
    `<g transform="translate(${x} 0) rotate(${angle})">` +
    `<path d="M-26 300 L-62 -230 Q0 -250 62 -230 L26 300 Z" fill="url(#${id}r)" stroke="#dda15e" ` +
    `stroke-width="3"/>` +
    `<path d="M-62 -230 Q0 -250 62 -230 L40 -300 Q0 -320 -40 -300 Z" fill="${lighten(c.a, 0.6)}"/>` +
    `<path d="M-40 -300 Q0 -340 40 -300" fill="none" stroke="${c.a}" stroke-width="10" stroke-linecap="round"/>` +
    `<rect x="-26" y="230" width="52" height="70" fill="#bc6c25"/>` +
    `<rect x="-52" y="-60" width="104" height="30" fill="${c.a}" opacity="0.7"/></g>`;
  return `<defs>${paper}</defs>${one(-150, -14)}${one(150, 14)}${one(0, 0)}`;
};

// ---------- dispatch & composition ----------

interface Pick {
  draw: Drawer;
  steam: boolean;
  wide?: boolean;
}

function pickDrawer(category: string, name: string): Pick {
  const n = name.toLowerCase();
  switch (category) {
    case "disposable-vapes":
      return { draw: drawVape, steam: true };
    case "kratom":
      return { draw: /capsule/.test(n) ? drawBottle : drawPouch, steam: false };
    case "glass":
      if (/hand pipe|spoon|taster|chillum/.test(n)) return { draw: drawHandPipe, steam: false, wide: true };
      return { draw: drawBeaker, steam: false };
    case "novelty":
      if (/freshener/.test(n)) return { draw: drawFreshener, steam: false };
      if (/candy|lollipop|sweet/.test(n)) return { draw: drawLollipop, steam: false };
      if (/charg|cable|power bank/.test(n)) return { draw: drawPowerBank, steam: false };
      if (/keychain/.test(n)) return { draw: drawKeychain, steam: false };
      if (/\bcan\b|stash|safe/.test(n)) return { draw: drawCan, steam: false };
      return { draw: drawLighter, steam: false };
    case "accessories":
      if (/cone/.test(n)) return { draw: drawCones, steam: false };
      if (/paper/.test(n)) return { draw: drawPapers, steam: false };
      if (/torch|butane/.test(n)) return { draw: drawTorch, steam: false };
      if (/batter/.test(n)) return { draw: drawBattery, steam: false };
      if (/scale/.test(n)) return { draw: drawScale, steam: false };
      return { draw: drawGrinder, steam: false };
    case "delta":
      if (/cartridge|\bcart\b/.test(n)) return { draw: drawCart, steam: false };
      if (/disposable|pen\b/.test(n)) return { draw: drawVape, steam: true };
      if (/tincture/.test(n)) return { draw: drawDropper, steam: false };
      if (/chocolate/.test(n)) return { draw: drawChocolate, steam: false };
      if (/pre-roll/.test(n)) return { draw: drawPreRolls, steam: false };
      return { draw: drawJar, steam: false };
    default:
      return { draw: drawGrinder, steam: false };
  }
}

const SHADOW_FILTER =
  `<filter id="blur" x="-50%" y="-50%" width="200%" height="200%">` + `<feGaussianBlur stdDeviation="16"/></filter>`;

function shadow(cx: number, cy: number, rx: number, opacity: number): string {
  return (
    `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(rx * 0.16)}" fill="#000000" ` +
    `opacity="${opacity}" filter="url(#blur)"/>`
  );
}

function place(x: number, y: number, scale: number, angle: number, inner: string): string {
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)}) scale(${scale})">${inner}</g>`;
}

/** View 0: bright studio shot, product upright on a soft floor. */
function studio(c: Colors, draw: Drawer, steam: boolean): string {
  const bg =
    `<radialGradient id="bg0" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="${lighten(c.a, 0.93)}"/>` +
    `<stop offset="1" stop-color="${lighten(c.b, 0.7)}"/></radialGradient>`;
  return (
    `<defs>${bg}${SHADOW_FILTER}</defs><rect width="${SIZE}" height="${SIZE}" fill="url(#bg0)"/>` +
    `<rect y="780" width="${SIZE}" height="220" fill="${lighten(c.b, 0.55)}" opacity="0.45"/>` +
    shadow(500, 870, 240, 0.3) +
    place(500, 525, 1, 0, (steam ? vapor(c) : "") + draw(c, "p0"))
  );
}

/** View 1: dark moody backdrop with soft light spots, product tilted and a little larger. */
function moody(c: Colors, draw: Drawer, seed: number): string {
  const r = rng(seed);
  const bg = linear("bg1", [darken(c.b, 0.55), darken(c.a, 0.7)], 1, 1);
  let spots = "";
  for (let i = 0; i < 7; i++) {
    const col = i % 2 === 0 ? c.a : c.b;
    spots += `<circle cx="${f(r() * SIZE)}" cy="${f(r() * SIZE)}" r="${f(50 + r() * 140)}" fill="${col}" `;
    spots += `opacity="${f(0.08 + r() * 0.12)}"/>`;
  }
  const glow =
    `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${lighten(c.a, 0.4)}" ` +
    `stop-opacity="0.55"/><stop offset="1" stop-color="${c.a}" stop-opacity="0"/></radialGradient>`;
  return (
    `<defs>${bg}${glow}${SHADOW_FILTER}</defs><rect width="${SIZE}" height="${SIZE}" fill="url(#bg1)"/>${spots}` +
    `<circle cx="500" cy="500" r="420" fill="url(#glow)"/>` +
    shadow(520, 880, 230, 0.5) +
    place(505, 510, 1.04, -13, draw(c, "p1"))
  );
}

/** View 2: patterned pastel backdrop with three units, as if from a pack or display. */
function lineup(c: Colors, draw: Drawer, seed: number, wide: boolean): string {
  const angle = 20 + (seed % 50);
  const base = lighten(c.b, 0.8);
  const pattern =
    `<pattern id="dots" width="60" height="60" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})">` +
    `<rect width="60" height="60" fill="${base}"/><circle cx="15" cy="15" r="7" fill="${lighten(c.a, 0.55)}"/>` +
    `<circle cx="45" cy="45" r="7" fill="${lighten(c.b, 0.45)}"/></pattern>`;
  const swapped: Colors = { a: c.b, b: c.a };
  const blended: Colors = { a: mix(c.a, c.b, 0.5), b: c.a };
  const backdrop =
    `<defs>${pattern}${SHADOW_FILTER}</defs><rect width="${SIZE}" height="${SIZE}" fill="url(#dots)"/>` +
    `<circle cx="500" cy="520" r="360" fill="${lighten(c.a, 0.9)}" opacity="0.85"/>`;
  if (wide) {
    // Long, flat items are stacked in rows instead of standing side by side.
    return (
      backdrop +
      shadow(500, 850, 220, 0.28) +
      place(470, 215, 0.58, 0, draw(swapped, "p2a")) +
      place(530, 445, 0.58, 0, draw(blended, "p2b")) +
      place(480, 675, 0.58, 0, draw(c, "p2c"))
    );
  }
  return (
    backdrop +
    shadow(280, 790, 140, 0.28) +
    shadow(720, 790, 140, 0.28) +
    shadow(500, 830, 190, 0.32) +
    place(285, 560, 0.6, -14, draw(swapped, "p2a")) +
    place(715, 560, 0.6, 14, draw(blended, "p2b")) +
    place(500, 535, 0.8, 0, draw(c, "p2c"))
  );
}

export function buildDemoSvg(
  product: { name: string; category: string; palette: [string, string] },
  index: number,
): string {
  const c: Colors = { a: product.palette[0], b: product.palette[1] };
  const { draw, steam, wide = false } = pickDrawer(product.category, product.name);
  const seed = hash(product.name);
  const view = ((index % 3) + 3) % 3;
  const body = view === 0 ? studio(c, draw, steam) : view === 1 ? moody(c, draw, seed) : lineup(c, draw, seed, wide);
  // Drawn in a 1000-unit box, rasterized at 800 px: the largest width the store shows.
  const box = `width="${OUTPUT}" height="${OUTPUT}" viewBox="0 0 ${SIZE} ${SIZE}"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" ${box}>${body}</svg>`;
}

export async function renderDemoImage(
  product: { name: string; category: string; palette: [string, string] },
  index: number,
): Promise<Buffer> {
  return sharp(Buffer.from(buildDemoSvg(product, index)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}
