/**
 * Writes brotli (.br) and gzip (.gz) copies of the built client assets, at the strongest settings,
 * once per build: the server sends them as they are (app/.server/static/assets.ts) instead of
 * compressing every response. Run by `npm run build`.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { COMPRESSIBLE_ASSET } from "../app/.server/static/assets";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const dir = path.join(process.env.BUILD_DIR || "build", "client", "assets");
const names = (await fs.readdir(dir)).filter((name) => COMPRESSIBLE_ASSET.test(name));
let before = 0;
let after = 0;
await Promise.all(
  names.map(async (name) => {
    const file = path.join(dir, name);
    const body = await fs.readFile(file);
    if (body.length < 1024) return;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    before += body.length;
    after += br.length;
  }),
);
console.log(
  `precompressed ${names.length} assets: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB (brotli)`,
);
