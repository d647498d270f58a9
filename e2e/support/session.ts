// A session is a bearer token and its proof, the HttpOnly `vt_session` cookie set at sign-in: the API refuses a
// token alone. Calls made from the test's side (outside the browser) send the proof that went with each token.

const proofs = new Map<string, string>();

/** Keeps `cookie` (`vt_session=…`) as the proof of `token`. */
export function keepProof(token: string, cookie: string): void {
  proofs.set(token, cookie);
}

/** The Cookie header that goes with `token`, if known. */
export function proofOf(token: string): string | undefined {
  return proofs.get(token);
}
