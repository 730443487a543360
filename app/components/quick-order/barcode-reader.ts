import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

/**
 * Reads barcodes off the camera's picture for quick order's scanner (issue 38). Loaded only when
 * the person presses "Scan a barcode" (a dynamic import), so no page's first download carries it.
 * The browser's own BarcodeDetector where it exists and reads product barcodes (Android, macOS,
 * ChromeOS); else the barcode-detector package's ponyfill, which runs ZXing compiled to
 * WebAssembly. Its decoder file is served by this store from /assets (Vite copies it out of
 * node_modules at build time, `?url`): the package would fetch it from a CDN by default, and the
 * page's Content-Security-Policy would refuse that anyway (connect-src 'self').
 */

/** What is printed on boxes: retail barcodes, the cases' ITF-14, and Code 128 labels carrying a SKU. */
const FORMATS = ["ean_13", "ean_8", "upc_a", "itf", "code_128"];

export interface BarcodeReader {
  /** The first barcode in the picture, or null when none is read. */
  read(source: HTMLVideoElement): Promise<string | null>;
}

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

function readerOf(detector: Detector): BarcodeReader {
  return {
    async read(source) {
      // A frame that cannot be read yet (the video is still starting) is no barcode.
      const found = await detector.detect(source).catch(() => []);
      return found.find((b) => b.rawValue.trim() !== "")?.rawValue.trim() ?? null;
    },
  };
}

/** The browser's own detector, when it reads some of FORMATS. */
async function nativeReader(): Promise<BarcodeReader | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
  const formats = FORMATS.filter((f) => supported.includes(f));
  return formats.length ? readerOf(new Native({ formats })) : null;
}

/** A reader, or an error when neither the browser nor the decoder can read barcodes here. */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const native = await nativeReader();
  if (native) return native;
  const { BarcodeDetector, prepareZXingModule } = await import("barcode-detector/ponyfill");
  // The decoder is compiled now, so a browser that cannot run it is told at once.
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return readerOf(new BarcodeDetector({ formats: FORMATS as ("ean_13" | "ean_8" | "upc_a" | "itf" | "code_128")[] }));
}
