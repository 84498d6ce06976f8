/**
 * Files the gateway reads again when they change (trusted documents' manifests, the consumers and
 * plans files): each is looked at every WATCH_INTERVAL_MS (polled, not inotify: it works on every
 * file system, also for a file a ConfigMap's symlink swap replaces), and a change of its size or
 * modification time is told to `onChange`.
 */
import { unwatchFile, watchFile } from 'node:fs';

/** How often a watched file is looked at for a change. */
export const WATCH_INTERVAL_MS = 1_000;

/** Watches `paths`; returns what stops watching them. */
export function watchFiles(paths: readonly string[], onChange: (path: string) => void): () => void {
  for (const path of paths) {
    watchFile(path, { interval: WATCH_INTERVAL_MS, persistent: false }, (now, before) => {
      if (now.mtimeMs !== before.mtimeMs || now.size !== before.size) onChange(path);
    });
  }
  return () => {
    for (const path of paths) unwatchFile(path);
  };
}
