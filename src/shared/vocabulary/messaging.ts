// The sizes of messages and of their pages.
// No zod here: the shell and the dashboard show these without loading the schemas (vite.config.ts).

export const MESSAGE_MAX_LENGTH = 5000;

export const MESSAGE_PAGE_SIZE = 30;
export const MESSAGE_PAGE_MAX = 100;
