// V8 heap settings of the production server, in one place: `npm start` passes them (package.json,
// held equal to this list by scripts/start.test.ts) and the benchmark gives them to the server it
// measures. Node's defaults let the young generation grow to two 16 MB semi-spaces and the old one
// to about four times what it holds before a collection; after a webhook burst that put the server
// at 185–190 MB, over the 150 MB aim. 4 MB semi-spaces (8 MB held until the reads of issue 10
// pushed the peak to 156 MB) and a 1.5× growing factor keep it under, for a few percent more time
// in scavenges (docs/performance.md, decisions/017).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=50'];
