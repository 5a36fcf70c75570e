// V8 heap settings of the production server, in one place: `npm start` passes them (package.json,
// held equal to this list by scripts/start.test.ts) and the benchmark gives them to the server it
// measures. Node's defaults let the young generation grow to two 16 MB semi-spaces and the old one
// to about four times what it holds before a collection; after a webhook burst that put the server
// at 185–190 MB, over the 150 MB aim. 4 MB semi-spaces (8 MB held until the reads of issue 10
// pushed the peak to 156 MB) and a 1.5× growing factor keep it under, for a few percent more time
// in scavenges (docs/performance.md, decisions/017). At a million orders the server still held
// 155–169 MB, V8's heap 64–74 MB of it for some 30 MB live (decisions/045): the old generation now
// grows by a quarter of what it holds after a collection, not a half. And two V8 worker threads
// instead of Node's four: each thread that allocates gets a malloc arena of its own (about 3 MB each
// after the bench's reads, kept mostly free), and V8's background work (concurrent marking,
// compiling) has two cores at most where the server is measured.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=25', '--v8-pool-size=2'];

// The C library's side, as the environment of the server process (glibc reads it only when the
// process starts, so it is set before node runs: `npm start`'s command line, the Dockerfile's ENV,
// the benchmark's and the soak's server processes). glibc gives each thread that allocates an arena
// of its own, up to eight per core; the server's threads (V8's two workers, libuv's four, SQLite's
// and the compression's callers) each kept a few MB of mostly free heap after an export of a million
// earnings. Two arenas are shared by them all: the same work, a few MB less held (decisions/045).
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
