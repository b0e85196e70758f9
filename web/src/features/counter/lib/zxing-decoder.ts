import { BarcodeDetector, prepareZXingModule } from "barcode-detector/ponyfill";
// The .wasm ships with the app (a hashed file under /assets/) and loads from
// our own origin, never from the library's default CDN.
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import type { QrDecoder } from "./decoder";

/**
 * The barcode-detector polyfill (ZXing-C++ compiled to WebAssembly), set up to
 * fetch its module from our origin. Resolves once the module is compiled,
 * so a failure shows at start, not on the first frame.
 */
export async function createZxingDecoder(): Promise<QrDecoder> {
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ["qr_code"] });
}
