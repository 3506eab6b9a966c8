/** Replaced at build time by vite.config.ts with package.json's version; absent where no build ran (unit tests). */
declare const __APP_VERSION__: string;
