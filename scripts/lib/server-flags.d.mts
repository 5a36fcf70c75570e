// Types of server-flags.mjs (plain JavaScript, read by the launcher's package script and the bench).
export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_ENV: Record<string, string>;
