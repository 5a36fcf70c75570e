// Types of build-stamp.mjs (plain JavaScript, so that `npm start` runs it without a compiler).
export declare const BUILD_OUTPUTS: string[];
export declare const STAMP_FILE: string;
export declare function sourceFingerprint(root: string): string;
export declare function readStamp(root: string): string | undefined;
export declare function writeStamp(root: string, fingerprint: string): void;
export declare function removeStamp(root: string): void;
export declare function staleBuildReason(root: string): string | undefined;
