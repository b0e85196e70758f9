// Public surface of the counter feature (docs/product.md#roles-and-permissions and
// docs/product.md#route-table, docs/operations.md#at-the-counter).

// The counter page with its camera scanner: its own chunk, loaded on first
// visit of /counter only (app/router.tsx); the QR decoder loads later still,
// when the camera starts.
export const loadCounterPage = () => import("./components/counter-page").then((m) => m.CounterPage);
