/** The Chromium binary: `CHROMIUM_PATH`, else Debian's package. */
export declare const CHROMIUM_PATH: string;
/** The flags Chromium needs on these machines (scripts/chromium.mjs says why). */
export declare const CHROMIUM_FLAGS: readonly string[];
