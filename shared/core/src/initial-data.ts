import { INITIAL_DATA_ID } from '@vitrine/contracts';

/**
 * API answers the server embedded in the page it sent (`<script id="vt-initial-data"
 * type="application/json">{ "<api path>": <answer body> }</script>`, see
 * services/api/src/plugins/seo-pages.ts). The first GET of each path is answered from
 * it, so a visitor's first page makes no API call — and does not even need axios.
 * Each answer is used once: navigating back to the page fetches fresh data.
 */

let entries: Map<string, unknown> | null = null;

function load(): Map<string, unknown> {
  if (entries) return entries;
  entries = new Map();
  if (typeof document === 'undefined') return entries;
  const script = document.getElementById(INITIAL_DATA_ID);
  if (!script?.textContent) return entries;
  try {
    for (const [path, body] of Object.entries(JSON.parse(script.textContent) as Record<string, unknown>)) {
      entries.set(path, body);
    }
  } catch {
    // a broken blob only costs the API calls it would have saved
  }
  script.remove();
  return entries;
}

/** The embedded answer for this API path, once. */
export function takeInitialData(path: string): unknown {
  const map = load();
  const body = map.get(path);
  if (body !== undefined) map.delete(path);
  return body;
}
