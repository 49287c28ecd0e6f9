import type { FastifyHelmetOptions } from "@fastify/helmet";
import type { Config } from "../config";

/**
 * The security headers of every answer (API, downloads, the web app, errors), set by @fastify/helmet.
 * The CSP fits the built web app: scripts only from its own files (index.html has no inline script);
 * styles inline too, because Mantine writes its CSS variables and responsive props into <style>
 * elements at run time; the live channel is a WebSocket to the same origin (/api/ws).
 * Over https (the same rule as secure cookies: production or an https PUBLIC_URL) browsers are also
 * told to keep to https (HSTS, upgrade-insecure-requests); over plain http these would break the site.
 */
export function securityHeaders(config: Pick<Config, "publicUrl" | "secureCookies">): FastifyHelmetOptions {
  const https = config.secureCookies;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "script-src": ["'self'"],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        // 'self' covers ws(s): of the page's own host in current browsers; older ones need it named.
        "connect-src": ["'self'", ...liveChannelOrigin(config.publicUrl)],
        "object-src": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "upgrade-insecure-requests": https ? [] : null,
      },
    },
    xFrameOptions: { action: "deny" },
    // Not 'no-referrer': with it a browser sends `Origin: null` on same-origin POSTs, which the
    // cross-site request check would have to refuse.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/** ws://host or wss://host of PUBLIC_URL, where the web app opens the live channel. */
function liveChannelOrigin(publicUrl: string): string[] {
  if (!URL.canParse(publicUrl)) return [];
  const url = new URL(publicUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return [url.origin];
}
