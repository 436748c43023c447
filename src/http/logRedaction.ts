/** Query parameters whose values are secrets by their name (api_key, token, password, ...). */
const SECRET_PARAM = /^(?:x[-_])?(?:api[-_]?key|key|token|access[-_]?token|secret|password|passwd|session|auth|authorization)$/i;
/** A Larder key anywhere in a URL (a path segment, a parameter of another name). */
const API_KEY_ANYWHERE = /svc_live_[0-9a-fA-F]{8,}/g;

/**
 * The URL as it may be logged: a key is sent in the x-api-key header, but a client that puts
 * it in the query (`?api_key=`) must not have it written to the logs. Values of secret-named
 * parameters and anything shaped like a key become `[redacted]`.
 */
export function redactUrl(url: string): string {
  let out = url.replace(API_KEY_ANYWHERE, '[redacted]');
  const q = out.indexOf('?');
  if (q === -1) return out;
  const query = out
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as sent.
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  out = `${out.slice(0, q)}?${query}`;
  return out;
}
