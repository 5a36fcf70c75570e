// Types of build-server.mjs (plain JavaScript, run by `npm run build` without a compiler).
export declare const EXTERNAL: string[];
export declare function buildServer(options?: { outDir?: string }): Promise<string>;
