/** The one method of the Barcode Detection API the scanner uses. */
export type QrDecoder = {
  detect(source: HTMLVideoElement): Promise<ReadonlyArray<{ rawValue: string }>>;
};

type NativeDetectorClass = {
  new (options: { formats: string[] }): QrDecoder;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * Whether this document may compile WebAssembly. The server allows it
 * ('wasm-unsafe-eval') only in the Content-Security-Policy of the /counter
 * document (docs/api.md), and a policy is fixed when a document loads.
 */
export function canCompileWasm(): boolean {
  try {
    // The smallest valid module: the magic number and version 1.
    new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
    return true;
  } catch {
    return false;
  }
}

/**
 * A QR decoder: the browser's own BarcodeDetector where it reads QR codes
 * (Chrome on Android, Safari on macOS), else the ZXing-C++ WebAssembly
 * polyfill with the same API, loaded only now (its own chunk and .wasm).
 */
export async function createQrDecoder(): Promise<QrDecoder> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      if ((await Native.getSupportedFormats()).includes("qr_code")) return new Native({ formats: ["qr_code"] });
    } catch {
      // A stub without a working backend (some desktop builds): use the polyfill.
    }
  }
  if (!canCompileWasm()) {
    throw new Error("this document's policy forbids WebAssembly");
  }
  const { createZxingDecoder } = await import("./zxing-decoder");
  return createZxingDecoder();
}
