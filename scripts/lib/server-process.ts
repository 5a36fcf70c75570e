// The portal as its own process, for the benchmark: started as production starts it (the compiled
// server, configured by its environment), so that its memory is its own and not the seeder's or the
// load generator's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** Memory of a process and its descendants, in bytes, from /proc (Linux). */
export interface Memory {
  /** Resident now (VmRSS): anonymous memory plus the file pages mapped in (binary, libraries, mmap). */
  rss: number;
  /** The part of rss that is anonymous memory (heap, SQLite's page cache). */
  anon: number;
  /** The part of rss that is file pages (the node binary, shared libraries, memory-mapped files). */
  file: number;
  /** Each process's peak resident size (VmHWM), added up. */
  peak: number;
}

const statusField = (status: string, name: string) => {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : 0;
};

/** The process and every descendant, found by each process's parent id. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (field 2) is in parentheses and may hold spaces: the parent id follows it.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while the list was read.
    }
  }
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...(parents.get(all[i]!) ?? []));
  return all;
}

/** The command line of a process, '' if it has ended meanwhile. */
export function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** Memory of `pid` and its descendants (see processTree). */
export function memoryOf(pid: number): Memory {
  const total: Memory = { rss: 0, anon: 0, file: 0, peak: 0 };
  for (const id of processTree(pid)) {
    let status: string;
    try {
      status = fs.readFileSync(`/proc/${id}/status`, 'utf8');
    } catch {
      continue;
    }
    total.rss += statusField(status, 'VmRSS');
    total.anon += statusField(status, 'RssAnon');
    total.file += statusField(status, 'RssFile') + statusField(status, 'RssShmem');
    total.peak += statusField(status, 'VmHWM');
  }
  return total;
}

/** A port nobody listens on now (the server is told it; it cannot take port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  pid: number;
  base: string;
  memory(): Memory;
  /** SIGTERM, as a supervisor stops it; resolves when the process has exited. */
  stop(): Promise<void>;
}

/** Starts `node <args>` with `env` on a free port of 127.0.0.1; resolves once /api/health answers. */
export async function startServer(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`the server (${args.join(' ')}) exited before it answered`);
    const healthy = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    pid: child.pid!,
    base,
    memory: () => memoryOf(child.pid!),
    async stop() {
      if (gone) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
