// Names, in the built index.html, the script files of the signed-in shell and of the dashboard, so that
// public/early-start.js can start their download beside the entry's when the browser holds a session token.
// Without it they wait for the entry (the largest file) to download and run, and on a phone that is about a
// second before the shell's first file is even asked for.
import type { Plugin } from 'vite';

/** What the plugin reads of a built chunk: its file, the module it stands for and its static imports. */
export type BuiltChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId?: string | null;
  imports: string[];
};
export type BuiltBundle = Record<string, BuiltChunk | { type: 'asset'; fileName: string }>;

/**
 * The source modules (relative to the web root) behind each list: what the page's heading needs. The header's
 * menus (app/shell/header-controls.tsx, with Radix) are left to load after the entry, as before, so that on a
 * slow connection they do not share its bandwidth.
 */
export const SIGNED_IN_MODULES = {
  shell: ['app/shell/app-shell.tsx'],
  dashboard: ['features/dashboard/dashboard-screen.tsx'],
};

/**
 * The files a browser fetches for these modules' chunks, each with its static imports, transitively, leaving
 * out what the entry already brings. Paths are the site's ('/assets/…').
 */
export function chunkFilesFor(bundle: BuiltBundle, modules: string[], entryFile: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is BuiltChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (starts: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
    };
    starts.forEach(visit);
    return seen;
  };
  const starts = modules.map((module) => {
    const chunk = chunks.find((candidate) =>
      candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/web/${module}`),
    );
    if (!chunk) throw new Error(`The build has no chunk of its own for ${module}`);
    return chunk.fileName;
  });
  const loadedWithEntry = closure([entryFile]);
  return [...closure(starts)].filter((file) => !loadedWithEntry.has(file)).map((file) => `/${file}`);
}

const EARLY_START_TAG = '<script src="/early-start.js"></script>';

export function signedInPreload(): Plugin {
  return {
    name: 'clinic-signed-in-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle || !context.chunk) return html;
        if (!html.includes(EARLY_START_TAG)) throw new Error(`index.html lost its tag ${EARLY_START_TAG}`);
        const bundle = context.bundle as unknown as BuiltBundle;
        const entry = context.chunk.fileName;
        const shell = chunkFilesFor(bundle, SIGNED_IN_MODULES.shell, entry);
        // Each file once: what the shell already names is not named again for the dashboard.
        const dashboard = chunkFilesFor(bundle, SIGNED_IN_MODULES.dashboard, entry).filter(
          (file) => !shell.includes(file),
        );
        return html.replace(
          EARLY_START_TAG,
          `<script src="/early-start.js" data-shell="${shell.join(' ')}" data-dashboard="${dashboard.join(' ')}"></script>`,
        );
      },
    },
  };
}
