import { ZXING_WASM_VERSION } from "barcode-detector/ponyfill";
import { describe, expect, it } from "vitest";

// The zxing-wasm package whose .wasm lib/zxing-decoder.ts serves (its exports
// map hides package.json from a plain import).
const served = import.meta.glob<string>("/node_modules/zxing-wasm/package.json", { eager: true, import: "version" });

describe("the ZXing module the counter serves", () => {
  it("is the version barcode-detector's glue code was built for", () => {
    // The .wasm's exports must match the JS that calls them: bump barcode-detector and zxing-wasm together.
    expect(Object.values(served)).toEqual([ZXING_WASM_VERSION]);
  });
});
