/**
 * The Content-Security-Policy of the app's page, the same in Electron (app:// responses) and the browser
 * host: only our own scripts, no remote content of any kind, no plugins, no framing, no forms.
 */

/** Directives; `extraConnect` adds origins such as the dev server's websocket (development only). */
export function contentSecurityPolicy(options: { readonly extraConnect?: readonly string[] } = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    // Monaco and vite inject <style> elements at run time; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // The core runs in a web worker; vite may hand it over as a blob in some builds.
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...(options.extraConnect ?? [])],
    // The page has no frame of any kind (the preview is sanitised HTML in the page; exports open in a tab or the system app).
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Headers every response of the page's origin carries. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), bluetooth=()',
  };
}
