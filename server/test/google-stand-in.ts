import { OAuth2Server } from "oauth2-mock-server";

export interface GoogleIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface GoogleStandIn {
  /** The issuer to put in GOOGLE_ISSUER. */
  issuer: string;
  /** Who "signs in with Google" next (claims of the ID token). */
  signInAs: (identity: GoogleIdentity) => void;
  /** Changes the next ID token's claims after the fact (e.g. a wrong nonce). */
  tamperNextIdToken: (change: (payload: Record<string, unknown>) => void) => void;
  stop: () => Promise<void>;
}

/**
 * A local OpenID provider (oauth2-mock-server) standing in for Google in tests: discovery, an
 * authorize endpoint that answers at once, a token endpoint checking PKCE and echoing the nonce.
 */
export async function startGoogleStandIn(port = 0): Promise<GoogleStandIn> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(port, "127.0.0.1");
  const issuer = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuer;
  let identity: GoogleIdentity = { sub: "google-default", email: "default@example.com", email_verified: true, name: "Default Person" };
  let tamper: ((payload: Record<string, unknown>) => void) | null = null;
  server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, identity);
    // Only the ID token carries a nonce: tamper with that one.
    if (tamper && "nonce" in token.payload) {
      tamper(token.payload);
      tamper = null;
    }
  });
  return {
    issuer,
    signInAs: (next) => {
      identity = next;
    },
    tamperNextIdToken: (change) => {
      tamper = change;
    },
    stop: () => server.stop(),
  };
}
