// Whether the head in place is the server's: a tiny module of its own, part of every first load, while the code that
// writes a head (head.ts) is fetched with the first client navigation.

let serverHead = false;

/** Hydrating a server-rendered page: its head is already right, the first page render keeps it. */
export function keepServerHead(): void {
  serverHead = true;
}

/** Whether the head in place is the server's for this first render (answered once). */
export function takeServerHead(): boolean {
  const kept = serverHead;
  serverHead = false;
  return kept;
}
